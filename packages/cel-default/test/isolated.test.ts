// Isolated mode: evaluation in a worker thread that is terminated on overrun.
import { createCelEvaluator } from "@oatf/cel-default";
import { beforeAll, describe, expect, it } from "vitest";
import { list } from "./helpers.js";

const list30 = list(30);
const fiveDeep = ["a", "b", "c", "d", "e"].reduceRight(
  (body, v) => `${list30}.all(${v}, ${body})`,
  "a + b + c + d + e >= 0",
);

describe("isolated mode", () => {
  // One worker for the file; its first call pays for the worker's start.
  const cel = createCelEvaluator({ isolated: true, timeoutMs: 10_000 });
  beforeAll(() => cel.ready());

  it("evaluates like the in-thread evaluator, returning plain JSON", () => {
    const context = { message: { tools: [{ name: "admin", n: 2 }] } };
    expect(cel.evaluate("message.tools.exists(t, t.name == 'admin')", context)).toEqual({
      ok: true,
      value: true,
    });
    expect(cel.evaluate("message.tools.map(t, t.n + 1)", context)).toEqual({
      ok: true,
      value: [3],
    });
    expect(cel.evaluate("message.nope", context)).toMatchObject({
      ok: false,
      error: { kind: "cel_error" },
    });
    expect(cel.check("1 +").ok).toBe(false);
  });

  it("a context that cannot be cloned is an error, not a throw", () => {
    const r = cel.evaluate("x", { x: (() => 1) as never });
    expect(r).toEqual({
      ok: false,
      error: {
        kind: "cel_error",
        message: expect.stringMatching(
          /^the context cannot be sent to the isolated worker: .*could not be cloned/,
        ),
      },
    });
    expect(cel.evaluate("1 + 1", {})).toEqual({ ok: true, value: 2 });
  });

  it("the worker evaluates with the caller's options", () => {
    const strict = createCelEvaluator({ isolated: true, requireBoolean: true, timeoutMs: 10_000 });
    expect(strict.evaluate("1", {})).toEqual({
      ok: false,
      error: { kind: "type_error", message: "expected a bool result, got int" },
    });
  });

  it("the worker's own cost budget answers an overrun, the same as in the caller's thread", () => {
    // The default budget, 100,000,000 units, and no clock (the backstop, and the hard stop at
    // twice it, are the non-deterministic last resort, tested below with a tight limit).
    const quick = createCelEvaluator({ isolated: true, timeoutMs: Number.POSITIVE_INFINITY });
    expect(quick.evaluate("1 + 1", {})).toEqual({ ok: true, value: 2 }); // worker started
    const inThread = createCelEvaluator({ timeoutMs: Number.POSITIVE_INFINITY });
    expect(quick.evaluate(fiveDeep, {})).toEqual({
      ok: false,
      error: {
        kind: "cel_error",
        message: "evaluation exceeded the cost budget of 100000000 units",
      },
    });
    expect(quick.evaluate(fiveDeep, {})).toEqual(inThread.evaluate(fiveDeep, {}));
    expect(quick.evaluate("2 + 2", {})).toEqual({ ok: true, value: 4 });
  });

  it("terminates a worker that overruns, and a warm spare answers the next call", async () => {
    const tight = createCelEvaluator({ isolated: true, timeoutMs: 20 });
    await tight.ready();
    // Receiving a million objects takes the worker longer than the hard stop (2 x 20 + 20 ms),
    // and nothing in the worker can interrupt it.
    const items = Array.from({ length: 1_000_000 }, (_, i) => ({ i }));
    expect(tight.evaluate("size(items)", { items })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/worker terminated after 60 ms/) },
    });
    // Without a spare already up, this call would wait for a cold worker, which from sources
    // cannot even start while this thread blocks (see README): it would fail after 10 s.
    expect(tight.evaluate("2 + 2", {})).toEqual({ ok: true, value: 4 });
    // A new spare replaced the one now in use: a second overrun is answered the same way.
    await tight.ready();
    expect(tight.evaluate("size(items)", { items })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/worker terminated after 60 ms/) },
    });
    expect(tight.evaluate("3 + 3", {})).toEqual({ ok: true, value: 6 });
  });
});

describe("isolatedMemoryMb", () => {
  it("bounds the worker's heap: a context too large for it ends the worker, and a spare answers next", async () => {
    // 300,000 objects take about 20 MB in the worker: more than 16 MB, far less than the
    // default 256 MB, with which this evaluation succeeds in about half a second.
    const cel = createCelEvaluator({ isolated: true, isolatedMemoryMb: 16, timeoutMs: 1000 });
    await cel.ready();
    const items = Array.from({ length: 300_000 }, (_, i) => ({ i }));
    expect(cel.evaluate("size(items)", { items })).toEqual({
      ok: false,
      error: {
        kind: "cel_error",
        message: "evaluation exceeded the time limit of 1000 ms (worker terminated after 2020 ms)",
      },
    });
    expect(cel.evaluate("1 + 1", {})).toEqual({ ok: true, value: 2 });
  });
});
