// Positions and ordering (SDK §7.4): diagnostics carry the range `parse` recorded for their
// path (or its nearest present ancestor, for a missing field) and are sorted by source
// position. Documents built in code have no positions;
// they are sorted by document order (key insertion order) instead.
import type { SourceInfo, SourceRange } from "@oatf/model";
import { parentPath, positionOrAncestor, rangeOrAncestor } from "@oatf/model/internal";
import type { Reported } from "./context.js";
import { visitPaths } from "./values.js";

export interface Located extends Reported {
  /** Sort key: line and column, or the document-order ordinal (and 0) without positions. */
  rank: [number, number];
}

export function locate(
  reported: Reported[],
  document: unknown,
  info: SourceInfo | undefined,
): Located[] {
  // With source info, a diagnostic with no position of its own or of an ancestor sorts first.
  const rankOf = info ? (): [number, number] => [0, 0] : documentRank(document);
  const located = reported.map((d): Located => {
    // The check knew the exact position (V-020).
    if (d.range) return { ...d, rank: [d.range.start.line, d.range.start.column] };
    const { within } = d;
    const inValue = within && info?.rangeInValue?.(d.path, within.start, within.end);
    const found = inValue || rangeOrAncestor(info, d.path);
    const at = found?.start ?? positionOrAncestor(info, d.path);
    // Without a range, a position alone is a one-character range without offsets.
    const range: SourceRange | undefined =
      found ?? (at && { start: at, end: { line: at.line, column: at.column + 1 } });
    return {
      ...d,
      ...(range && { range }),
      rank: at ? [at.line, at.column] : rankOf(d.path),
    };
  });
  // Array.prototype.sort is stable: diagnostics at one position keep check order.
  return located.sort((a, b) => a.rank[0] - b.rank[0] || a.rank[1] - b.rank[1]);
}

/**
 * Ranks paths by document order (key insertion order). A path not in the document (a
 * missing field) takes its nearest present ancestor's rank. validate refuses cyclic and too
 * deep documents before this walk (checkPlainTree), so its recursion is bounded.
 */
function documentRank(document: unknown): (path: string) => [number, number] {
  const ordinals = new Map<string, number>();
  visitPaths(document, (_, path) => {
    ordinals.set(path, ordinals.size);
  });
  return (path) => {
    let current = path;
    // The root is always known, so this ends.
    while (!ordinals.has(current)) current = parentPath(current);
    return [ordinals.get(current)!, 0];
  };
}
