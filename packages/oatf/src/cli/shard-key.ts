// The shard key of one line of an OATF JSON Lines trace (issue 24 §3), read without parsing
// the line: `oatf evaluate --jobs` routes raw lines to workers by it, and the workers parse.
// It must be what the parsed message would give (its `session` when a string, else its
// `actor` when a string, else ""), or one session's messages could meet two evaluators: so
// only top-level members count, escapes are decoded and the last of duplicate members wins,
// as `JSON.parse` does. For a line that is not JSON the key is whatever comes out: the line
// is a diagnostic in whichever shard reads it, and each line goes to exactly one shard.

const QUOTE = 34;
const BACKSLASH = 92;

/** The index of the quote closing the string opened at `start`, or -1. */
function stringEnd(text: string, start: number): number {
  let at = start + 1;
  for (;;) {
    const end = text.indexOf('"', at);
    if (end < 0) return -1;
    let slashes = 0;
    while (text.charCodeAt(end - 1 - slashes) === BACKSLASH) slashes++;
    if (slashes % 2 === 0) return end;
    at = end + 1;
  }
}

/** The string between the quotes at `start` and `end`, escapes decoded (undefined: invalid). */
function stringAt(text: string, start: number, end: number): string | undefined {
  const raw = text.slice(start + 1, end);
  if (raw.indexOf("\\") < 0) return raw;
  try {
    return JSON.parse(text.slice(start, end + 1)) as string;
  } catch {
    return undefined;
  }
}

function skipSpace(text: string, at: number): number {
  for (;;) {
    const c = text.charCodeAt(at);
    if (c !== 32 && c !== 9 && c !== 10 && c !== 13) return at;
    at++;
  }
}

/** The line's `session` if a string, else its `actor` if a string, else "". */
export function shardKey(text: string): string {
  let session: string | undefined;
  let actor: string | undefined;
  let depth = 0;
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const end = stringEnd(text, i);
      if (end < 0) break;
      if (depth === 1) {
        const colon = skipSpace(text, end + 1);
        if (text.charCodeAt(colon) === 58) {
          const name = stringAt(text, i, end);
          if (name === "session" || name === "actor") {
            const at = skipSpace(text, colon + 1);
            let value: string | undefined;
            let next = colon + 1;
            if (text.charCodeAt(at) === QUOTE) {
              const valueEnd = stringEnd(text, at);
              if (valueEnd < 0) break;
              value = stringAt(text, at, valueEnd);
              next = valueEnd + 1;
            }
            // The last member of a name wins, a value that is not a string too.
            if (name === "session") session = value;
            else actor = value;
            i = next;
            continue;
          }
          i = colon + 1;
          continue;
        }
      }
      i = end + 1;
      continue;
    }
    if (c === 123 || c === 91) depth++;
    else if (c === 125 || c === 93) depth--;
    i++;
  }
  return session ?? actor ?? "";
}

/** FNV-1a over the key: a session always goes to the same shard, whatever its other messages. */
export function shardOf(key: string, shards: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193) >>> 0;
  return h % shards;
}
