// Terminal-safe text (format §12.1: documents and traces are untrusted). Text from a document
// or trace printed to a terminal must not be able to clear the screen, recolour, retitle the
// window or hide text, so every control and bidi-override character is shown as an escape.
// JSON and SARIF output stay exact: only human-readable output goes through here.

// C0 controls, DEL, C1 controls, line/paragraph separators, bidi embeddings and overrides
// (U+202A–U+202E) and isolates (U+2066–U+2069).
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const NAMED: Record<string, string> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

/** One character as a visible escape: `\n`, `\x1b`, `\u202e`. */
function escapeChar(char: string): string {
  return NAMED[char] ?? hexEscape(char);
}

/**
 * `char` as `\xHH` (up to U+00FF) or `\uHHHH`, the escape syntax terminals and YAML's
 * double-quoted scalars share.
 */
export function hexEscape(char: string): string {
  const code = char.charCodeAt(0);
  return code < 0x100
    ? `\\x${code.toString(16).padStart(2, "0")}`
    : `\\u${code.toString(16).padStart(4, "0")}`;
}

/**
 * `text` with every C0 and C1 control character, DEL, U+2028/U+2029 and bidi control
 * (U+202A–U+202E, U+2066–U+2069) replaced by a visible escape (`\x1b`, `\n`, `\u202e`).
 * Everything else, including non-ASCII text, is kept as is.
 */
export function escapeForTerminal(text: string): string {
  return String(text).replace(UNSAFE, escapeChar);
}
