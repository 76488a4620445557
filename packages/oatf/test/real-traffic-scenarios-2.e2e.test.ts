// The shared benchmark documents against real captures of a vulnerable (obedient) and a safe
// (careful) agent built on the official SDKs (real-traffic-helpers.ts): the careful agent is
// never exploited, the obedient one is exploited unless each indicator that missed says why,
// and the verdicts per run are the same from the file, standard input, `--jobs 1|2|4` and the
// HAR of the same attack (`oatf run --repeat 2 --out x.har` is two runs, as its JSON Lines are).
import { describe, expect, it } from "vitest";
import { checkScenario, SCENARIO_FILES } from "./real-traffic-helpers.js";

// The second half of the documents (real-traffic-scenarios.e2e.test.ts has the first).
const FILES = SCENARIO_FILES.slice(Math.ceil(SCENARIO_FILES.length / 2));

describe.each(FILES)("%s", (file) => {
  it("careful: never exploited, every way", async () => {
    const { json, code } = await checkScenario(file, "careful");
    // The agent lives on between the runs: the second may have nothing left to fetch (an
    // A2A card it keeps) and is then an error (nothing evaluated), never a silent green.
    expect(json.runs?.[0]?.result).toBe("not_exploited");
    expect(["not_exploited", "error"]).toContain(json.runs?.[1]?.result);
    expect(code).not.toBe(1);
  }, 60_000);

  it("obedient: exploited, or each indicator that missed says why", async () => {
    const { json } = await checkScenario(file, "obedient");
    expect(json.runs).toHaveLength(2);
    if (json.result !== "exploited")
      for (const v of json.indicator_verdicts.filter((i) => i.result !== "matched"))
        expect(json.coverage.find((c) => c.indicator_id === v.indicator_id)?.warning).toBeTruthy();
  }, 60_000);
});
