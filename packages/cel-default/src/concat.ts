// A cap on what `+` may build. Concatenation is the only CEL operation that grows a value
// beyond the input and the expression's literals, and nesting it inside comprehensions
// grows it geometrically: three nested loops over `[a + a + ... + a]` with 128 terms turn a
// 20 kB string into 300 million characters and exhaust the heap. With the cap, every value
// stays within max(input, cap), so each step between two deadline checks is bounded too.
import {
  type CelFunc,
  type CelList,
  CelScalar,
  celFunc,
  celListConcat,
  listType,
} from "@bufbuild/cel";

/** Overrides of the standard `_+_` overloads for strings, bytes and lists. */
export function cappedConcat(maxSize: number): CelFunc[] {
  const check = (size: number, what: string) => {
    if (size > maxSize)
      throw new Error(`${what} concatenation exceeds the size limit of ${maxSize}`);
  };
  return [
    celFunc(
      "_+_",
      [CelScalar.STRING, CelScalar.STRING],
      CelScalar.STRING,
      (a: string, b: string) => {
        check(a.length + b.length, "string");
        return a + b;
      },
    ),
    celFunc(
      "_+_",
      [CelScalar.BYTES, CelScalar.BYTES],
      CelScalar.BYTES,
      (a: Uint8Array, b: Uint8Array) => {
        check(a.length + b.length, "bytes");
        const out = new Uint8Array(a.length + b.length);
        out.set(a);
        out.set(b, a.length);
        return out;
      },
    ),
    celFunc(
      "_+_",
      [listType(CelScalar.DYN), listType(CelScalar.DYN)],
      listType(CelScalar.DYN),
      (a: CelList, b: CelList) => {
        check(a.size + b.size, "list");
        return celListConcat(a, b);
      },
    ),
  ];
}
