// Human-readable diagnostics (SDK §7): code frames with carets under the whole range, and an
// ESLint-`stylish` grouped summary. Browser-safe (no Node APIs); colour is opt-in ANSI. Every
// piece of source or message text goes through `escapeForTerminal`.
import type { Diagnostic } from "../diagnostics.js";
import { escapeForTerminal } from "./escape.js";

export interface FormatOptions {
  /** ANSI colours (default false). */
  color?: boolean;
  /** Source lines shown before and after the diagnostic's line (default 2; 0 shows only it). */
  contextLines?: number;
  /** Prefixed to each diagnostic's position (`file.yaml:3:5`); default: its `source`. */
  fileName?: string;
  /** At most this many diagnostics are shown; a last line says how many were left out. */
  maxDiagnostics?: number;
}

/** Lines longer than this are shown as a window around the range. */
const MAX_LINE = 160;
const WINDOW_BEFORE = 40;

const ANSI = { red: 31, yellow: 33, gray: 90, bold: 1, underline: 4 } as const;
type Style = keyof typeof ANSI;

function painter(color: boolean | undefined): (style: Style, text: string) => string {
  return color ? (style, text) => `\x1b[${ANSI[style]}m${text}\x1b[0m` : (_style, text) => text;
}

/**
 * One block per diagnostic: `file:line:column  severity  rule  message (path)`, then a code
 * frame with the offending line marked `>` and carets spanning the range. The source is split
 * into lines once, so the cost is linear in the source plus the output.
 */
export function formatDiagnostics(
  source: string,
  diagnostics: readonly Diagnostic[],
  options: FormatOptions = {},
): string {
  const paint = painter(options.color);
  const context = Math.max(0, Math.floor(options.contextLines ?? 2));
  const limit = options.maxDiagnostics ?? Number.POSITIVE_INFINITY;
  const lines = String(source ?? "").split(/\r\n|\r|\n/);
  const blocks: string[] = [];
  for (const d of diagnostics.slice(0, limit)) {
    const start = d.range?.start;
    const name = options.fileName ?? d.source;
    const file = name === undefined ? "" : escapeForTerminal(name);
    const where = start ? `${file}${file ? ":" : ""}${start.line}:${start.column}` : file;
    const path = d.path ? ` (${escapeForTerminal(d.path)})` : "";
    const severity = paint(d.severity === "error" ? "red" : "yellow", d.severity);
    const head = [where, severity, d.rule, paint("bold", oneLine(d.message)) + path]
      .filter((part) => part !== "")
      .join("  ");
    const frame = start ? codeFrame(lines, d, start, context, paint) : "";
    blocks.push(frame ? `${head}\n${frame}\n` : `${head}\n`);
  }
  const left = diagnostics.length - Math.min(diagnostics.length, limit);
  if (left > 0)
    blocks.push(`… ${left} more ${left === 1 ? "diagnostic" : "diagnostics"} not shown\n`);
  return blocks.join("\n");
}

/**
 * ESLint's `stylish` report: the diagnostics of each source (`source`, in order of first
 * appearance) as `line:column  severity  message  rule` under its name, then a
 * `✖ N problems (E errors, W warnings)` total.
 */
export function formatStylish(
  diagnostics: readonly Diagnostic[],
  options: Pick<FormatOptions, "color" | "maxDiagnostics"> = {},
): string {
  const paint = painter(options.color);
  const limit = options.maxDiagnostics ?? Number.POSITIVE_INFINITY;
  const out: string[] = [];
  let errors = 0;
  let warnings = 0;
  for (const [fileName, group] of bySource(diagnostics)) {
    out.push(paint("underline", escapeForTerminal(fileName)));
    for (const d of group.slice(0, limit)) {
      const start = d.range?.start ?? { line: 0, column: 0 };
      const severity = paint(d.severity === "error" ? "red" : "yellow", d.severity.padEnd(7));
      out.push(
        `  ${`${start.line}:${start.column}`.padEnd(8)}  ${severity}  ${oneLine(d.message)}  ${paint("gray", d.rule)}`,
      );
    }
    const left = group.length - Math.min(group.length, limit);
    if (left > 0) out.push(`  … ${left} more not shown`);
    out.push("");
    for (const d of group) d.severity === "error" ? errors++ : warnings++;
  }
  const total = errors + warnings;
  if (total === 0) return "";
  const summary = `✖ ${plural(total, "problem")} (${plural(errors, "error")}, ${plural(warnings, "warning")})`;
  out.push(paint(errors > 0 ? "red" : "yellow", paint("bold", summary)));
  return `${out.join("\n")}\n`;
}

/** Diagnostics grouped by their source's name, sources in order of first appearance. */
function bySource(diagnostics: readonly Diagnostic[]): Map<string, Diagnostic[]> {
  const groups = new Map<string, Diagnostic[]>();
  for (const d of diagnostics) {
    const name = d.source ?? "";
    const group = groups.get(name);
    if (group === undefined) groups.set(name, [d]);
    else group.push(d);
  }
  return groups;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/** Messages may quote multi-line source; a report line stays one line, and safe. */
function oneLine(text: string, max = 200): string {
  const flat = String(text).replace(/\s*\n\s*/g, " ⏎ ");
  return escapeForTerminal(flat.length > max ? `${flat.slice(0, max - 1)}…` : flat);
}

function codeFrame(
  lines: readonly string[],
  d: Diagnostic,
  start: { line: number; column: number },
  context: number,
  paint: (style: Style, text: string) => string,
): string {
  if (start.line < 1 || start.line > lines.length) return "";
  const first = Math.max(1, start.line - context);
  const last = Math.min(lines.length, start.line + context);
  const width = String(last).length;
  const out: string[] = [];
  for (let n = first; n <= last; n++) {
    const line = lines[n - 1]!;
    const marked = n === start.line;
    // The range's end on this line (a range over several lines is underlined to the line's end).
    const end = d.range && d.range.end.line === n ? d.range.end.column : line.length + 1;
    const from = Math.min(Math.max(1, start.column), line.length + 1);
    const { text, pad, carets } = marked ? window(line, from - 1, end - 1) : window(line, 0, 0);
    const gutter = paint("gray", `${String(n).padStart(width)} |`);
    out.push(`${marked ? paint("red", ">") : " "} ${gutter} ${text}`.trimEnd());
    if (marked) {
      out.push(
        `  ${paint("gray", `${" ".repeat(width)} |`)} ${" ".repeat(pad)}${paint("red", "^".repeat(carets))}`,
      );
    }
  }
  return out.join("\n");
}

/** The escaped line (a window of it when long), the caret offset and the caret count. */
function window(
  line: string,
  from: number,
  to: number,
): { text: string; pad: number; carets: number } {
  let begin = 0;
  let prefix = "";
  if (line.length > MAX_LINE && from > WINDOW_BEFORE) {
    begin = from - WINDOW_BEFORE;
    prefix = "…";
  }
  const shown = line.slice(begin, begin + MAX_LINE);
  const suffix = begin + MAX_LINE < line.length ? "…" : "";
  const pad = prefix.length + escapeForTerminal(line.slice(begin, from)).length;
  const underlined = escapeForTerminal(line.slice(from, Math.min(to, begin + MAX_LINE))).length;
  return { text: prefix + escapeForTerminal(shown) + suffix, pad, carets: Math.max(1, underlined) };
}
