import { describe, expect, it } from "vitest";
import { setOwn } from "../src/set-own.js";

describe("setOwn", () => {
  it("makes __proto__ an ordinary own field and leaves the prototype alone", () => {
    const target: Record<string, unknown> = {};
    setOwn(target, "__proto__", { polluted: true });
    expect(Object.getPrototypeOf(target)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(target, "__proto__")).toEqual({
      value: { polluted: true },
      enumerable: true,
      writable: true,
      configurable: true,
    });
    expect(Object.keys(target)).toEqual(["__proto__"]);
    expect(JSON.stringify(target)).toBe('{"__proto__":{"polluted":true}}');
  });

  it("keeps an own __proto__ field editable like any other: reassigned, deleted", () => {
    const target: Record<string, unknown> = {};
    const proto = "__proto__"; // written as data, the way parsed documents hold it
    setOwn(target, proto, 1);
    target[proto] = 2;
    expect(Object.getOwnPropertyDescriptor(target, "__proto__")?.value).toBe(2);
    expect(delete target[proto]).toBe(true);
    expect(Object.hasOwn(target, "__proto__")).toBe(false);
    expect(Object.getPrototypeOf(target)).toBe(Object.prototype);
  });

  it("sets other keys as plain data, in insertion order", () => {
    const target: Record<string, unknown> = {};
    setOwn(target, "b", 1);
    setOwn(target, "constructor", 2);
    setOwn(target, "a", 3);
    expect(Object.entries(target)).toEqual([
      ["b", 1],
      ["constructor", 2],
      ["a", 3],
    ]);
  });
});
