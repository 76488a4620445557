// The caches of this package: bounded LRU caches (@oatf/model's LruCache) for values keyed
// by text, identity caches for objects, all registered so `clearCaches` can empty them.
// Module-level caches are created `/* @__PURE__ */`: registering one serves only to empty it,
// so a bundle that never uses a cache leaves it out.
import { LruCache } from "@oatf/model/internal";

const registry = new Set<{ clear(): void }>();

/** A bounded LRU cache that `clearCaches` empties. */
export function registeredLru<K, V>(maxSize: number): LruCache<K, V> {
  const cache = new LruCache<K, V>(maxSize);
  registry.add(cache);
  return cache;
}

/**
 * A cache keyed by object identity (indicators, conditions, predicates): entries live as
 * long as their key. Unlike a bare WeakMap it can be emptied by `clearCaches`.
 */
export class WeakCache<K extends object, V> {
  #entries = new WeakMap<K, V>();
  // The last entry looked up: the one-shot functions are called in loops over one indicator
  // or condition, and comparing one reference costs a fraction of a WeakMap lookup. It keeps
  // that one key alive until another is looked up (or `clearCaches`).
  #lastKey: K | undefined;
  #lastValue: V | undefined;

  constructor() {
    registry.add(this);
  }

  getOrCreate(key: K, create: (key: K) => V): V {
    if (key === this.#lastKey) return this.#lastValue as V;
    let value = this.#entries.get(key);
    if (value === undefined) {
      value = create(key);
      this.#entries.set(key, value);
    }
    this.#lastKey = key;
    this.#lastValue = value;
    return value;
  }

  set(key: K, value: V): void {
    this.#entries.set(key, value);
    if (key === this.#lastKey) this.#lastValue = value;
  }

  clear(): void {
    this.#entries = new WeakMap();
    this.#lastKey = undefined;
    this.#lastValue = undefined;
  }
}

/** Empties every cache of this package (used when the regex engine changes). */
export function clearCaches(): void {
  for (const cache of registry) cache.clear();
}
