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
  const prefix = line.slice(0, column);
  // Continuation lines go under the description, or, when that leaves it too narrow, a
  // little in from the row's indent.
  const hang = !row || width - column >= MIN_DESCRIPTION ? column : lead + 4;
  const words = line.slice(prefix.length).split(/ +/).filter(Boolean);
  const out: string[] = [];
  let current = prefix;
  let empty = true;
  for (const word of words) {
    if (!empty && current.length + 1 + word.length > width) {
      out.push(current);
      current = " ".repeat(hang) + word;
    } else {
      current += (empty ? "" : " ") + word;
    }
    empty = false;
  }
  out.push(current);
  return out.join("\n");
}
