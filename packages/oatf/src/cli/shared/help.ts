// Help text wrapped at word boundaries to the terminal's width: a word is never split, and a
// table row ("  --flag <x>   what it does") continues under its description column.

/** Width used when the stream is not a terminal and COLUMNS is unset. */
export const DEFAULT_WIDTH = 80;
/** Below this many columns for the description, a row continues under its own indent instead. */
const MIN_DESCRIPTION = 24;

/** The width to wrap output for: the terminal's columns, else `COLUMNS`, else 80. */
export function terminalWidth(
  stream: { columns?: number | undefined },
  env: Record<string, string | undefined>,
): number {
  const fromEnv = Number.parseInt(env.COLUMNS ?? "", 10);
  const width = stream.columns ?? (Number.isFinite(fromEnv) ? fromEnv : DEFAULT_WIDTH);
  return width > 0 ? width : DEFAULT_WIDTH;
}

/** Wraps every line of `text` longer than `width` at spaces; words longer than a line stay whole. */
export function wrapText(text: string, width: number): string {
  return text
    .split("\n")
    .map((line) => wrapLine(line, width))
    .join("\n");
}

function wrapLine(line: string, width: number): string {
  if (line.length <= width) return line;
  const lead = line.length - line.trimStart().length;
  // A row of a table: the description starts after the first run of two or more spaces.
  const gap = / {2,}(?=\S)/g;
  gap.lastIndex = lead;
  const row = gap.exec(line);
  const column = row ? row.index + row[0].length : lead;
  // Continuation lines go under the description; when that leaves it too narrow, a little in
  // from the row's indent, and when even the row's term does not fit, the term wraps too.
  const roomy = row !== null && width - column >= MIN_DESCRIPTION;
  const prefix = row !== null && column <= width ? line.slice(0, column) : line.slice(0, lead);
  const hang = roomy ? column : row ? lead + 4 : lead;
  const words = line.slice(prefix.length).split(/ +/).filter(Boolean);
  const out: string[] = [];
  let current = prefix;
  let hasText = prefix.trim() !== "";
  for (const word of words) {
    const separator = current.endsWith(" ") || current === "" ? "" : " ";
    if (hasText && current.length + separator.length + word.length > width) {
      out.push(current.trimEnd());
      current = " ".repeat(hang) + word;
    } else {
      current += separator + word;
    }
    hasText = true;
  }
  out.push(current);
  return out.join("\n");
}
