// The streamed AG-UI messages an assembler (ag-ui-assemble.ts) holds open, between their
// first delta (or start event) and their end event: their text so far, keyed by family,
// actor, session and id, bounded in count and in code units on endless or hostile streams.
//
//   (none) ──start──▶ open, empty     (none) ──delta or chunk──▶ open (partial after a drop)
//   open ──delta or chunk──▶ open, text appended (cut at MAX_ASSEMBLED_TEXT_LENGTH)
//   open ──start of its key──▶ open, empty again
//   open ──end──▶ (none): its text is the end event's
//   open, the oldest ──a bound is passed──▶ dropped (counted: later ends may lack deltas)
//
// A `*_chunk` without an id continues the open message that is its scope's (family and
// actor) last chunk; scopes are charged to the total, so they are bounded with the messages.

import { cutText } from "../base/json.js";

/** UTF-16 code units of assembled text kept per message (1 Mi); the rest is cut, and reported. */
export const MAX_ASSEMBLED_TEXT_LENGTH = 1024 * 1024;
/** Streamed messages without their end event yet that are assembled at once; the oldest is dropped. */
export const MAX_OPEN_ASSEMBLED_MESSAGES = 1024;
/** UTF-16 code units all open messages may hold together (16 Mi, ids included); the oldest is dropped. */
export const MAX_ASSEMBLED_TOTAL_LENGTH = 16 * 1024 * 1024;

/** Deltas are joined this many at a time, so tiny deltas do not each keep a string alive. */
const JOIN_EVERY = 256;

export class OpenMessage {
  text = "";
  /** Deltas after `text`, not joined yet; none until a second delta (most messages have one). */
  parts: string[] | undefined;
  length = 0;
  cut = false;
  /** The family and actor whose id-less chunks continue this message, while it does. */
  chunkScope: string | undefined;
  /** Its key in the table of open messages. */
  readonly key: string;
  /** Opened by a delta after some message was dropped: its earlier deltas may be gone. */
  readonly partial: boolean;

  constructor(key: string, partial: boolean) {
    this.key = key;
    this.partial = partial;
  }

  /** Appends what fits under the cap; returns the code units kept. */
  append(delta: string): number {
    const room = MAX_ASSEMBLED_TEXT_LENGTH - this.length;
    let kept = delta;
    if (delta.length > room) {
      this.cut = true;
      kept = cutText(delta, room);
    }
    if (kept.length === 0) return 0;
    this.length += kept.length;
    if (this.length === kept.length)
      this.text = kept; // the first delta: no array yet
    else if (this.parts === undefined) this.parts = [kept];
    else if (this.parts.push(kept) >= JOIN_EVERY) this.flush();
    return kept.length;
  }

  flush(): string {
    if (this.parts !== undefined) {
      this.text += this.parts.join("");
      this.parts = undefined;
    }
    return this.text;
  }
}

/** What an assembler remembers, as JSON (monitor snapshots): open messages, oldest first. */
export interface AssemblerState {
  /** Key, text so far, cut, partial, and the chunk scope it continues (or null). */
  open: [key: string, text: string, cut: boolean, partial: boolean, chunkScope: string | null][];
  dropped: number;
}

/** The open messages of one assembler, and their transitions (see the table above). */
export interface OpenMessages {
  /** Open messages dropped unfinished so far. */
  readonly dropped: number;
  /** The key of the open message an id-less chunk of `scope` continues. */
  chunkKey(scope: string): string | undefined;
  /** A start event: the message begins (again: what a restarted id held is not part of it). */
  start(key: string): void;
  /** A delta, or a chunk (of `chunkScope`): its text is appended to its message's. */
  append(key: string, delta: unknown, chunkScope?: string): void;
  /** The end event: the message is complete and forgotten; undefined when it is not open. */
  end(key: string): OpenMessage | undefined;
  save(): AssemblerState;
}

const savedEntry = (e: OpenMessage): AssemblerState["open"][number] => [
  e.key,
  e.flush(),
  e.cut,
  e.partial,
  e.chunkScope ?? null,
];

/**
 * No open message, or an assembler's saved state (checked: ag-ui-snapshot.ts) rebuilt through
 * the same bounds as a trace (a doctored snapshot cannot hold more).
 * `open` is in age order (the first is the oldest); `total` counts the code units held (keys,
 * texts and chunk scopes); `lastChunk` is the open message an id-less `*_chunk` continues, per
 * family and actor: that message holds the scope (and is charged for it), or none does.
 */
export function openMessages(saved?: AssemblerState): OpenMessages {
  const open = new Map<string, OpenMessage>();
  let total = 0;
  const lastChunk = new Map<string, OpenMessage>();
  let dropped = 0;

  const scope = (entry: OpenMessage, scope: string) => {
    const previous = lastChunk.get(scope);
    if (previous !== undefined) previous.chunkScope = undefined;
    else total += scope.length;
    entry.chunkScope = scope;
    lastChunk.set(scope, entry);
  };
  const forget = (key: string): OpenMessage | undefined => {
    const entry = open.get(key);
    if (entry === undefined) return undefined;
    if (entry.chunkScope !== undefined) lastChunk.delete(entry.chunkScope);
    open.delete(key);
    total -= entry.key.length + entry.length + (entry.chunkScope?.length ?? 0);
    return entry;
  };
  const within = () =>
    open.size <= MAX_OPEN_ASSEMBLED_MESSAGES && total <= MAX_ASSEMBLED_TOTAL_LENGTH;
  // Drops the oldest open messages (never `keep`, the one just written) until within bounds.
  const shrink = (keep: string) => {
    if (within()) return;
    for (const key of open.keys()) {
      if (within()) return;
      if (key === keep) continue;
      forget(key); // deleting while iterating a Map is safe: iteration goes on after it
      dropped++;
    }
  };
  const opened = (key: string, partial: boolean): OpenMessage => {
    let entry = open.get(key);
    if (entry === undefined) {
      entry = new OpenMessage(key, partial);
      open.set(key, entry);
      total += key.length;
      shrink(key);
    }
    return entry;
  };

  if (saved !== undefined) {
    dropped = saved.dropped;
    for (const [key, text, cut, partial, chunkScope] of saved.open) {
      forget(key);
      const entry = opened(key, partial);
      total += entry.append(text);
      entry.cut ||= cut;
      if (chunkScope !== null && open.has(key)) scope(entry, chunkScope);
      shrink(key);
    }
  }

  return {
    get dropped() {
      return dropped;
    },
    chunkKey: (scope) => lastChunk.get(scope)?.key,
    start(key) {
      forget(key);
      opened(key, false);
    },
    append(key, delta, chunkScope) {
      const entry = opened(key, dropped > 0);
      // A scope is never empty: it starts with its family's name.
      if (chunkScope && entry.chunkScope === undefined) scope(entry, chunkScope);
      if (typeof delta === "string") total += entry.append(delta);
      shrink(key);
    },
    end: forget,
    save: () => ({ open: [...open.values()].map(savedEntry), dropped }),
  };
}
