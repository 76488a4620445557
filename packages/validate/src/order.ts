// Positions and ordering (SDK §7.4): findings carry the line, column and range `parse`
// recorded for their path (or its nearest present ancestor, for a missing field)
// and are sorted by source position. Documents built in code have no positions;
// they are sorted by document order (key insertion order) instead.
import {
  indexPath,
  keyPath,
  positionOrAncestor,
  rangeOrAncestor,
  type SourceInfo,
  type SourcePosition,
  type SourceRange,
} from "@oatf/model";
import type { Finding } from "./context.js";
import { isObj, MAX_WALK_DEPTH } from "./values.js";

export interface Located extends Finding {
  range?: SourceRange;
  rank: number[];
}

export function locate(
  findings: Finding[],
  document: unknown,
  info: SourceInfo | undefined,
): Located[] {
  const rankOf = info ? sourceRank(info) : documentRank(document);
  const located = findings.map((finding): Located => {
    const known = finding.line !== undefined && finding.column !== undefined;
    const range = known ? pointRange(finding) : rangeOrAncestor(info, finding.path);
    const at: SourcePosition | undefined = known
      ? { line: finding.line!, column: finding.column! }
      : (range?.start ?? positionOrAncestor(info, finding.path));
    return {
      ...finding,
      ...(at && { line: at.line, column: at.column }),
      ...(range && { range }),
      rank: at ? [at.line, at.column] : rankOf(finding.path),
    };
  });
  // Array.prototype.sort is stable: findings at one position keep check order.
  return located.sort((a, b) => compareRanks(a.rank, b.rank));
}

/** A one-character range at a finding's known position, when its offset is known too. */
function pointRange({ line, column, offset }: Finding): SourceRange | undefined {
  if (line === undefined || column === undefined || offset === undefined) return undefined;
  return { start: { line, column, offset }, end: { line, column: column + 1, offset: offset + 1 } };
}

function sourceRank(info: SourceInfo): (path: string) => number[] {
  return (path) => {
    const at = positionOrAncestor(info, path);
    return at ? [at.line, at.column] : [0, 0];
  };
}

function documentRank(document: unknown): (path: string) => number[] {
  const ordinals = new Map<string, number>();
  const walk = (value: unknown, path: string, depth: number): void => {
    ordinals.set(path, ordinals.size);
    if (depth >= MAX_WALK_DEPTH) return;
    const children: [string, unknown][] = Array.isArray(value)
      ? value.map((item, index) => [indexPath(path, index), item])
      : isObj(value)
        ? Object.entries(value).map(([key, child]) => [keyPath(path, key), child])
        : [];
    for (const [childPath, child] of children) walk(child, childPath, depth + 1);
  };
  walk(document, "", 0);
  return (path) => {
    let current = path;
    while (!ordinals.has(current) && current !== "") {
      const cut = Math.max(current.lastIndexOf("."), current.lastIndexOf("["));
      current = cut > 0 ? current.slice(0, cut) : "";
    }
    return [ordinals.get(current) ?? 0];
  };
}

function compareRanks(a: number[], b: number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const diff = (a[i] ?? 0) - (b[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}
