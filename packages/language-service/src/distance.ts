// Did-you-mean: the candidates closest to a misspelling by edit distance (Levenshtein with
// transpositions, bounded), as the CLI's messages suggest them.
import { editDistance as modelEditDistance } from "@oatf/model/internal";

/** Edit distance of `a` and `b`, or `max + 1` as soon as it exceeds `max` (the SDK's one
 * implementation, `@oatf/model`'s, which counts a swap of two letters as one edit). */
export function editDistance(a: string, b: string, max: number): number {
  return modelEditDistance(a, b, max + 1);
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
