// Text rendering of diagnostics, shared by the commands that print them: @oatf/model's
// `formatDiagnostics` (code frames, terminal-safe), at most MAX_SHOWN per file.
import type { Diagnostic } from "@oatf/model";
import { escapeForTerminal, formatDiagnostics } from "@oatf/model/terminal";

/** Diagnostics printed per file in text output; the rest are counted (JSON has them all). */
export const MAX_SHOWN = 100;

export function formatFile(
  file: string,
  source: string,
  diagnostics: readonly Diagnostic[],
  color = false,
): string {
  return formatDiagnostics(source, diagnostics, {
    fileName: file,
    maxDiagnostics: MAX_SHOWN,
    color,
  });
}

/** What `normalize` and `evaluate` print for a document they cannot use: the count, then each error. */
export function invalidDocument(
  command: string,
  file: string,
  source: string,
  diagnostics: Diagnostic[],
): string {
  const errors = diagnostics.filter((d) => d.severity === "error");
  const head = `oatf ${command}: ${escapeForTerminal(file)} is not a valid OATF document (${plural(errors.length, "error")})\n`;
  return head + formatFile(file, source, errors);
}

export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/** A table of aligned columns, two spaces apart, the header row first: one string a line. */
export function tableLines(header: readonly string[], rows: readonly string[][]): string[] {
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c]!.length)));
  const line = (r: readonly string[]) =>
    r
      .map((cell, c) => cell.padEnd(widths[c]!))
      .join("  ")
      .trimEnd();
  return [line(header), ...rows.map(line)];
}
