// The shared benchmark documents against real captures of a vulnerable (obedient) and a safe
// (careful) agent built on the official SDKs (real-traffic-helpers.ts): the careful agent is
// never exploited, the obedient one is exploited unless each indicator that missed says why,
// and the verdicts per run are the same from the file, standard input, `--jobs 1|2|4` and the
// HAR of the same attack (`oatf run --repeat 2 --out x.har` is two runs, as its JSON Lines are).
// The first half of the documents; real-traffic-scenarios-2.e2e.test.ts has the rest.
import { SCENARIO_FILES, scenarioTests } from "./real-traffic-helpers.js";

scenarioTests(SCENARIO_FILES.slice(0, Math.ceil(SCENARIO_FILES.length / 2)));
