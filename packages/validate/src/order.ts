// Positions and ordering (SDK §7.4): findings carry the line, column and range `parse`
// recorded for their path (or its nearest present ancestor, for a missing field)
// and are sorted by source position. Documents built in code have no positions;
// they are sorted by document order (key insertion order) instead.
import {
  parentPath,
  positionOrAncestor,
  rangeOrAncestor,
  type SourceInfo,
  type SourcePosition,
  type SourceRange,
} from "@oatf/model";
import type { Finding } from "./context.js";
import { visitPaths } from "./values.js";

export interface Located extends Finding {
  range?: SourceRange;
  /** Sort key: line and column, or the document-order ordinal (and 0) without positions. */
  rank: [number, number];
}

export function locate(
  findings: Finding[],
  document: unknown,
  info: SourceInfo | undefined,
): Located[] {
  // With source info, a finding with no position of its own or of an ancestor sorts first.
  const rankOf = info ? (): [number, number] => [0, 0] : documentRank(document);
  const located = findings.map((finding): Located => {
    const { line, column, offset } = finding;
    if (line !== undefined && column !== undefined) {
      // The check knew the exact position (V-020): a one-character range there, when the
      // offset is known too.
      const range: SourceRange | undefined =
        offset === undefined
          ? undefined
          : {
              start: { line, column, offset },
              end: { line, column: column + 1, offset: offset + 1 },
            };
      return { ...finding, ...(range && { range }), rank: [line, column] };
    }
    const { within } = finding;
    const inValue = within && info?.rangeInValue?.(finding.path, within.start, within.end);
    const range = inValue || rangeOrAncestor(info, finding.path);
    const at: SourcePosition | undefined = range?.start ?? positionOrAncestor(info, finding.path);
    return {
      ...finding,
      ...(at && { line: at.line, column: at.column }),
      ...(range && { range }),
      rank: at ? [at.line, at.column] : rankOf(finding.path),
    };
  });
  // Array.prototype.sort is stable: findings at one position keep check order.
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
