// The second half of the shared benchmark documents against real captures (the first half and
// what is checked: real-traffic-scenarios.e2e.test.ts).
import { SCENARIO_FILES, scenarioTests } from "./real-traffic-helpers.js";

scenarioTests(SCENARIO_FILES.slice(Math.ceil(SCENARIO_FILES.length / 2)));
