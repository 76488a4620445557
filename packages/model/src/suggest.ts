// "Did you mean": the known word nearest to a misspelt one (an enum value, a field name, a
// surface, a CLI flag), by edit distance. One helper, so parse, validate, the CLI and the
// language server suggest the same thing for the same typo.

/** Options of `didYouMean`. */
export interface SuggestOptions {
  /**
   * The largest edit distance still suggested. Default 1 for words of up to 5 characters,
   * else 2, so a short word (`smtp`) is not "corrected" into an unrelated one (`mcp`).
   */
  maxDistance?: number;
}

/**
 * The candidate nearest to `word` (case-insensitive) within the distance allowed, or
 * undefined; ties go to the earlier candidate. Never suggests `word` itself, and gives
 * nothing for an empty word.
 */
export function didYouMean(
  word: string,
  candidates: Iterable<string>,
  options: SuggestOptions = {},
): string | undefined {
  if (typeof word !== "string" || word === "") return undefined;
  const lower = word.toLowerCase();
  const allowed = options.maxDistance ?? (word.length <= 5 ? 1 : 2);
  let best: string | undefined;
  let bestDistance = allowed + 1;
  for (const candidate of candidates) {
    if (candidate === word) return undefined;
    const distance = editDistance(lower, candidate.toLowerCase(), bestDistance);
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance];
  }
  return best;
}

/**
 * Edit distance of `a` and `b` counting an insertion, a deletion, a substitution or a swap of
 * two adjacent characters (`nmae` → `name`) as one edit (optimal string alignment), or `limit`
 * when it is `limit` or more (which also bounds the work for a long word).
 */
export function editDistance(a: string, b: string, limit = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) >= limit) return limit;
  let before: number[] = [];
  let previousMin = 0;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, before[j - 2]! + 1);
      current[j] = best;
      rowMin = Math.min(rowMin, best);
    }
    // A later row is at least this row's minimum, or the previous row's plus one (a swap):
    // when both reach the limit, so will the distance.
    if (rowMin >= limit && previousMin + 1 >= limit) return limit;
    previousMin = rowMin;
    before = previous;
    previous = current;
  }
  return Math.min(previous[b.length]!, limit);
}

/** `; did you mean \`x\`?` for a message, or "" when there is no suggestion. */
export function suggestionSuffix(word: string, candidates: Iterable<string>): string {
  const suggestion = didYouMean(word, candidates);
  return suggestion === undefined ? "" : `; did you mean \`${suggestion}\`?`;
}
