// Benchmarks for @oatf/trace: the readers' bounded tables under hostile input (readers.ts)
// and the cost of reading against a bare split + JSON.parse (reading.ts). Every number is a
// ratio against a baseline measured in the same run, printed beside its goal, measured as
// @oatf/evaluate's benchmarks are. Run with `pnpm --filter @oatf/trace bench` (needs
// --expose-gc); `-- reading` runs only the named sections.
import { heapMb, measure, report } from "../../evaluate/bench/measure.js";
import { readersBench } from "./readers.js";
import { readingBench } from "./reading.js";

const SECTIONS: Record<string, () => unknown> = {
  readers: () => readersBench(measure, report, heapMb),
  reading: () => readingBench(measure, report),
};
const chosen = process.argv.slice(2).filter((a) => a !== "--");
const unknown = chosen.filter((name) => !Object.hasOwn(SECTIONS, name));
if (unknown.length > 0) {
  console.error(
    `unknown section(s): ${unknown.join(", ")}; known: ${Object.keys(SECTIONS).join(", ")}`,
  );
  process.exit(2);
}
console.log(`@oatf/trace benchmarks (node ${process.version})`);
for (const [name, run] of Object.entries(SECTIONS)) {
  if (chosen.length === 0 || chosen.includes(name)) await run();
}
