// Did-you-mean: the candidates closest to a misspelling by edit distance (Levenshtein with
// transpositions, bounded), as the CLI's messages suggest them.

/** Edit distance of `a` and `b`, or `max + 1` as soon as it exceeds `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let older: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(
        (previous[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
      // `teir` → `tier`: two swapped letters are one edit.
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, (older[j - 2] as number) + 1);
      }
      row.push(value);
      best = Math.min(best, value);
    }
    if (best > max) return max + 1;
    older = previous;
    previous = row;
  }
  return previous[b.length] as number;
}

/** The candidates within a third of the word's length (rounded up, at most 3 edits), closest first. */
export function closest(word: string, candidates: Iterable<string>, limit = 3): string[] {
  const max = Math.min(3, Math.max(1, Math.ceil(word.length / 3)));
  const scored: [string, number][] = [];
  for (const candidate of candidates) {
    if (candidate === word) continue;
    const d = editDistance(word.toLowerCase(), candidate.toLowerCase(), max);
    if (d <= max) scored.push([candidate, d]);
  }
  return scored
    .sort((x, y) => x[1] - y[1] || x[0].localeCompare(y[0]))
    .slice(0, limit)
    .map(([c]) => c);
}
