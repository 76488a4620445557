// Terminal-safe text (format §12.1: documents and traces are untrusted). Text from a document
// or trace printed to a terminal must not be able to clear the screen, recolour, retitle the
// window or hide text, so every control and bidi-override character is shown as an escape.
// JSON output stays exact: `jsonForTerminal` escapes the same characters the JSON way
// (`\u009b`), so a parser reads the very same strings.

// C0 controls, DEL, C1 controls (General_Category Cc), line/paragraph separators and every
// Bidi_Control character: the Arabic letter mark U+061C, the LRM/RLM marks U+200E/U+200F,
// embeddings and overrides U+202A–U+202E, isolates U+2066–U+2069. Each of them can reorder
// or hide what a reader sees (a "Trojan Source" file name), so none reaches a terminal raw.
const UNSAFE = /[\p{Cc}\p{Bidi_Control}\u2028\u2029]/gu;

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
 * `text` with every C0 and C1 control character, DEL, U+2028/U+2029 and Bidi_Control
 * character (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069) replaced by a visible
 * escape (`\x1b`, `\n`, `\u202e`). Everything else, including non-ASCII text, is kept as is.
 * The one function for user-controlled text on a terminal (the CLI's messages, file names,
 * paths and evidence go through it).
 */
export function escapeForTerminal(text: string): string {
  return String(text).replace(UNSAFE, escapeChar);
}

// What JSON.stringify leaves raw of UNSAFE: it escapes C0 controls (and lone surrogates) itself.
const RAW_IN_JSON = /[\u007f-\u009f\p{Bidi_Control}\u2028\u2029]/gu;

/**
 * `JSON.stringify(value, null, indent)` with every character `escapeForTerminal` would escape
 * written as a JSON escape (`\u009b`, `\u202e`): the same JSON to a parser, nothing raw on a
 * terminal. For JSON the CLI prints (reports, alerts), whose strings come from documents and
 * traces. Characters outside strings are JSON's own, never one of these. A value JSON cannot
 * write at all (undefined) is `null`.
 */
export function jsonForTerminal(value: unknown, indent?: number): string {
  // JSON.stringify gives undefined for undefined (and functions): JSON has no such value.
  return (JSON.stringify(value, null, indent) ?? "null").replace(
    RAW_IN_JSON,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}
