// Runs every case of every fixture root and reports: one line per failing case, counts per
// directory, then `conformance: N passed, M failed` as the last line.
import { type FixtureCase, FixtureError, fail, type Outcome, type SuiteRunner } from "./case.js";
import { loadRoot, message } from "./fixtures.js";
import type { FixtureRoot } from "./roots.js";
import { isDir } from "./roots.js";
import { MissingFunctionError } from "./sdk.js";
import { runEvaluate } from "./suites/evaluate.js";
import { runHostile } from "./suites/hostile.js";
import { runNormalize, runRoundtrip } from "./suites/normalize.js";
import { runParse } from "./suites/parse.js";
import { runPolicy } from "./suites/policy.js";
import { runPrimitive } from "./suites/primitives.js";
import { runValidate } from "./suites/validate.js";
import { runVerdict } from "./suites/verdict.js";

/** Every fixture directory the runner knows; any other directory fails. */
export const SUITES: Record<string, SuiteRunner> = {
  parse: runParse,
  validate: runValidate,
  normalize: runNormalize,
  evaluate: runEvaluate,
  verdict: runVerdict,
  roundtrip: runRoundtrip,
  primitives: runPrimitive,
  policy: runPolicy,
  hostile: runHostile,
};

export interface CaseReport {
  root: string;
  dir: string;
  id: string;
  name: string;
  file: string;
  outcome: Outcome;
}

export interface ConformanceReport {
  cases: CaseReport[];
  passed: number;
  failed: number;
}

export async function runConformance(roots: FixtureRoot[]): Promise<ConformanceReport> {
  const cases: CaseReport[] = [];
  for (const root of roots) {
    if (!isDir(root.path)) {
      if (root.required) {
        cases.push({
          root: root.label,
          dir: "",
          id: root.path,
          name: "fixture root",
          file: "",
          outcome: fail("a directory", "missing or not a directory"),
        });
      }
      continue;
    }
    const seen = new Set<string>();
    for (const loaded of loadRoot(root.path, Object.keys(SUITES))) {
      if ("problem" in loaded) {
        const p = loaded.problem;
        cases.push({
          root: root.label,
          dir: p.dir,
          id: p.id,
          name: "(fixture)",
          file: p.id,
          outcome: fail("a well-formed fixture", p.message),
        });
        continue;
      }
      const c = loaded.case;
      const outcome = seen.has(c.id)
        ? fail("a unique case id", `duplicate id ${c.id}`)
        : await runCase(SUITES[c.dir]!, c);
      seen.add(c.id);
      cases.push({ root: root.label, dir: c.dir, id: c.id, name: c.name, file: c.file, outcome });
    }
  }
  const passed = cases.filter((c) => c.outcome.pass).length;
  return { cases, passed, failed: cases.length - passed };
}

async function runCase(runner: SuiteRunner, c: FixtureCase): Promise<Outcome> {
  try {
    return await runner(c);
  } catch (error) {
    if (error instanceof FixtureError)
      return fail("a well-formed case", `malformed fixture: ${error.message}`);
    if (error instanceof MissingFunctionError)
      return fail("the SDK function", `not available: ${error.message}`);
    // Bad input never throws in this SDK, so a throw is a failure of the function under test.
    return fail("a result", `threw ${message(error)}`);
  }
}

export function formatReport(report: ConformanceReport): string[] {
  const lines: string[] = [];
  for (const c of report.cases) {
    if (c.outcome.pass) continue;
    lines.push(
      `FAIL ${c.id} "${c.name}" [${c.root}:${c.file}] expected: ${c.outcome.expected} | actual: ${c.outcome.actual}`,
    );
  }
  const groups = new Map<string, { passed: number; failed: number }>();
  for (const c of report.cases) {
    const key = `${c.root}/${c.dir || "(root)"}`;
    const g = groups.get(key) ?? { passed: 0, failed: 0 };
    if (c.outcome.pass) g.passed++;
    else g.failed++;
    groups.set(key, g);
  }
  for (const [key, g] of groups) lines.push(`  ${key}: ${g.passed} passed, ${g.failed} failed`);
  lines.push(`conformance: ${report.passed} passed, ${report.failed} failed`);
  return lines;
}
