// Terminal-safe text (issue 12 §3, format §12.1): trace values quoted in evidence must not
// reach a terminal as control sequences, so C0/C1 controls, DEL and bidi controls are
// printed as visible escapes. JSON output stays exact.

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

export function escapeForTerminal(text: string): string {
  return String(text).replace(UNSAFE, (char) => {
    const code = char.charCodeAt(0);
    return code < 0x100
      ? `\\x${code.toString(16).padStart(2, "0")}`
      : `\\u${code.toString(16).padStart(4, "0")}`;
  });
}
