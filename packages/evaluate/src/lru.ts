// A small least-recently-used cache. Every compiler in this package caches through it,
// so memory stays bounded however many distinct patterns, paths or templates flow in.

const registry = new Set<{ clear(): void }>();

export class LruCache<K, V> {
  readonly #entries = new Map<K, V>();
  readonly maxSize: number;

  constructor(maxSize: number) {
    this.maxSize = Math.max(1, Math.floor(maxSize));
    registry.add(this);
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

/**
 * A cache keyed by object identity (indicators, conditions, predicates): entries live as
 * long as their key. Unlike a bare WeakMap it can be emptied by `clearCaches`.
 */
export class WeakCache<K extends object, V> {
  #entries = new WeakMap<K, V>();

  constructor() {
    registry.add(this);
  }

  getOrCreate(key: K, create: (key: K) => V): V {
    let value = this.#entries.get(key);
    if (value === undefined) {
      value = create(key);
      this.#entries.set(key, value);
    }
    return value;
  }

  set(key: K, value: V): void {
    this.#entries.set(key, value);
  }

  clear(): void {
    this.#entries = new WeakMap();
  }
}

/** Empties every cache of this package (used when the regex engine changes). */
export function clearCaches(): void {
  for (const cache of registry) cache.clear();
}
