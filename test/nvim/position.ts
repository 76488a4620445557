/** LSP position (0-based) of `needle` in `text`, `shift` characters in. */
export function at(text: string, needle: string, shift = 0) {
  const index = text.indexOf(needle);
  if (index < 0) throw new Error(`no ${needle}`);
  const before = text.slice(0, index + shift).split("\n");
  return { line: before.length - 1, character: before.at(-1)!.length };
}
