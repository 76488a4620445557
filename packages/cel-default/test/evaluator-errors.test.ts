// What evaluate and check return when they cannot give a value (README, "Values and numbers"
// and "API"): every failure is a Result with the documented kind and an exact message, never a
// throw, whatever the expression, the context or its getters do.
import { type CelEvaluatorOptions, createCelEvaluator, DEFAULT_OPTIONS } from "@oatf/cel-default";
import type { Value } from "@oatf/model";
import { describe, expect, it } from "vitest";
import * as browser from "../src/browser.js";

/** A time limit that a loaded machine cannot reach, where the limit is not under test. */
const roomy = (options: CelEvaluatorOptions = {}) =>
  createCelEvaluator({ timeoutMs: 10_000, ...options });

const celError = (message: string) => ({ ok: false, error: { kind: "cel_error", message } });

describe("the expression argument", () => {
  it.each([123, undefined, null, {}])("%s is not a string: an error, not a throw", (e) => {
    const cel = roomy();
    expect(cel.evaluate(e as never, {})).toEqual(celError("expression must be a string"));
    expect(cel.check(e as never)).toEqual({
      ok: false,
      error: { message: "expression must be a string" },
    });
  });

  it("an invalid expression is a cel_error that names the position when the parser gives one", () => {
    const cel = roomy();
    expect(cel.evaluate("a &&\n  b +", {})).toEqual(
      celError("invalid expression at 2:6: found end of input but expecting an expression"),
    );
    expect(roomy({ maxExpressionLength: 3 }).evaluate("1 + 2", {})).toEqual(
      celError("invalid expression: expression is longer than 3 characters"),
    );
  });
});

describe("runtime errors", () => {
  const run = (expression: string, context: Record<string, Value> = {}) =>
    roomy().evaluate(expression, context);

  it("carry the CEL message and the position of the failing node", () => {
    expect(run("message.nope", { message: {} })).toEqual(
      celError("field not found: nope (at 1:8)"),
    );
    expect(run("true &&\n  m.x.y", { m: { x: 1 } })).toEqual(
      celError("field not found: y (at 2:6)"),
    );
  });

  it("an error the library raises without a node has no position", () => {
    expect(run("1 / 0")).toEqual(celError("int divide by zero"));
  });

  it("an unknown function is unsupported_method; other failed calls are cel_error", () => {
    expect(run("x.foo()", { x: 1 })).toEqual({
      ok: false,
      error: { kind: "unsupported_method", message: "unbound function: foo (at 1:2)" },
    });
    expect(run("'a'.lowerAscii()")).toMatchObject({ error: { kind: "unsupported_method" } });
    expect(run("1 in x", { x: 1 })).toEqual(
      celError("found no matching overload for '@in' applied to '(int, int)' (at 1:2)"),
    );
  });
});

describe("results", () => {
  it("a result with no JSON form is a type_error", () => {
    expect(roomy().evaluate("b'a'", {})).toEqual({
      ok: false,
      error: { kind: "type_error", message: "result of type bytes has no JSON form" },
    });
  });

  it.each([
    ["1", "int"],
    ["1u", "uint"],
    ["1.5", "double"],
    ["'s'", "string"],
    ["b'a'", "bytes"],
    ["null", "null_type"],
    ["[true]", "list"],
    ["{'a': true}", "map"],
    ["x", "map"],
    ["int", "type"],
    ["timestamp(0)", "google.protobuf.Timestamp"],
  ])("under requireBoolean, %s is a type_error naming its type, %s", (e, type) => {
    const cel = roomy({ requireBoolean: true });
    expect(cel.evaluate(e, { x: { a: true } })).toEqual({
      ok: false,
      error: { kind: "type_error", message: `expected a bool result, got ${type}` },
    });
  });

  it("under requireBoolean, a boolean is returned as usual", () => {
    const cel = roomy({ requireBoolean: true });
    expect(cel.evaluate("x.a", { x: { a: false } })).toEqual({ ok: true, value: false });
  });
});

describe("the context argument", () => {
  it.each([null, undefined, 5, "text"])("%s binds no variables", (context) => {
    const cel = roomy();
    expect(cel.evaluate("1 + 1", context as never)).toEqual({ ok: true, value: 2 });
    expect(cel.evaluate("x", context as never)).toMatchObject({ error: { kind: "cel_error" } });
  });

  it("a getter that throws an Error is a cel_error with its message", () => {
    const context = {
      get x(): Value {
        throw new Error("boom");
      },
    };
    expect(roomy().evaluate("1 == 1", context)).toEqual(celError("boom"));
  });

  it("a getter that throws something else is a cel_error with its string form", () => {
    const context = {
      get x(): Value {
        throw "plain string";
      },
    };
    expect(roomy().evaluate("true", context)).toEqual(celError("plain string"));
  });

  it("a getter that runs past the time limit makes the result a timeout, never ok", () => {
    const context = {
      get slow(): Value {
        const until = performance.now() + 30;
        while (performance.now() < until) {
          // Busy: a getter that holds the thread.
        }
        return 1;
      },
    };
    // "true" charges nothing: only the clock, read once the run has finished, sees the overrun.
    expect(createCelEvaluator({ timeoutMs: 5 }).evaluate("true", context)).toEqual(
      celError("evaluation exceeded the time limit of 5 ms"),
    );
  });
});

describe("ready()", () => {
  it("resolves at once in the default mode", async () => {
    await expect(roomy().ready()).resolves.toBeUndefined();
  });
});

describe("the browser entry", () => {
  it("evaluates with the same defaults, and isolated: true stays in the caller's thread", async () => {
    expect(browser.DEFAULT_OPTIONS).toBe(DEFAULT_OPTIONS);
    const cel = browser.createCelEvaluator({ isolated: true });
    await expect(cel.ready()).resolves.toBeUndefined();
    // A worker could not even receive a function; in the caller's thread it binds as null.
    expect(cel.evaluate("f == null && x + 1 == 2", { f: (() => 1) as never, x: 1 })).toEqual({
      ok: true,
      value: true,
    });
    expect(cel.check("1 +")).toMatchObject({ ok: false, error: { line: 1, column: 4 } });
  });
});
