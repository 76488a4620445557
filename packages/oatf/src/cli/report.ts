// Text rendering of diagnostics, shared by the commands that print them: one ESLint-style
// line per diagnostic with its code frame.
import type { FileDiagnostic } from "./check.js";
import { codeFrame } from "./frame.js";

export function formatDiagnostic(file: string, source: string, d: FileDiagnostic): string {
  const where = d.line === undefined ? file : `${file}:${d.line}:${d.column ?? 1}`;
  const path = d.path ? ` (${d.path})` : "";
  const head = `${where}  ${d.severity}  ${d.rule}  ${oneLine(d.message)}${path}`;
  const frame = d.line === undefined ? "" : codeFrame(source, d.line, d.column ?? 1);
  return frame ? `${head}\n${frame}\n` : `${head}\n`;
}

/** What `normalize` and `evaluate` print for a document they cannot use: the count, then each error. */
export function invalidDocument(
  command: string,
  file: string,
  source: string,
  diagnostics: FileDiagnostic[],
): string {
  const errors = diagnostics.filter((d) => d.severity === "error");
  const head = `oatf ${command}: ${file} is not a valid OATF document (${plural(errors.length, "error")})\n`;
  return head + errors.map((d) => formatDiagnostic(file, source, d)).join("");
}

export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/** Messages may quote multi-line source; a report line stays one line. */
function oneLine(text: string, max = 200): string {
  const flat = text.replace(/\s*\n\s*/g, " ⏎ ");
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
