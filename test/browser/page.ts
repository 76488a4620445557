// The page script: the scenarios bundled for the browser, reachable from the test as a global.
import { runScenarios } from "./scenarios.js";

(globalThis as { runScenarios?: typeof runScenarios }).runScenarios = runScenarios;
