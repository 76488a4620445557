// Hostile documents cost time linear in their size (format §12.1: documents are untrusted).
// These were time limits inside unit tests, which flip with the load of the machine; here
// each is a ratio measured in one run: against `yaml` parsing the same text (what any parser
// must pay), or against the same input a quarter the size (linear: ~4x, quadratic: ~16x).
// Each figure is the median of runs of CPU time (cpu-median.ts); a goal missed is printed, not thrown.
import { parseDocument } from "yaml";
import { type Diagnostic, parse } from "../src/index.js";
import { formatDiagnostics } from "../src/terminal/index.js";
import { medianCpuMs as median } from "./cpu-median.js";

const QUADRATIC = 8; // scaling goal for 4x the input: linear is ~4, quadratic ~16

const inState = (yaml: string) =>
  `oatf: "0.1"\nattack:\n  execution:\n    mode: mcp_server\n    state:\n${yaml}`;

let missed = 0;
function report(name: string, ms: number, baseMs: number, goal: number, against: string) {
  const ratio = ms / Math.max(baseMs, 0.01);
  const ok = ratio <= goal;
  if (!ok) missed++;
  console.log(
    `${name.padEnd(44)} ${ms.toFixed(1).padStart(8)} ms  ${ratio.toFixed(2).padStart(6)}x ${against} (goal <= ${goal}x)${ok ? "" : "  MISSED"}`,
  );
}

/** `make(n)` against `make(n / 4)`. */
function scaling(name: string, n: number, make: (n: number) => () => unknown) {
  report(name, median(make(n)), median(make(n / 4)), QUADRATIC, "the input / 4");
}

/** `parse(text)` against `yaml`'s `parseDocument` of the same text. */
function againstYaml(
  name: string,
  text: string,
  goal: number,
  options?: Parameters<typeof parse>[1],
) {
  report(
    name,
    median(() => parse(text, options)),
    median(() => parseDocument(text, { uniqueKeys: false })),
    goal,
    "yaml alone",
  );
}

const levels = ["a", "b", "c", "d", "e", "f", "g", "h", "i"];
const bomb = levels
  .map((name, i) =>
    i === 0
      ? `      a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]`
      : `      ${name}: &${name} [${Array(9)
          .fill(`*${levels[i - 1]}`)
          .join(", ")}]`,
  )
  .join("\n");
// 9^9 values if expanded: refused as V-020 after counting at most the node limit.
report(
  "alias bomb (9 levels of 9 aliases), V-020",
  median(() => parse(inState(`${bomb}\n`))),
  median(() => parse(inState(`      x: [${Array(1_000).fill('"lol"').join(", ")}]\n`))),
  20,
  "1,000 plain values",
);
for (const [name, open, close] of [
  ["nested flow sequences", "[", "]"],
  ["nested flow mappings", "{a: ", "}"],
  ["nested block sequences", "- ", ""],
] as const) {
  scaling(`100,000 ${name}, syntax error`, 100_000, (n) => {
    const text = inState(`      x: ${open.repeat(n)}1${close.repeat(n)}\n`);
    return () => parse(text);
  });
}
scaling("100,000 unclosed flow sequences", 100_000, (n) => {
  const text = inState(`      x: ${"[".repeat(n)}\n`);
  return () => parse(text);
});
const big = "lorem ipsum ".repeat(400_000);
againstYaml(
  "4.8 MB string",
  `oatf: "0.1"\nattack:\n  description: "${big}"\n  execution:\n    mode: mcp_server\n    state: {}\n`,
  3,
  { maxBytes: 8 * 1024 * 1024 },
);
againstYaml(
  "mapping of 50,000 keys (duplicate checks)",
  inState(Array.from({ length: 50_000 }, (_, i) => `      k${i}: ${i}\n`).join("")),
  3,
);
scaling("formatDiagnostics: 20,000 on a 260 KB source", 20_000, (n) => {
  const lines = Array.from({ length: n }, (_, i) => `k${i}: ${"v".repeat(8)}`);
  const source = lines.join("\n");
  const diagnostics: Diagnostic[] = lines.map((_, i) => ({
    severity: "error",
    rule: "parse/duplicate-key",
    code: "parse/duplicate-key",
    message: "duplicate key",
    range: {
      start: { line: i + 1, column: 1, offset: 0 },
      end: { line: i + 1, column: 3, offset: 2 },
    },
  }));
  return () => formatDiagnostics(source, diagnostics);
});
console.log(missed === 0 ? "\nevery goal met" : `\n${missed} goal(s) missed`);
