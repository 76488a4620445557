// A table whose memory is bounded by documented constants whatever the input (issue 23 §8):
// at most `maxEntries` entries and `maxChars` UTF-16 code units of what they store (keys
// included, each entry charged by its owner). Inserting past either bound forgets the
// oldest entries first and says how many; the caller must make that loss visible.

/** What a key is charged: its length, or 8 for a number key. */
const keyCost = (key: string | number) => (typeof key === "string" ? key.length : 8);

export class BoundedTable<V, K extends string | number = string> {
  readonly #entries = new Map<K, { value: V; cost: number }>();
  #chars = 0;
  readonly maxEntries: number;
  readonly maxChars: number;
  /** Told of each entry forgotten to stay within bounds (not of those taken or replaced). */
  readonly #onForget: ((key: K, value: V) => void) | undefined;

  constructor(maxEntries: number, maxChars: number, onForget?: (key: K, value: V) => void) {
    this.maxEntries = maxEntries;
    this.maxChars = maxChars;
    this.#onForget = onForget;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** Code units charged to the entries held now. */
  get chars(): number {
    return this.#chars;
  }

  /** The entries, oldest first, with the cost each was stored with (key excluded). */
  *entries(): IterableIterator<[K, V, number]> {
    for (const [key, { value, cost }] of this.#entries) yield [key, value, cost - keyCost(key)];
  }

  get(key: K): V | undefined {
    return this.#entries.get(key)?.value;
  }

  /**
   * A memo for a pure function: the value of `key`, made by `create` (charged `cost`) and
   * stored when missing. Forgetting an entry to stay within bounds costs only making it again,
   * so nothing is reported. `create` must not return undefined.
   */
  getOrCreate(key: K, create: () => V, cost: number): V {
    let value = this.get(key);
    if (value === undefined) {
      value = create();
      this.set(key, value, cost);
    }
    return value;
  }

  /** Removes and returns the entry of `key`. */
  take(key: K): V | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    this.#entries.delete(key);
    this.#chars -= entry.cost;
    return entry.value;
  }

  /** Whether `set(key, value, cost)` would keep every entry (forget none to stay within bounds). */
  fits(key: K, cost: number): boolean {
    const held = this.#entries.get(key);
    return (
      this.#entries.size + (held === undefined ? 1 : 0) <= this.maxEntries &&
      this.#chars - (held?.cost ?? 0) + keyCost(key) + cost <= this.maxChars
    );
  }

  /**
   * Stores `value` (newest; `cost` charged besides the key) and returns how many entries
   * were forgotten to stay within bounds (the new one too, if it alone is over budget).
   */
  set(key: K, value: V, cost: number): number {
    this.take(key);
    const charged = keyCost(key) + cost;
    this.#entries.set(key, { value, cost: charged });
    this.#chars += charged;
    let forgotten = 0;
    while (this.#entries.size > this.maxEntries || this.#chars > this.maxChars) {
      const oldest = this.#entries.keys().next().value as K;
      const value = this.take(oldest) as V;
      this.#onForget?.(oldest, value);
      forgotten++;
    }
    return forgotten;
  }
}
