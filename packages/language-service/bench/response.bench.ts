// The language service's response to an edit of a 2,000-line document, two ways:
// - the keystroke: a character typed on one line, then completion and hover, what the editor
//   waits on while typing (`oatf lsp` validates after the burst, not per change: the service
//   answers from the last analysis, line-edit.ts). Goal (issue 33): at most 50 ms median.
// - the full round: a new version validated (what the server publishes after the burst), then
//   diagnostics, hover and completion. Goal (issue 25): at most 100 ms.
// Measured in the same run against their baseline, `validate` over the same text (what
// `oatf validate` does per file), so the ratio says what the editor features add; the
// absolute times are printed too. The ratios are the checked goals (the bench fails when one
// is missed): a keystroke at most KEYSTROKE_RATIO_GOAL of a validate (it reads nothing again;
// it was 0.9x when it parsed the text), a full round at most ROUND_RATIO_GOAL (the text is read
// as YAML once, for the tree and the validation; it was 2.1x when read twice).
//
// As the other benches: many short rounds that run both tasks back to back in alternating
// order and compare medians; the result is the median over rounds.
import { readFileSync } from "node:fs";
import { parseRecovering } from "@oatf/model";
import { validateRecovered } from "@oatf/validate";
import { Bench } from "tinybench";
import { createLanguageService } from "../src/index.js";

const GOAL_MS = 100;
const KEYSTROKE_GOAL_MS = 50;
const ROUND_RATIO_GOAL = 1.5;
const KEYSTROKE_RATIO_GOAL = 0.25;
const LINES = 2_000;
const ROUNDS = 41;
const BASE = "validate (parseRecovering + validateRecovered)";
const LS = "language service: new version → diagnostics + hover + completion";
const KEY = "keystroke: a character typed → completion + hover";

const example = readFileSync(
  new URL("../../../examples/cross-protocol-chain.yaml", import.meta.url),
  "utf8",
);
/** The example with indicators inserted (before `correlation`) until it has LINES lines. */
function document(): string {
  const [head, tail] = example.split("  correlation:\n") as [string, string];
  const lines = head.trimEnd().split("\n");
  const tailLines = `  correlation:\n${tail}`.trimEnd().split("\n");
  for (let i = 0; lines.length + tailLines.length + 10 <= LINES; i++) {
    lines.push(
      `    - id: OATF-030-${String(100 + i)}`,
      "      protocol: mcp",
      "      actor: mcp_poisoner",
      "      surface: tools/call",
      "      direction: request",
      '      target: "arguments.env"',
      `      description: "generated indicator ${i}"`,
      "      tier: local_action",
      "      pattern:",
      `        regex: "(prod|staging)-${i}"`,
    );
  }
  while (lines.length + tailLines.length < LINES) lines.push("    # padding");
  return `${[...lines, ...tailLines].join("\n")}\n`;
}

const text = document();
/** `text` with `n` characters typed into a description above the cursor (one line). */
const typed = (n: number) =>
  text.replace('generated indicator 140"', `generated indicator 140${"x".repeat(n)}"`);
const service = createLanguageService();
const hoverAt = { line: 1500, character: 8 };
const completeAt = { line: 1502, character: 19 };
let version = 0;
const errors = service
  .diagnostics({ uri: "file:///bench.yaml", version: -1, text })
  .filter((d) => d.severity === 1);
if (errors.length > 0) {
  console.error("the benchmark document is not valid:", errors.slice(0, 3));
  process.exit(1);
}
if (typed(1) === text) {
  console.error("the benchmark document has no description to type into");
  process.exit(1);
}
console.log(`document: ${text.split("\n").length - 1} lines, ${text.length} characters`);

const tasks: Record<string, () => void> = {
  [BASE]: () => {
    validateRecovered(parseRecovering(text), {});
  },
  [LS]: () => {
    const d = { uri: "file:///bench.yaml", version: ++version, text };
    service.diagnostics(d);
    service.hover(d, hoverAt);
    service.completion(d, completeAt);
  },
  [KEY]: () => {
    version++;
    const d = { uri: "file:///bench.yaml", version, text: typed(1 + (version % 40)) };
    service.completion(d, completeAt);
    service.hover(d, hoverAt);
  },
};

function bench(names: string[], options: ConstructorParameters<typeof Bench>[0]): Bench {
  const b = new Bench(options);
  for (const name of names) b.add(name, tasks[name]!);
  b.runSync();
  return b;
}

function p50(b: Bench, name: string): number {
  const result = b.getTask(name)?.result;
  if (!result || !("latency" in result)) throw new Error(`no result for ${name}`);
  return result.latency.p50 ?? result.latency.mean;
}

const overview = bench([BASE, LS, KEY], { time: 1000, warmupTime: 300 });
console.table(overview.table());

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
let missed = false;
for (const [task, goal, ratioGoal] of [
  [KEY, KEYSTROKE_GOAL_MS, KEYSTROKE_RATIO_GOAL],
  [LS, GOAL_MS, ROUND_RATIO_GOAL],
] as const) {
  const ratios: number[] = [];
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const names = round % 2 === 0 ? [BASE, task] : [task, BASE];
    const b = bench(names, { time: 0, iterations: 5, warmup: false });
    ratios.push(p50(b, task) / p50(b, BASE));
    times.push(p50(b, task));
  }
  const ms = median(times);
  const ratio = median(ratios);
  missed ||= ratio > ratioGoal;
  console.log(
    `${task} on ${LINES} lines = ${ms.toFixed(1)} ms (goal <= ${goal} ms: ${ms <= goal ? "meets" : "MISSES"}); ` +
      `${ratio.toFixed(2)}x validate alone on the same text (goal <= ${ratioGoal}x: ${ratio <= ratioGoal ? "meets" : "MISSES"})`,
  );
}
if (missed) process.exitCode = 1;
