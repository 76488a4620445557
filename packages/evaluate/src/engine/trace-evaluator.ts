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
import { MAX_RUNS, runVerdicts } from "./runs.js";
import { type CompiledTrace, compileTrace } from "./trace-compile.js";
import { notifier } from "./trace-notify.js";
import { type Reporting, type TraceMatch, TraceState } from "./trace-state.js";

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
  /**
   * Pushes every message of a (sync or async) iterable, to its end: coverage counts and the
   * verdicts are the whole trace's, whoever reads it and however it is split (`--jobs`).
   */
  pushAll(messages: Iterable<TraceMessage> | AsyncIterable<TraceMessage>): Promise<void>;
  /** Marks the trace as cut short: undecided indicators become `error` with `reason`. */
  fail(reason: string): void;
  /** Number of messages pushed so far. */
  readonly count: number;
  /**
   * True once every indicator of every document has its final verdict, in a trace whose
   * messages carry no run key (with run keys a later message may start another run: never).
   * A live consumer may stop there; later messages still add to the coverage counts.
   */
  readonly done: boolean;
  /**
   * The attack verdict of each document (in the given order), as of the messages so far, with
   * its coverage; with run keys, the summary of the runs with each run's verdict (`runs`).
   */
  verdicts(): TraceVerdict[];
}

/** What evaluateTrace needs of an evaluator: all of it but `pushAll`. */
export type TraceRuns = Omit<TraceEvaluator, "pushAll">;

const FIRST: Reporting = { alerts: "first" };

/**
 * An evaluator of one trace's runs, each with its own evaluation state (a run is judged on
 * its own messages: runs.ts); `reportingOf` says how a run reports its matches
 * (createTraceEvaluator's `onMatch`).
 */
export function traceRuns(
  compiled: CompiledTrace,
  reportingOf = (_run: string): Reporting => FIRST,
): TraceRuns {
  const runs = new Map<string, { state: TraceState; reporting: Reporting }>();
  let keyed = false;
  let count = 0;
  let overflow = 0;
  const runOf = (run: string) => {
    let entry = runs.get(run);
    if (entry === undefined && runs.size < MAX_RUNS) {
      entry = { state: new TraceState(compiled), reporting: reportingOf(run) };
      runs.set(run, entry);
    }
    return entry;
  };
  return {
    push(message) {
      const index = count++;
      let run: unknown;
      try {
        // `in` first (trace-state.ts readMessage says why); a message that is no object throws.
        if ("run" in message) run = message.run;
      } catch {} // an unreadable run key: the unnamed run's
      if (typeof run === "string") keyed = true;
      const entry = runOf(typeof run === "string" ? run : "");
      if (entry === undefined) overflow++;
      else entry.state.push(message, entry.reporting, index);
    },
    fail(reason) {
      if (runs.size === 0) runOf("");
      for (const { state } of runs.values()) state.fail(reason);
    },
    get count() {
      return count;
    },
    get done() {
      return !keyed && (runs.get("")?.state.done ?? compiled.live === 0);
    },
    verdicts: () => {
      const tallies = new Map([...runs].map(([run, { state }]) => [run, state.tallies]));
      return runVerdicts(compiled, tallies, overflow);
    },
  };
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
  const evaluator = traceRuns(
    compiled,
    // Anything but a function could not be called (a throwing callback is ignored).
    typeof onMatch !== "function"
      ? undefined
      : (run) => ({
          alerts: "first",
          notify: notifier(compiled, onMatch, undefined, run === "" ? undefined : run),
        }),
  );
  return Object.assign(evaluator, {
    async pushAll(messages: Iterable<TraceMessage> | AsyncIterable<TraceMessage>) {
      try {
        for await (const message of messages) evaluator.push(message);
      } catch (thrown) {
        evaluator.fail(
          `the trace could not be read after ${evaluator.count} message(s): ${describeThrown(thrown)}`,
        );
      }
    },
  });
}
