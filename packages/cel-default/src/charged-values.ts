// Iteration of the lists this package makes (the message's views and the lists `+` builds),
// charged per element. Hand-written rather than a generator: a generator's suspend and resume
// cost more than a whole comprehension step before V8 optimises them, and a comprehension
// copies its range through this iterator before its first step.
import type { CelValue } from "@bufbuild/cel";
import { spend } from "./guard.js";

/** Yields `convert(items[i])` for i below `size`, charging `units` before each. */
export class ChargedValues implements IterableIterator<CelValue> {
  private index = 0;
  constructor(
    private readonly items: readonly unknown[],
    private readonly size: number,
    private readonly units: number,
    private readonly convert: (item: unknown) => CelValue,
  ) {}
  next(): IteratorResult<CelValue> {
    if (this.index >= this.size) return { done: true, value: undefined };
    spend(this.units);
    return { done: false, value: this.convert(this.items[this.index++]) };
  }
  [Symbol.iterator](): IterableIterator<CelValue> {
    return this;
  }
}
