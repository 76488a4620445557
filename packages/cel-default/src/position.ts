// Positions in an expression's source: 1-based line and column (UTF-16), as `check` reports them.

export interface Position {
  line: number;
  column: number;
}

export function offsetToPosition(source: string, offset: number): Position {
  const before = source.slice(0, offset);
  const lineStart = before.lastIndexOf("\n") + 1;
  return { line: before.split("\n").length, column: offset - lineStart + 1 };
}
