// A small least-recently-used cache. Every compiler in this package caches through it,
// so memory stays bounded however many distinct patterns, paths or templates flow in.

const registry = new Set<LruCache<unknown, unknown>>();

export class LruCache<K, V> {
  readonly #entries = new Map<K, V>();
  readonly maxSize: number;

  constructor(maxSize: number) {
    this.maxSize = Math.max(1, Math.floor(maxSize));
    registry.add(this as LruCache<unknown, unknown>);
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
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
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

/** Empties every cache of this package (used when the regex engine changes). */
export function clearCaches(): void {
  for (const cache of registry) cache.clear();
}
