// String ordering as CEL defines it: by Unicode code point (cel-go compares UTF-8 bytes,
// which order the same way). @bufbuild/cel 0.6.1 uses JavaScript's `<`, which compares UTF-16
// code units, so a character beyond the BMP (a surrogate pair, 0xD800-0xDBFF first) sorted
// before U+E000..U+FFFF: `'\uffff' < '😀'` was false. These replace its four string overloads.
import { type CelFunc, CelScalar, celFunc } from "@bufbuild/cel";

const { BOOL, STRING } = CelScalar;

/** Negative, zero or positive as `a` orders before, with or after `b` by code point. */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    if (a.charCodeAt(i) !== b.charCodeAt(i)) {
      // At the first differing unit, whole code points decide: a high surrogate reads as its
      // pair's code point (above 0xFFFF); a differing low surrogate follows an equal high one.
      return (a.codePointAt(i) as number) - (b.codePointAt(i) as number);
    }
  }
  return a.length - b.length;
}

export function stringOrdering(): CelFunc[] {
  const op = (name: string, holds: (c: number) => boolean) =>
    celFunc(name, [STRING, STRING], BOOL, (a: string, b: string) => holds(compareCodePoints(a, b)));
  return [
    op("_<_", (c) => c < 0),
    op("_<=_", (c) => c <= 0),
    op("_>_", (c) => c > 0),
    op("_>=_", (c) => c >= 0),
  ];
}
