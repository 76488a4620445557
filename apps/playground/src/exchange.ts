// The trace's verdict, and the exchange the sequence diagram draws (issue 37 §6): which
// message first matched each indicator (the evaluator's `onMatch`, called during `push`), and
// the messages the picture can show: the first ones and the matched ones, each with its trace
// position. The drawing (@oatf/diagrams, which also cuts what it shows of each message) runs
// on the page, in a chunk of its own.
import type { SequenceMatch, SequenceMessage } from "@oatf/diagrams";
import { createTraceEvaluator, type Document, type TraceMessage, type TraceVerdict } from "oatf";

/** Messages sent from the start of the trace (the picture draws at most 400 rows). */
const FIRST = 400;

export interface Exchange {
  /** The first FIRST messages and every matched one, each with its trace position as `index`. */
  messages: SequenceMessage[];
  matches: SequenceMatch[];
  /** Messages in the whole trace. */
  total: number;
}

/** `evaluateTrace` with the exchange beside it. */
export function evaluateExchange(
  document: Document,
  messages: readonly TraceMessage[],
): { verdict: TraceVerdict; exchange: Exchange } {
  const matches: SequenceMatch[] = [];
  let position = 0;
  const evaluator = createTraceEvaluator([document], {
    source: "oatf-playground",
    onMatch: ({ verdict: { indicator_id, evidence } }) =>
      matches.push({ indicator_id, message: position, evidence }),
  });
  for (; position < messages.length && !evaluator.done; position++)
    evaluator.push(messages[position] as TraceMessage);
  const verdict = evaluator.verdicts()[0] as TraceVerdict;
  const shown = new Set(matches.map((match) => match.message));
  for (let index = 0; index < Math.min(FIRST, messages.length); index++) shown.add(index);
  // Each with its trace position; the page's chunk cuts what it shows of them.
  const selected = [...shown]
    .sort((a, b) => a - b)
    .map((index): SequenceMessage => ({ ...(messages[index] as TraceMessage), index }));
  return { verdict, exchange: { messages: selected, matches, total: messages.length } };
}
