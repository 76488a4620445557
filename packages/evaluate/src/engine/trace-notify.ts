// A match as `onMatch` receives it (createTraceEvaluator, the monitor): apart from the trace
// state, so that a bundle that only calls evaluateTrace leaves it out.
import type { CompiledTrace } from "./trace-compile.js";
import type { Notify, TraceMatch } from "./trace-state.js";

/** Reports each match of `compiled`'s indicators to `onMatch`, with its session and run. */
export function notifier(
  compiled: CompiledTrace,
  onMatch: (match: TraceMatch) => void,
  session: string | undefined,
  run: string | undefined,
): Notify {
  return (scan, verdict, message, position) => {
    const document = compiled.given[scan.document]!;
    const match: TraceMatch = {
      document,
      indicator: document.attack.indicators![scan.indicator]!,
      documentIndex: scan.document,
      indicatorIndex: scan.indicator,
      verdict,
      position,
      message,
    };
    if (session !== undefined) match.session = session;
    if (run !== undefined) match.run = run;
    try {
      onMatch(match);
    } catch {} // a throwing callback must not stop the evaluation
  };
}
