// The overload dispatch of dispatch.ts gives the library's answers: the same result, the same
// error, or the same "no overload" for any function of the environment on any arguments.
import {
  type CelFunc,
  CelScalar,
  type CelType,
  type CelValue,
  celEnv,
  celFunc,
  celList,
  celType,
  celUint,
  isCelError,
  parse,
  plan,
} from "@bufbuild/cel";
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { equals } from "../src/builtins.js";
import { fastGroup, type Group } from "../src/dispatch.js";
import { environment } from "../src/evaluator.js";
import { resolveOptions } from "../src/options.js";
import { toCel } from "../src/values.js";

const env = environment(resolveOptions({}));
const funcs = env.funcs as unknown as { find(name: string): Group | undefined } & Iterable<CelFunc>;
const names = [...new Set([...funcs].map((f) => f.name))].sort();
const call = (name: string, ...args: CelValue[]) =>
  funcs.find(name)?.call(0n, undefined, args) as CelValue;

/** Values of every kind the dispatch tells apart, and of the ones it leaves to the library. */
const ints = fc.oneof(
  fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }),
  fc.integer({ min: -5, max: 5 }).map(BigInt),
);
const strings = fc.oneof(
  fc.string({ maxLength: 6 }),
  fc.constantFrom("1", "-7", "2024-01-01T00:00:00Z", "90s", "a.*", "true", "1.5"),
);
const uints = fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }).map(celUint);
const timestamps = fc.integer({ min: -1e9, max: 1e9 }).map((s) => call("timestamp", BigInt(s)));
const durations = fc.integer({ min: -1e6, max: 1e6 }).map((s) => call("duration", `${s}s`));
const scalar = fc.oneof(
  ints,
  fc.double(),
  strings,
  fc.boolean(),
  fc.constant(null),
  fc.uint8Array({ maxLength: 4 }),
  uints,
  timestamps,
  durations,
  fc.constant(celType(1n) as unknown as CelValue),
);
const lists = fc.oneof(
  fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 3 })), { maxLength: 3 }).map(toCel),
  fc.array(scalar, { maxLength: 3 }).map((a) => celList(a)),
);
const maps = fc.dictionary(fc.string({ maxLength: 3 }), fc.integer(), { maxKeys: 3 }).map(toCel);
const value: fc.Arbitrary<CelValue> = fc.oneof({ weight: 4, arbitrary: scalar }, lists, maps);

/**
 * Runs `body` inside an evaluation (time values and equality read the library's evaluation
 * context), from a function the expression calls; what it throws is thrown again here.
 */
function inEvaluation(body: () => void): void {
  let thrown: unknown;
  const probe = celFunc("probe", [], CelScalar.BOOL, () => {
    try {
      body();
    } catch (e) {
      thrown = e;
    }
    return true;
  });
  plan(celEnv({ funcs: [probe] }), parse("probe()"))({});
  if (thrown !== undefined) throw thrown;
}

/** Values of the type an overload declares (any value for `dyn` and the types not listed). */
function valuesOfType(type: CelType): fc.Arbitrary<CelValue> {
  const byName: Record<string, fc.Arbitrary<CelValue>> = {
    int: ints,
    uint: uints,
    double: fc.double(),
    bool: fc.boolean(),
    string: strings,
    bytes: fc.uint8Array({ maxLength: 4 }),
    null_type: fc.constant(null),
    list: lists,
    map: maps,
    "google.protobuf.Timestamp": timestamps,
    "google.protobuf.Duration": durations,
  };
  return byName[type.name] ?? value;
}

/** A call of one of the environment's overloads, with arguments of the types it declares. */
const fitting = fc.constantFrom(...funcs).chain((f) =>
  fc.record({
    name: fc.constant(f.name),
    target: f.target ? valuesOfType(f.target) : fc.constant(undefined),
    args: fc.tuple(...f.arguments.map(valuesOfType)),
  }),
);
/** A call of a function of the environment on any target and arguments. */
const any = fc.record({
  name: fc.constantFrom(...names),
  target: fc.option(value, { nil: undefined }),
  args: fc.array(value, { maxLength: 3 }),
});

/** The same result: the same error message, or equal values of the same CEL type. */
function same(a: unknown, b: unknown): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (isCelError(a) || isCelError(b)) {
    return isCelError(a) && isCelError(b) && a.message === b.message && a.exprId === b.exprId;
  }
  const x = a as CelValue;
  const y = b as CelValue;
  if (String(celType(x)) !== String(celType(y))) return false;
  return Object.is(x, y) || equals(x, y) || (Number.isNaN(x) && Number.isNaN(y));
}

describe("overload dispatch by argument kinds", () => {
  it("answers as the library's group: any function, target and arguments", () => {
    inEvaluation(() =>
      fc.assert(
        fc.property(fc.oneof(fitting, any), ({ name, target, args }) => {
          const group = funcs.find(name) as Group;
          const id = 7n;
          const fast = fastGroup(group).call(id, target, [...args]);
          const slow = group.call(id, target, [...args]);
          expect(same(fast, slow), `${name} on ${String(target)} (${args.map(String)})`).toBe(true);
        }),
        { numRuns: 4000 },
      ),
    );
  });

  it("a value whose type its kind does not fix takes the library's path", () => {
    // A type value: `type(1) == int`, through `_==_`'s generic overload.
    const int = celType(1n) as unknown as CelValue;
    const group = funcs.find("_==_") as Group;
    inEvaluation(() => {
      expect(fastGroup(group).call(1n, undefined, [int, int])).toBe(true);
      expect(fastGroup(group).call(1n, undefined, [int, celType("") as never])).toBe(false);
    });
  });

  it("runs a picked overload's implementation without the library's second type check", () => {
    const increment = celFunc("inc", [CelScalar.INT], CelScalar.INT, (x: bigint) => x + 1n);
    const check = vi.spyOn(increment, "call");
    const group = Object.assign([increment], { call: increment.call.bind(increment) });
    expect(fastGroup(group as unknown as Group).call(1n, undefined, [1n])).toBe(2n);
    expect(check).not.toHaveBeenCalled();
    // Where @bufbuild/cel keeps the implementation, for every overload of the environment.
    const without = [...funcs].filter(
      (f) => typeof (f as { _impl?: unknown })._impl !== "function",
    );
    expect(without.map((f) => f.name)).toEqual([]);
  });
});
