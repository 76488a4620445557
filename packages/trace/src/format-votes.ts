// Telling a trace's format by what most of its first lines show, so that no one line decides
// it: one side of a recording is the attacker, and a peer that writes a whole line (a stdio
// server in a bare JSON-RPC capture) could otherwise put an AG-UI-looking line first and have
// every real line read as AG-UI, unjudged. The lines that show another format are said.
import { type TraceFormat, type TraceRecord, traceDiagnostic } from "./record.js";

/** The formats a line can show (a HAR is told by its opening, not by lines). */
const LINE_FORMATS = ["oatf", "jsonrpc", "ag_ui", "thoughtjack"] as const;

interface Vote {
  format: TraceFormat;
  line: number;
}

/**
 * The formats the first lines show, one vote a line (an SSE event: one, at its first `data:`
 * line). The most votes win; a tie goes to the format shown first, except that the SDK's own
 * shape loses every tie (its lines are valid synthetic lines of a JSON-RPC log).
 */
export class FormatVotes {
  readonly #votes: Vote[] = [];
  readonly #count = new Map<TraceFormat, number>();
  readonly #first = new Map<TraceFormat, number>();

  add(format: TraceFormat, line: number): void {
    this.#votes.push({ format, line });
    this.#count.set(format, (this.#count.get(format) ?? 0) + 1);
    if (!this.#first.has(format)) this.#first.set(format, line);
  }

  /** The format the votes so far choose; undefined without votes. */
  winner(): TraceFormat | undefined {
    let best: TraceFormat | undefined;
    for (const format of this.#count.keys())
      if (best === undefined || this.#beats(format, this.#count.get(format)!, best)) best = format;
    return best;
  }

  /** Whether `more` votes yet to come (at most one a line) could not change the winner. */
  settled(more: number): boolean {
    const winner = this.winner();
    if (winner === undefined) return false;
    return LINE_FORMATS.every(
      (format) =>
        format === winner || !this.#beats(format, (this.#count.get(format) ?? 0) + more, winner),
    );
  }

  /** Whether `format` with `count` votes beats `other` with its votes. */
  #beats(format: TraceFormat, count: number, other: TraceFormat): boolean {
    const against = this.#count.get(other) ?? 0;
    if (count !== against) return count > against;
    if ((format === "oatf") !== (other === "oatf")) return other === "oatf";
    // A format not shown yet would be shown after every one that was.
    const first = this.#first.get(format) ?? Number.POSITIVE_INFINITY;
    return first < this.#first.get(other)!;
  }

  /**
   * What is said of each line that showed another format than `format` (an OATF line in a
   * JSON-RPC log is one of its synthetic lines), in line order: the line is still read as
   * `format`, whose reader says what it makes of it.
   */
  dissent(format: TraceFormat): { line: number; record: TraceRecord }[] {
    const shown = this.#count.get(format) ?? 0;
    return this.#votes
      .filter((v) => v.format !== format && !(v.format === "oatf" && format === "jsonrpc"))
      .sort((a, b) => a.line - b.line)
      .map(({ format: other, line }) => {
        const message = `this line shows the ${other} format, but the trace is read as ${format}, which ${shown} of its first lines show (the format option, --trace-format, reads it otherwise)`;
        const diagnostic = traceDiagnostic("T-FORMAT-MIXED", message, line);
        return { line, record: { kind: "diagnostic" as const, diagnostic } };
      });
  }
}
