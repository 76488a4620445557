// The deadline of guard.ts on a clock the test moves: when it reads the clock, when the units
// charged end it, and which deadline a charge goes to.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Deadline, DeadlineExceeded, spend, withDeadline } from "../src/guard.js";

let now = 0;
beforeEach(() => {
  now = 1000;
  vi.spyOn(performance, "now").mockImplementation(() => now);
});
afterEach(() => vi.restoreAllMocks());

/** A deadline of `timeoutMs` started now (t = 1000 ms). */
function started(timeoutMs: number): Deadline {
  const d = new Deadline();
  d.start(timeoutMs);
  return d;
}

/** Charges `units` `times` times; the results of all the charges. */
const chargeMany = (d: Deadline, times: number, units = 1) =>
  Array.from({ length: times }, () => d.charge(units));

describe("Deadline", () => {
  it("never passes before it is started", () => {
    const d = new Deadline();
    now = 1e12;
    expect(d.charge(1e15)).toBe(true);
    expect(d.check()).toBe(true);
    expect(d.passed()).toBe(false);
  });

  it("reads the clock at every 64th small charge: once the time is up, the 64th fails", () => {
    const d = started(10);
    now = 1011;
    expect(chargeMany(d, 63)).toEqual(Array(63).fill(true));
    expect(d.charge(1)).toBe(false);
    expect(d.charge(1)).toBe(false);
  });

  it("counts the 64 charges from the last reading", () => {
    const d = started(10);
    expect(chargeMany(d, 64)).toEqual(Array(64).fill(true)); // read at 1000: in time
    now = 1011;
    expect(chargeMany(d, 63)).toEqual(Array(63).fill(true));
    expect(d.charge(1)).toBe(false);
  });

  it("reads the clock too once 50,000 units were charged since the last reading", () => {
    const late = started(10);
    now = 1011;
    expect(late.charge(49_999)).toBe(true);
    expect(late.charge(1)).toBe(false);

    now = 1000;
    const d = started(10);
    expect(d.charge(50_000)).toBe(true); // read at 1000: in time
    now = 1011;
    expect(d.charge(49_999)).toBe(true);
    expect(d.charge(1)).toBe(false);
  });

  it("refuses a charge whose work would end past the deadline (1,000,000 units a ms)", () => {
    expect(started(10).charge(10_000_000)).toBe(true); // ends at 1010: just in time
    expect(started(10).charge(10_000_001)).toBe(false);
    const d = started(10);
    now = 1005;
    expect(d.charge(5_000_000)).toBe(true);
    expect(d.charge(5_000_001)).toBe(false);
  });

  it("ends once the units charged exceed twice the time limit, whatever the clock says", () => {
    const d = started(10); // 20,000,000 units
    expect(d.charge(9_000_000)).toBe(true);
    expect(d.charge(9_000_000)).toBe(true);
    expect(d.charge(2_000_000)).toBe(true); // exactly the budget
    expect(d.charge(1)).toBe(false);
    expect(d.check()).toBe(false);
  });

  it("start begins afresh: time, units and the expired flag", () => {
    const d = started(10);
    now = 1011;
    expect(d.check()).toBe(false);
    d.start(10);
    expect(d.check()).toBe(true);
    expect(chargeMany(d, 2, 9_000_000)).toEqual([true, true]);
    d.start(10);
    expect(chargeMany(d, 2, 9_000_000)).toEqual([true, true]);
  });

  it("check reads the clock: the deadline itself is still in time, a moment later is not", () => {
    const d = started(10);
    now = 1010;
    expect(d.check()).toBe(true);
    now = 1010.5;
    expect(d.check()).toBe(false);
    now = 1000; // once passed, it stays passed
    expect(d.check()).toBe(false);
    expect(d.charge(1)).toBe(false);
  });

  it("passed() is a one-unit charge, true once the deadline has passed", () => {
    const d = started(10);
    expect(d.passed()).toBe(false);
    d.charge(20_000_000);
    expect(d.passed()).toBe(true);
  });
});

describe("spend and withDeadline", () => {
  it("outside any evaluation, charges go to a deadline that never passes", () => {
    expect(() => spend(1e15)).not.toThrow();
  });

  it("charge the deadline in force, and restore the previous one afterwards", () => {
    const outer = started(10); // 20,000,000 units
    const unlimited = started(Number.POSITIVE_INFINITY);
    const run = () =>
      withDeadline(outer, () => {
        withDeadline(unlimited, () => spend(9_000_000));
        spend(9_000_000);
        spend(9_000_000);
        spend(3_000_000); // the outer deadline's 21,000,000th unit
      });
    expect(run).toThrow(DeadlineExceeded);
    expect(outer.expired).toBe(true);
    expect(unlimited.expired).toBe(false);
    expect(() => spend(1e15)).not.toThrow();
  });

  it("return what the run returns", () => {
    expect(withDeadline(started(10), () => 42)).toBe(42);
  });
});
