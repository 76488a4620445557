// Arithmetic in a request ("15 + 27", "8 times 3"): which operation, and the words a tool for it
// is named with.

export const OPERATIONS: [RegExp, string[]][] = [
  [/\d\s*\+\s*\d|\bplus\b|\bsum\b|\badd\b/, ["add", "sum", "plus", "addition"]],
  [/\d\s*-\s*\d|\bminus\b|\bsubtract/, ["subtract", "minus", "difference", "sub"]],
  [/\d\s*[*x×]\s*\d|\btimes\b|\bmultipl/, ["multiply", "times", "product", "mul"]],
  [/\d\s*[/÷]\s*\d|\bdivided?\b/, ["divide", "quotient", "div"]],
];

/** The arithmetic operation a request asks for (`add` for "15 + 27"), if any. */
export function operationOf(text: string): string | undefined {
  return OPERATIONS.find(([pattern]) => pattern.test(text.toLowerCase()))?.[1][0];
}
