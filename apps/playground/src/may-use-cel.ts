// Which documents need the CEL chunk: the worker loads it for those only, so a page showing
// pattern-only documents never downloads it (format §7.1.3: expression indicators).

/**
 * Whether `text` may hold an `expression` key, so CEL is needed (V-014 checks it, evaluation
 * runs it). A key is spelled out in the text unless a double-quoted scalar writes a letter as
 * a hex or Unicode escape, so both count: CEL is loaded for every document that may need it.
 */
export function mayUseCel(text: string): boolean {
  return text.includes("expression") || /\\[xuU]/.test(text);
}
