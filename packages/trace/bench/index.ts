// Benchmarks for @oatf/trace: the readers' bounded tables under hostile input (readers.ts)
// and the cost of reading against a bare split + JSON.parse (reading.ts). Every number is a
// ratio against a baseline measured in the same run, printed beside its goal, measured as
// @oatf/evaluate's benchmarks are; a missed goal makes the run exit 1 (goals.ts). Run with `pnpm --filter @oatf/trace bench` (needs
// --expose-gc); `-- reading` runs only the named sections.
import { heapMb, measure, runSections } from "../../evaluate/bench/measure.js";
import { goals } from "./goals.js";
import { readersBench } from "./readers.js";
import { readingBench } from "./reading.js";

const { report, finish } = goals();
const SECTIONS: Record<string, () => unknown> = {
  readers: () => readersBench(measure, report, heapMb),
  reading: () => readingBench(measure, report),
};
await runSections("@oatf/trace", SECTIONS);
finish();
