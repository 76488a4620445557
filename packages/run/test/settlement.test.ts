// Format §4.2 `grace_period`: "tools MUST use the specified duration as the post-terminal-phase
// observation window". A valid duration may exceed what setTimeout holds (2^31-1 ms, about
// 24.8 days): `30d` is V-046-valid. The window must then wait (until the run's timeout), never
// end at once. Fake timers behave as Node does past that limit (the delay becomes 1 ms).
import { parseDuration } from "@oatf/model";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Diagnostics } from "../src/diagnostics.js";
import type { PhaseMachine } from "../src/phase-machine.js";
import { Settlement } from "../src/settlement.js";

const DAY = 24 * 60 * 60 * 1000;

function settlement(graceMs: number) {
  const reports: { code: string; message: string }[] = [];
  const diagnostics = { report: (d: { code: string; message: string }) => reports.push(d) };
  const machines = [{ settled: true, name: "a", phaseName: "p" }] as unknown as PhaseMachine[];
  const s = new Settlement(machines, () => true, graceMs, diagnostics as unknown as Diagnostics);
  s.starting = false;
  return { s, reports };
}

describe("Settlement timers past setTimeout's limit", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setImmediate"] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("a 30-day grace_period keeps observing: the run's timeout ends it, not a 1 ms timer", () => {
    const grace = parseDuration("30d");
    expect(grace).toEqual({ ok: true, value: 30 * DAY });
    const { s, reports } = settlement(grace.ok ? grace.value : 0);
    s.arm(120_000);
    s.poke(); // every actor settled: the observation window is armed
    vi.advanceTimersByTime(60_000);
    expect(s.ended).toBeUndefined();
    vi.advanceTimersByTime(60_000);
    expect(s.ended).toBe("settled");
    expect(reports.map((r) => r.code)).toEqual(["run/timeout"]);
    expect(reports[0]!.message).toMatch(/cut short by the timeout/);
  });

  it("a timeout option past the limit does not time the run out at once", () => {
    const { s } = settlement(250);
    s.starting = true; // nothing settles: only the timeout can end the run
    s.arm(30 * DAY);
    vi.advanceTimersByTime(DAY);
    expect(s.ended).toBeUndefined();
  });
});
