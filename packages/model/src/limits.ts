// Input limits (format §12.1: a malicious document must not deny service). `parse`,
// `load`, `validate` over text and the CLI reject larger input at once, before the YAML
// library builds anything from it. Real documents are kilobytes and a few thousand nodes.

export interface ParseLimits {
  /** Largest input accepted, in UTF-8 bytes. Default 4 MiB. */
  maxBytes?: number;
  /**
   * Most YAML nodes accepted (every scalar, key included, every alias and flow collection counts
   * one). Default 300,000: 50,000 tools of `{name, description}` are 250,000.
   * Aliases count the nodes and bytes they expand to (at most `maxNodes`, `maxBytes`).
   */
  maxNodes?: number;
}

/** Deepest collection nesting accepted (serde's recursion limit in the Rust SDK is 128 too). */
export const MAX_DEPTH = 128;

export const DEFAULT_LIMITS: Readonly<Required<ParseLimits>> = Object.freeze({
  maxBytes: 4 * 1024 * 1024,
  maxNodes: 300_000,
});

/** The limits in force: each option given as a positive number, else its default. */
export function resolveLimits(limits: ParseLimits | undefined): Required<ParseLimits> {
  const pick = (value: unknown, fallback: number) =>
    typeof value === "number" && value > 0 ? value : fallback;
  return {
    maxBytes: pick(limits?.maxBytes, DEFAULT_LIMITS.maxBytes),
    maxNodes: pick(limits?.maxNodes, DEFAULT_LIMITS.maxNodes),
  };
}

/** Whether the text is longer than `maxBytes` in UTF-8. Counts without encoding (no copy of a large input). */
export function exceedsByteLimit(text: string, maxBytes: number): boolean {
  // Each UTF-16 unit is at most three UTF-8 bytes: a text this short always fits, uncounted.
  if (text.length * 3 <= maxBytes) return false;
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    // A surrogate pair is 4 bytes, 2 per unit; a lone surrogate is rejected later anyway.
    bytes += unit < 0x80 ? 1 : unit < 0x800 ? 2 : unit >= 0xd800 && unit < 0xe000 ? 2 : 3;
    if (bytes > maxBytes) return true;
  }
  return false;
}
