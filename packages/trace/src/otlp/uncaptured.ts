// The tally of content OTLP spans did not carry, said once at the end of the trace, per method
// and per kind of gap: "12 of 40 tools/call spans carry no arguments". The messages carry the
// same gaps as `uncaptured` (the engine's concern); this is the reader's own account of them.
import type { TraceRecord } from "../record.js";
import { traceDiagnostic } from "../record.js";
import type { Exchange } from "./exchange.js";

/** Methods tallied apart at most; the others are tallied together (a peer names methods). */
const MAX_METHODS = 64;
const OTHER = "(other methods)";

interface MethodTally {
  spans: number;
  /** What was missing (a phrase) → how many spans lacked it. */
  gaps: Map<string, number>;
}

export class UncapturedTally {
  #methods = new Map<string, MethodTally>();

  count(exchange: Exchange, partialResult: boolean): void {
    const key =
      this.#methods.has(exchange.method) || this.#methods.size < MAX_METHODS
        ? exchange.method
        : OTHER;
    let tally = this.#methods.get(key);
    if (tally === undefined) {
      tally = { spans: 0, gaps: new Map() };
      this.#methods.set(key, tally);
    }
    tally.spans++;
    const gaps = [];
    if (exchange.paramsMissing.length > 0) gaps.push(paramsGap(exchange.paramsMissing));
    if (exchange.resultMissing.length > 0)
      gaps.push(
        partialResult
          ? `only part of the result (not ${exchange.resultMissing.join(", ")})`
          : "no result",
      );
    for (const gap of gaps) tally.gaps.set(gap, (tally.gaps.get(gap) ?? 0) + 1);
  }

  /** One warning per method and gap, in the order they were first seen. */
  report(out: TraceRecord[]): void {
    for (const [method, tally] of this.#methods)
      for (const [gap, count] of tally.gaps) {
        const message = `${count} of ${tally.spans} ${method} spans carry ${gap}: indicators on it cannot see those calls (turn content capture on in the instrumentation)`;
        out.push({
          kind: "diagnostic",
          diagnostic: traceDiagnostic("T-OTLP", message),
        });
      }
  }
}

function paramsGap(missing: string[]): string {
  if (missing.includes("")) return "no params";
  const redacted = missing.some((path) => path.startsWith("arguments."));
  return redacted ? `no ${missing.join(", ")} (redacted)` : `no ${missing.join(", ")}`;
}
