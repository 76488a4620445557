// The bounds of guard.ts: the cost budget, which alone decides on any machine, and the clock
// backstop, on a clock the test moves: when it reads the clock, and which deadline a charge
// goes to.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { currentRun, Deadline, DeadlineExceeded, spend, withDeadline } from "../src/guard.js";

let now = 0;
beforeEach(() => {
  now = 1000;
  vi.spyOn(performance, "now").mockImplementation(() => now);
});
afterEach(() => vi.restoreAllMocks());

/** A deadline with a budget of `maxCost` units and a backstop of `timeoutMs`, started now (t = 1000 ms). */
function started(maxCost: number, timeoutMs = Number.POSITIVE_INFINITY): Deadline {
  const d = new Deadline();
  d.start(maxCost, timeoutMs);
  return d;
}

/** Charges `units` `times` times; the results of all the charges. */
const chargeMany = (d: Deadline, times: number, units = 1) =>
  Array.from({ length: times }, () => d.charge(units));

describe("the cost budget", () => {
  it("takes charges up to the budget exactly, and refuses the one that would pass it", () => {
    const d = started(100);
    expect(d.charge(60)).toBe(true);
    expect(d.charge(40)).toBe(true); // exactly the budget
    expect(d.spent).toBe(100);
    expect(d.charge(1)).toBe(false);
    expect(d.breach).toBe("cost");
    expect(d.spent).toBe(100); // a refused charge is not spent
  });

  it("refuses one charge larger than what is left before its work starts, whatever the clock", () => {
    const d = started(100, 10);
    expect(d.charge(101)).toBe(false);
    expect(d.breach).toBe("cost");
    now = 1e9; // the clock no longer matters once the budget decided
    expect(d.check()).toBe(false);
    expect(d.breach).toBe("cost");
  });

  it("stays breached: later charges fail, even small ones", () => {
    const d = started(10);
    d.charge(11);
    expect(chargeMany(d, 3)).toEqual([false, false, false]);
    expect(d.passed()).toBe(true);
  });

  it("does not read the clock to decide: a stopped clock and a racing one give the same charges", () => {
    const charges = [5, 70, 3, 20, 2, 1];
    const results = (tick: number) => {
      const d = started(100);
      return charges.map((u) => {
        now += tick;
        return d.charge(u);
      });
    };
    expect(results(0)).toEqual([true, true, true, true, true, false]);
    expect(results(1e6)).toEqual(results(0));
  });

  it("passed(units) is a charge of `units`, true once the budget is spent", () => {
    const d = started(10);
    expect(d.passed(10)).toBe(false);
    expect(d.passed()).toBe(true);
  });

  it("never passes before it is started", () => {
    const d = new Deadline();
    now = 1e12;
    expect(d.charge(1e15)).toBe(true);
    expect(d.check()).toBe(true);
    expect(d.passed()).toBe(false);
    expect(d.run).toBe(0);
  });
});

describe("the clock backstop", () => {
  it("reads the clock at every 64th small charge: once the time is up, the 64th fails", () => {
    const d = started(Number.POSITIVE_INFINITY, 10);
    now = 1011;
    expect(chargeMany(d, 63)).toEqual(Array(63).fill(true));
    expect(d.charge(1)).toBe(false);
    expect(d.breach).toBe("time");
    expect(d.charge(1)).toBe(false);
  });

  it("counts the 64 charges from the last reading", () => {
    const d = started(Number.POSITIVE_INFINITY, 10);
    expect(chargeMany(d, 64)).toEqual(Array(64).fill(true)); // read at 1000: in time
    now = 1011;
    expect(chargeMany(d, 63)).toEqual(Array(63).fill(true));
    expect(d.charge(1)).toBe(false);
  });

  it("reads the clock too once 50,000 units were charged since the last reading", () => {
    const late = started(Number.POSITIVE_INFINITY, 10);
    now = 1011;
    expect(late.charge(49_999)).toBe(true);
    expect(late.charge(1)).toBe(false);

    now = 1000;
    const d = started(Number.POSITIVE_INFINITY, 10);
    expect(d.charge(50_000)).toBe(true); // read at 1000: in time
    now = 1011;
    expect(d.charge(49_999)).toBe(true);
    expect(d.charge(1)).toBe(false);
  });

  it("check reads the clock: the deadline itself is still in time, a moment later is not", () => {
    const d = started(Number.POSITIVE_INFINITY, 10);
    now = 1010;
    expect(d.check()).toBe(true);
    now = 1010.5;
    expect(d.check()).toBe(false);
    expect(d.breach).toBe("time");
    now = 1000; // once passed, it stays passed
    expect(d.check()).toBe(false);
    expect(d.charge(1)).toBe(false);
  });

  it("Infinity never expires", () => {
    const d = started(Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY);
    now = 1e15;
    expect(chargeMany(d, 200, 1e6).every(Boolean)).toBe(true);
    expect(d.check()).toBe(true);
  });
});

describe("start", () => {
  it("begins afresh: time, units, the breach, and a new run number", () => {
    const d = started(100, 10);
    const first = d.run;
    d.charge(101);
    d.start(100, 10);
    expect(d.breach).toBeUndefined();
    expect(d.spent).toBe(0);
    expect(d.run).toBeGreaterThan(first);
    expect(chargeMany(d, 2, 50)).toEqual([true, true]);
    now = 1011;
    expect(d.check()).toBe(false);
    d.start(100, 10);
    expect(d.check()).toBe(true);
  });
});

describe("spend, currentRun and withDeadline", () => {
  it("outside any evaluation, charges go to a deadline that never passes", () => {
    expect(() => spend(1e15)).not.toThrow();
    expect(currentRun()).toBe(0);
  });

  it("charge the deadline in force, and restore the previous one afterwards", () => {
    const outer = started(20_000_000);
    const unlimited = started(Number.POSITIVE_INFINITY);
    const run = () =>
      withDeadline(outer, () => {
        expect(currentRun()).toBe(outer.run);
        withDeadline(unlimited, () => {
          expect(currentRun()).toBe(unlimited.run);
          spend(9_000_000);
        });
        spend(9_000_000);
        spend(9_000_000);
        spend(3_000_000); // would be the outer budget's 21,000,000th unit
      });
    expect(run).toThrow(DeadlineExceeded);
    expect(outer.expired).toBe(true);
    expect(outer.spent).toBe(18_000_000);
    expect(unlimited.expired).toBe(false);
    expect(() => spend(1e15)).not.toThrow();
    expect(currentRun()).toBe(0);
  });

  it("return what the run returns", () => {
    expect(withDeadline(started(10), () => 42)).toBe(42);
  });
});
