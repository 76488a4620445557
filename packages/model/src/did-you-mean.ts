// "Did you mean …?": the known name nearest a misspelt one, by edit distance. One helper for
// every suggestion the SDK makes (unknown fields in `parse`, unknown CLI flags and commands).

/** The candidate within edit distance `maxDistance` (default 2) of `word`, if any: the nearest, first on ties. */
export function closestName(
  word: string,
  candidates: Iterable<string>,
  maxDistance = 2,
): string | undefined {
  let best: string | undefined;
  let bestDistance = maxDistance + 1;
  for (const candidate of candidates) {
    const distance = editDistance(word.toLowerCase(), candidate, bestDistance);
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance];
  }
  return best;
}

/** Levenshtein distance of `a` and `b`, or `limit` when it is at least that (bounds the work). */
export function editDistance(a: string, b: string, limit: number): number {
  // Also bounds the work for a long word: names are short.
  if (Math.abs(a.length - b.length) >= limit) return limit;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
    }
    previous = current;
  }
  return Math.min(previous[b.length]!, limit);
}
