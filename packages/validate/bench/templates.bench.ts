// V-016 over hostile templates costs time linear in their size (format §12.1). Formerly a time
// limit inside a unit test, which flips with machine load; here a ratio measured in one run:
// 2 MB of unclosed `{{` against a quarter of it (linear: ~4x, quadratic: ~16x). Median of
// runs of CPU time (model's cpu-median.ts); a missed goal is printed, not thrown.
import { type Document, parseRecovering } from "@oatf/model";
import { medianCpuMs as median } from "../../model/bench/cpu-median.js";
import { validate, validateRecovered } from "../src/index.js";

const GOAL = 8;

const withName = (name: string) =>
  ({
    oatf: "0.1",
    attack: { execution: { mode: "mcp_server", state: { tools: [{ name }] } } },
  }) as unknown as Document;

for (const [label, unit] of [
  ["unclosed {{", "{{a "],
  ["closed {{x}}", "{{x}} "],
] as const) {
  const run = (n: number) => {
    const document = withName(unit.repeat(n));
    return () => validate(document, { cel: null });
  };
  const n = Math.round(2_000_000 / unit.length);
  const ms = median(run(n));
  const ratio = ms / Math.max(median(run(n / 4)), 0.01);
  console.log(
    `V-016 over 2 MB of ${label.padEnd(12)} ${ms.toFixed(1).padStart(8)} ms  ${ratio.toFixed(2)}x the input / 4 (goal <= ${GOAL}x)${ratio <= GOAL ? "" : "  MISSED"}`,
  );
}

// Findings inside one long string (a W-004 per `{{…}}`, each placed at its characters in the
// file): the string's character map is built once, not once per finding (that was quadratic,
// 36 s for 15,000 templates).
{
  const text = (n: number) =>
    `oatf: "0.1"\nattack:\n  execution:\n    mode: mcp_server\n    state: { t: "${"{{a}}{{b.c}}\\\\{{d}}".repeat(n)}" }\n`;
  const run = (n: number) => {
    const source = text(n);
    return () => validateRecovered(parseRecovering(source), { cel: null });
  };
  const n = 8_000;
  const ms = median(run(n));
  const ratio = ms / Math.max(median(run(n / 4)), 0.01);
  console.log(
    `findings in one string, ${n} templates ${ms.toFixed(1).padStart(8)} ms  ${ratio.toFixed(2)}x the input / 4 (goal <= ${GOAL}x)${ratio <= GOAL ? "" : "  MISSED"}`,
  );
}
