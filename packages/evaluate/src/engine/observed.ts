// What a trace held, by protocol, direction and operation (issue 32 item 3): so the warning of
// an indicator that no message reached can name the surfaces the trace did have. Bounded:
// at most MAX_OBSERVED operations are kept, the first in sort order (not the first seen), so
// shards' tables merge into exactly the table of one evaluation of the whole trace.

/** Messages of one protocol, direction and operation. */
export interface ObservedOperation {
  protocol: string;
  direction: string;
  operation: string;
  count: number;
}

/** What a trace (or one run of it) held: `operations` sum to at most `messages`. */
export interface ObservedTraffic {
  /** Messages pushed. */
  messages: number;
  /** At most MAX_OBSERVED, sorted by protocol, direction, operation (the rest only counted in `messages`). */
  operations: ObservedOperation[];
}

/** Operations kept per trace. */
export const MAX_OBSERVED = 64;
/** Longest protocol + operation kept (code units); longer ones are only counted. */
const MAX_NAME = 256;
const SEP = "\u0000";

/**
 * The key a message of (protocol, direction, operation) is counted under (its fields as read:
 * anything); undefined when one is not a string or the names are too long to keep.
 */
export function observedKey(
  protocol: unknown,
  direction: unknown,
  operation: unknown,
): string | undefined {
  if (typeof protocol !== "string" || typeof operation !== "string") return undefined;
  if (typeof direction !== "string" || protocol.length + operation.length > MAX_NAME)
    return undefined;
  return protocol + SEP + direction + SEP + operation;
}

export class Observed {
  messages = 0;
  /** `protocol SEP direction SEP operation` → messages. */
  readonly counts = new Map<string, number>();

  /** Counts one message, by its `observedKey` (undefined: only counted in `messages`). */
  add(key: string | undefined): void {
    this.messages++;
    if (key !== undefined) this.put(key, 1);
  }

  /** Adds `n` messages under `key` (`protocol SEP direction SEP operation`), within the bound. */
  put(key: string, n: number): void {
    const c = this.counts;
    const had = c.get(key);
    if (had !== undefined) return void c.set(key, had + n);
    if (c.size >= MAX_OBSERVED) {
      // Keep the first MAX_OBSERVED keys in sort order: a later one only displaces a larger.
      let max = key;
      for (const k of c.keys()) if (k > max) max = k;
      if (max === key) return;
      c.delete(max);
    }
    c.set(key, n);
  }

  save(): ObservedTraffic {
    const operations = [...this.counts].sort(([a], [b]) => (a < b ? -1 : 1));
    return {
      messages: this.messages,
      operations: operations.map(([key, count]) => {
        // A name holding SEP splits wrongly here, and joins back into the same key on load.
        const [protocol, direction, ...rest] = key.split(SEP) as [string, string, string];
        return { protocol, direction, operation: rest.join(SEP), count };
      }),
    };
  }
}

// Merging and loading, as functions rather than methods: only merges and monitor restores
// use them, and a bundle that only evaluates traces leaves them out.

/** Adds `other`'s counts to `into`, as if one table had counted both traces. */
export function absorbObserved(into: Observed, other: Observed): void {
  into.messages += other.messages;
  for (const [key, n] of other.counts) into.put(key, n);
}

/** Loads a saved table (untrusted: throws on a malformed one). */
export function loadObserved(saved: ObservedTraffic | undefined): Observed {
  const o = new Observed();
  if (saved === undefined) return o;
  if (!Number.isSafeInteger(saved.messages) || !Array.isArray(saved.operations))
    throw new Error("malformed observed traffic");
  o.messages = saved.messages;
  for (const { protocol, direction, operation, count } of saved.operations) {
    const names = [protocol, direction, operation];
    if (!(Number.isSafeInteger(count) && count > 0 && names.every((n) => typeof n === "string")))
      throw new Error("malformed observed operation");
    o.put(names.join(SEP), count);
  }
  return o;
}
