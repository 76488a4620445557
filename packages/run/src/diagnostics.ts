// What a run reports besides its recording: problems with the document, the options, the
// agent or the wire, each with a code, and where in the run it happened. A run never throws
// on bad input (a document, an agent, a peer): everything lands here.
import type { Diagnostic, GenerationError } from "@oatf/model";

/** The codes a run reports itself (the SDK's own diagnostics keep their rule id as code). */
export type RunDiagnosticCode =
  /** The document could not be loaded (its parse or validation errors follow). */
  | "run/document"
  /** An option is invalid or unsafe (a remote address without `allowRemote`, ...). */
  | "run/options"
  /** A mode, key, action or method the runner does not execute. */
  | "run/unsupported"
  /** A key outside the binding that the runner supports as an extension (documented). */
  | "run/extension"
  /** A `synthesize` block that could not be served (no provider, or a GenerationError). */
  | "run/synthesize"
  /** The agent under test: its command, its endpoint, its answers. */
  | "run/agent"
  /** A peer's message that is not what the protocol allows (malformed, too large, unknown). */
  | "run/wire"
  /** A bound was reached (messages, sessions, queued notifications, stream events). */
  | "run/limit"
  /** The run timed out before every actor was done. */
  | "run/timeout"
  /** A `log` entry action. */
  | "run/log"
  /** A server under test (mcp_client / a2a_client actors): its address, command or answers. */
  | "run/server"
  /**
   * An `mcp_server` state whose explicit `capabilities` leave out what the state serves
   * (`tools`, `resources`, `prompts`): sent verbatim, so a client may never ask for them.
   */
  | "run/capabilities";

export interface RunDiagnostic {
  severity: "error" | "warning" | "info";
  /** A run code (`run/...`) or the SDK rule id of the diagnostic it carries (`W-004`, `V-001`). */
  code: string;
  message: string;
  /** The actor and phase it happened in, when it happened in one. */
  actor?: string;
  phase?: string;
  /** Dot-path in the document, when the problem is at a place in it. */
  path?: string;
  /** SDK §7.3a: the error a `synthesize` block ended in. */
  generation_error?: GenerationError;
}

/** Diagnostics of one code kept in full; past it, only a count (a flood stays bounded). */
export const MAX_DIAGNOSTICS_PER_CODE = 20;

/** Collects a run's diagnostics, bounded per code. */
export class Diagnostics {
  readonly list: RunDiagnostic[] = [];
  readonly #counts = new Map<string, number>();

  report(diagnostic: RunDiagnostic): void {
    const key = `${diagnostic.code}|${diagnostic.actor ?? ""}`;
    const count = (this.#counts.get(key) ?? 0) + 1;
    this.#counts.set(key, count);
    if (count <= MAX_DIAGNOSTICS_PER_CODE) this.list.push(diagnostic);
  }

  /** An SDK diagnostic (W-004 from interpolation, a validation warning) as a run diagnostic. */
  sdk(diagnostic: Diagnostic, where: { actor?: string; phase?: string } = {}): void {
    this.report({
      severity: diagnostic.severity === "error" ? "error" : "warning",
      code: diagnostic.code,
      message: diagnostic.message,
      ...where,
      ...(diagnostic.path === undefined ? {} : { path: diagnostic.path }),
    });
  }

  /** One line per code whose diagnostics were cut: how many there were in all. */
  finish(): RunDiagnostic[] {
    for (const [key, count] of this.#counts) {
      if (count <= MAX_DIAGNOSTICS_PER_CODE) continue;
      const [code, actor] = key.split("|") as [string, string];
      this.list.push({
        severity: "warning",
        code: "run/limit",
        message: `${count} diagnostics of code ${code}: the first ${MAX_DIAGNOSTICS_PER_CODE} are listed`,
        ...(actor === "" ? {} : { actor }),
      });
    }
    this.#counts.clear();
    return this.list;
  }
}
