// ESLint-style code frames: the offending line with two lines of context and a caret.

export function codeFrame(source: string, line: number, column: number, context = 2): string {
  const lines = source.split(/\r?\n/);
  if (line < 1 || line > lines.length) return "";
  const first = Math.max(1, line - context);
  const last = Math.min(lines.length, line + context);
  const width = String(last).length;
  const out: string[] = [];
  for (let n = first; n <= last; n++) {
    const marker = n === line ? ">" : " ";
    const text = truncate(lines[n - 1]!);
    out.push(`${marker} ${String(n).padStart(width)} | ${text}`.trimEnd());
    if (n === line) {
      const pad = truncate(lines[n - 1]!.slice(0, Math.max(0, column - 1))).replace(/[^\t]/g, " ");
      out.push(`  ${" ".repeat(width)} | ${pad}^`);
    }
  }
  return out.join("\n");
}

/** Keeps frames readable next to minified or huge lines. */
function truncate(text: string, max = 160): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
