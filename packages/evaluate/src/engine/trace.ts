// Trace evaluation (format §6, "trace-filtering procedure"): every indicator is run
// over the messages of an observed trace that match its protocol, surface, actor and
// direction; it matches if any of them matches.
import type { Document } from "@oatf/model";
import type { TraceMessage } from "../base/message.js";
import { readOptions } from "../base/options.js";
import { describeThrown } from "../compile/compile-error.js";
import type { TraceVerdict } from "./coverage.js";
import type { IndicatorEvaluators } from "./indicator.js";
import { compileTrace } from "./trace-compile.js";
import { traceRuns } from "./trace-evaluator.js";

export interface EvaluateTraceOptions extends IndicatorEvaluators {
  /** Verdict `source`: the tool producing the verdicts. */
  source?: string;
}

/**
 * Evaluates every indicator of `document` over a trace (SDK §4.4 per message, format §6
 * trace filtering) and computes the attack verdict (SDK §4.5). Each matched indicator's
 * evidence names the first message that matched: by its 1-based source `line` when the
 * message has one (messages from the trace readers do), else by its 0-based position.
 * Runs in one pass over `messages`, which may be any iterable (e.g. a streamed JSONL file).
 * The one-document case of `createTraceEvaluator`; `coverage` says, per indicator, how many
 * messages it was evaluated on and in how many its target resolved.
 */
export function evaluateTrace(
  document: Document,
  messages: Iterable<TraceMessage>,
  options: EvaluateTraceOptions = {},
): TraceVerdict {
  const { source, cel, semantic } = readOptions(options, ["source", "cel", "semantic"]);
  // createTraceEvaluator without what only a live consumer needs (onMatch, pushAll).
  const evaluator = traceRuns(compileTrace([document], { cel, semantic }, source));
  try {
    for (const message of messages) evaluator.push(message);
  } catch (thrown) {
    // The trace stopped part-way (a failing stream): what was not read is unknown.
    evaluator.fail(
      `the trace could not be read after message ${evaluator.count - 1}: ${describeThrown(thrown)}`,
    );
  }
  return evaluator.verdicts()[0]!;
}
