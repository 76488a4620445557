// Test support: matches a diagnostic whose range starts at `line` (and `column`, when given),
// whatever else the range says (its end, its offsets).
import { expect } from "vitest";

export function at(line: number, column?: number) {
  const start = column === undefined ? { line } : { line, column };
  return { range: expect.objectContaining({ start: expect.objectContaining(start) }) };
}
