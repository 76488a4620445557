// A bounded least-recently-used cache: the one every compiler of the SDK caches through
// (@oatf/evaluate's regex, template and duration caches, @oatf/cel-default's programs), so
// memory stays bounded however many distinct inputs flow in ("compile once, evaluate many").

export class LruCache<K, V> {
  readonly #entries = new Map<K, V>();
  readonly maxSize: number;

  /** `maxSize` 0 caches nothing; a non-finite size counts as 0, never as unbounded. */
  constructor(maxSize: number) {
    this.maxSize = Number.isFinite(maxSize) ? Math.max(0, Math.floor(maxSize)) : 0;
  }

  get size(): number {
    return this.#entries.size;
  }

  get(key: K): V | undefined {
    const value = this.#entries.get(key);
    if (value !== undefined) {
      // Map keeps insertion order: re-inserting marks the entry most recently used.
      this.#entries.delete(key);
      this.#entries.set(key, value);
    }
    return value;
  }

  set(key: K, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    if (this.#entries.size > this.maxSize) {
      // Over the bound, so at least one entry: the first key is the least recently used.
      this.#entries.delete(this.#entries.keys().next().value as K);
    }
  }

  /** Returns the cached value for `key`, computing and storing it on a miss. */
  getOrCreate(key: K, create: (key: K) => V): V {
    let value = this.get(key);
    if (value === undefined) {
      value = create(key);
      this.set(key, value);
    }
    return value;
  }

  clear(): void {
    this.#entries.clear();
  }
}
