// Verdict timestamps: the clock reading is shared only by verdicts of one synchronous job
// that come faster than one per millisecond. The clock is stubbed (ISOLATED in vitest.config.ts).
import { afterEach, describe, expect, it, vi } from "vitest";
import { nowIso } from "../src/base/timestamp.js";

const iso = (ms: number) => new Date(ms).toISOString();
const nextJob = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  vi.restoreAllMocks();
});

describe("nowIso", () => {
  it("reads the clock for every verdict while readings differ", async () => {
    await nextJob();
    let ms = 1_700_000_000_000;
    const now = vi.spyOn(Date, "now").mockImplementation(() => ms++);
    const stamps = Array.from({ length: 20 }, () => nowIso());
    expect(now).toHaveBeenCalledTimes(20);
    expect(stamps).toEqual(Array.from({ length: 20 }, (_, i) => iso(1_700_000_000_000 + i)));
  });

  it("shares one reading among the next 15 verdicts after two readings in the same millisecond", async () => {
    await nextJob();
    const ms = 1_710_000_000_000;
    const now = vi.spyOn(Date, "now").mockReturnValue(ms);
    const stamps = Array.from({ length: 18 }, () => nowIso());
    // read, read (same millisecond: reuse granted), 15 reused, read again.
    expect(now).toHaveBeenCalledTimes(3);
    expect(new Set(stamps)).toEqual(new Set([iso(ms)]));
  });

  it("reads the clock again in the next job, whatever reuse was left", async () => {
    await nextJob();
    const now = vi.spyOn(Date, "now").mockReturnValue(1_720_000_000_000);
    nowIso();
    nowIso(); // reuse granted for this job
    now.mockReturnValue(1_720_000_005_000);
    await Promise.resolve();
    expect(nowIso()).toBe(iso(1_720_000_005_000));
    expect(now).toHaveBeenCalledTimes(3);
  });
});
