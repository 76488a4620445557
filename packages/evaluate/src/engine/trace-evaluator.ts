// Streaming trace evaluation of many documents (format §6 trace filtering, SDK §4.4 per
// message, SDK §4.5 verdicts): messages are pushed one at a time, each reaches only the
// indicators whose protocol, surface and direction can accept it, and verdicts can be read
// at any moment. The compiled documents (trace-compile.ts) and the trace's state
// (trace-state.ts) are apart, so a monitor (monitor.ts) shares one compilation between
// sessions. `evaluateTrace` is the one-document case.
import type { Document } from "@oatf/model";
import type { TraceMessage } from "../base/message.js";
import { readOptions } from "../base/options.js";
import { describeThrown } from "../compile/compile-error.js";
import type { TraceVerdict } from "./coverage.js";
import type { IndicatorEvaluators } from "./indicator.js";
import { compileTrace } from "./trace-compile.js";
import { type TraceMatch, TraceState, verdictsOf } from "./trace-state.js";

export { CANDIDATE_CACHE_SIZE, MAX_CACHED_OPERATION_LENGTH } from "./trace-compile.js";
export { describeMessage, type TraceMatch } from "./trace-state.js";

export interface TraceEvaluatorOptions extends IndicatorEvaluators {
  /** Verdict `source`: the tool producing the verdicts. */
  source?: string;
  /** Called once per indicator, when a message first matches it. */
  onMatch?: (match: TraceMatch) => void;
}

export interface TraceEvaluator {
  /** Evaluates one message against every indicator still undecided. Never throws. */
  push(message: TraceMessage): void;
  /** Pushes every message of a (sync or async) iterable, stopping early once `done`. */
  pushAll(messages: Iterable<TraceMessage> | AsyncIterable<TraceMessage>): Promise<void>;
  /** Marks the trace as cut short: undecided indicators become `error` with `reason`. */
  fail(reason: string): void;
  /** Number of messages pushed so far. */
  readonly count: number;
  /** True once every indicator of every document has its final verdict. */
  readonly done: boolean;
  /** The attack verdict of each document (in the given order), as of the messages so far, with its coverage. */
  verdicts(): TraceVerdict[];
}

/**
 * Compiles every indicator of `documents` once and returns an evaluator to push trace
 * messages into (format §6 trace filtering per indicator; SDK §4.5 per document).
 */
export function createTraceEvaluator(
  documents: readonly Document[],
  options: TraceEvaluatorOptions = {},
): TraceEvaluator {
  const { source, cel, semantic, onMatch } = readOptions(options, [
    "source",
    "cel",
    "semantic",
    "onMatch",
  ]);
  const compiled = compileTrace(documents, { cel, semantic }, source);
  const state = new TraceState(compiled);
  const reporting = { alerts: "first" as const, ...(onMatch === undefined ? {} : { onMatch }) };
  const fail = (reason: string) => state.fail(reason);
  return {
    push: (message) => state.push(message, reporting),
    async pushAll(messages) {
      try {
        for await (const message of messages) {
          if (state.done) break;
          state.push(message, reporting);
        }
      } catch (thrown) {
        fail(
          `the trace could not be read after ${state.count} message(s): ${describeThrown(thrown)}`,
        );
      }
    },
    fail,
    get count() {
      return state.count;
    },
    get done() {
      return state.done;
    },
    verdicts: () => verdictsOf(compiled, state.tallies),
  };
}
