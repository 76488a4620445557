// Where `x-` fields were (SDK §3.4 item 4: serialize preserves extension fields in their
// original position). For each `extensions` object it reads, `parse` records beside the
// document (never in it, so documents stay plain data that compare structurally) the known
// field each `x-` field followed (null: it came first). serialize writes known fields in spec
// order (SDK §3.4 item 2) and each `x-` field right after the field it followed; `normalize`
// carries the record to its copy. Documents built in code have none: their `x-` fields come
// after the known fields, in their own order.

const anchors = new WeakMap<object, ReadonlyMap<string, string | null>>();

/** Records, for an `extensions` object, the known field each `x-` field followed. */
export function recordExtensionAnchors(
  extensions: object,
  followed: ReadonlyMap<string, string | null>,
): void {
  anchors.set(extensions, followed);
}

/** For an `extensions` object, the known field each `x-` field followed, when known. */
export function extensionAnchors(
  extensions: unknown,
): ReadonlyMap<string, string | null> | undefined {
  // A WeakMap answers `undefined` for a key that is not an object: no guard needed.
  return anchors.get(extensions as object);
}

/**
 * Carries the `x-` anchors of `from` to `to`, a structural copy of it (same keys, same
 * nesting), so a normalized copy keeps each `x-` field after the field it followed. Walks
 * both without recursion; stops where the two differ.
 */
export function carryExtensionAnchors(from: unknown, to: unknown): void {
  const stack: [unknown, unknown][] = [[from, to]];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const [a, b] = stack.pop()!;
    if (a === null || typeof a !== "object" || b === null || typeof b !== "object") continue;
    if (seen.has(a)) continue;
    seen.add(a);
    const followed = anchors.get(a);
    if (followed) anchors.set(b, followed);
    for (const key of Object.keys(a)) {
      if (Object.hasOwn(b, key)) {
        stack.push([(a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]]);
      }
    }
  }
}
