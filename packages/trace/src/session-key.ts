// Session keys (issue 24 §3, §4): what a trace message is partitioned by, so that every message
// of one session meets one evaluation state in order, whoever routes it (`oatf publish` and
// `oatf record --redis` to broker partitions, `oatf evaluate --jobs` to threads).
// `partitionKey` reads it from a message; `shardKey` from one line of an OATF JSON Lines trace
// without parsing the line (the router must not pay the parse the evaluator pays). It must be
// what the parsed message would give (its `session` when a string, else its `actor` when a
// string, else ""), or one session's messages could meet two evaluators: so only top-level
// members count, escapes are decoded and the last of duplicate members wins, as `JSON.parse`
// does. For a line that is not JSON the key is whatever comes out: the line is a diagnostic in
// whichever shard reads it, and each line goes to exactly one shard.
import type { TraceMessage } from "@oatf/evaluate";

/**
 * The partition key of a message: its `session` (proxy connection id, MCP session id, A2A
 * `contextId`, AG-UI `threadId`), else its `actor` (a connection of a multi-actor run), else
 * `""`. Never a message id or a direction: request/response correlation and AG-UI tool-call
 * naming are per connection, so a connection's messages must stay together and in order.
 */
export function partitionKey(message: TraceMessage): string {
  const { session, actor } = message ?? {};
  if (typeof session === "string") return session;
  return typeof actor === "string" ? actor : "";
}

/**
 * The shard (0 … shards-1) of a partition key: FNV-1a (32 bit) of its UTF-16 code units,
 * mod `shards`. Producers and consumers of one stream must use the same function.
 */
export function shardOf(key: string, shards: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % Math.max(1, Math.floor(shards));
}

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

/** The `partitionKey` of the message on an OATF JSON Lines `line`, read without parsing it. */
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
