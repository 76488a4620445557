// Runs every case of every fixture root and reports: one line per failing case, counts per
// directory, then `conformance: N passed, M failed` as the last line.
import { type FixtureCase, FixtureError, fail, type Outcome, type SuiteRunner } from "./case.js";
import { type Erratum, loadErrata } from "./errata.js";
import { loadRoot, message } from "./fixtures.js";
import { type FixtureRoot, isDir, missingSuiteMessage } from "./roots.js";
import { parse, validate } from "./sdk.js";
import { runEvaluate } from "./suites/evaluate.js";
import { runHostile } from "./suites/hostile.js";
import { runNormalize, runRoundtrip } from "./suites/normalize.js";
import { runParse } from "./suites/parse.js";
import { runPolicy } from "./suites/policy.js";
import { runPrimitive } from "./suites/primitives.js";
import { runTrace } from "./suites/trace.js";
import { checkValidate } from "./suites/validate.js";
import { runVerdict } from "./suites/verdict.js";

/** Every fixture directory the runner knows; any other directory fails. */
export const SUITES: Record<string, SuiteRunner> = {
  parse: runParse,
  validate: (c) => checkValidate(c, { parse, validate }),
  normalize: runNormalize,
  evaluate: runEvaluate,
  verdict: runVerdict,
  roundtrip: runRoundtrip,
  primitives: runPrimitive,
  policy: runPolicy,
  hostile: runHostile,
  trace: runTrace,
};

export interface CaseReport {
  root: string;
  dir: string;
  id: string;
  name: string;
  file: string;
  outcome: Outcome;
  /** Passed or failed against an erratum's corrected expectation. */
  erratum?: boolean;
}

export interface ConformanceReport {
  cases: CaseReport[];
  passed: number;
  failed: number;
}

export interface RunOptions {
  /** Errata for the root labelled `upstream` (conformance/errata.yaml). */
  errataPath?: string;
}

export async function runConformance(
  roots: FixtureRoot[],
  options: RunOptions = {},
): Promise<ConformanceReport> {
  const cases: CaseReport[] = [];
  const problem = (root: string, dir: string, id: string, expected: string, actual: string) =>
    cases.push({ root, dir, id, name: "(fixture)", file: id, outcome: fail(expected, actual) });
  let errata = new Map<string, Erratum>();
  if (options.errataPath) {
    try {
      errata = loadErrata(options.errataPath);
    } catch (error) {
      problem("errata", "", options.errataPath, "well-formed errata", message(error));
    }
  }
  for (const root of roots) {
    if (!isDir(root.path)) {
      const why =
        root.label === "upstream" ? missingSuiteMessage(root.path) : "missing or not a directory";
      problem(root.label, "", root.path, "a fixture directory", why);
      continue;
    }
    const before = cases.length;
    const rootErrata = root.label === "upstream" ? errata : new Map<string, Erratum>();
    const seen = new Set<string>();
    for (const loaded of loadRoot(root.path, Object.keys(SUITES))) {
      if ("problem" in loaded) {
        const p = loaded.problem;
        problem(root.label, p.dir, p.id, "a well-formed fixture", p.message);
        continue;
      }
      const c = loaded.case;
      const erratum = rootErrata.get(c.id);
      const outcome = seen.has(c.id)
        ? fail("a unique case id", `duplicate id ${c.id}`)
        : erratum
          ? await runWithErratum(SUITES[c.dir]!, c, erratum)
          : await runCase(SUITES[c.dir]!, c);
      seen.add(c.id);
      const report = {
        root: root.label,
        dir: c.dir,
        id: c.id,
        name: c.name,
        file: c.file,
        outcome,
      };
      cases.push(erratum ? { ...report, erratum: true } : report);
    }
    // A root that yields nothing would make the run pass by running nothing.
    if (cases.length === before)
      problem(root.label, "", root.path, "at least one case", "no fixture cases found");
    for (const id of rootErrata.keys()) {
      if (!seen.has(id)) problem("errata", "", id, "an upstream case with this id", "no such case");
    }
  }
  if (cases.length === 0) problem("(run)", "", "(no roots)", "at least one case", "nothing to run");
  const passed = cases.filter((c) => c.outcome.pass).length;
  return { cases, passed, failed: cases.length - passed };
}

/** The corrected expectation must hold, and the original must still fail (else: stale). */
async function runWithErratum(
  runner: SuiteRunner,
  c: FixtureCase,
  erratum: Erratum,
): Promise<Outcome> {
  const original = await runCase(runner, c);
  if (original.pass)
    return fail(
      `erratum still needed (${erratum.reason})`,
      "the upstream expectation now holds: remove the erratum",
    );
  let expected: unknown;
  try {
    expected = erratum.correct(c.expected);
  } catch (error) {
    return fail("an applicable erratum", message(error));
  }
  return runCase(runner, { ...c, expected });
}

async function runCase(runner: SuiteRunner, c: FixtureCase): Promise<Outcome> {
  try {
    return await runner(c);
  } catch (error) {
    if (error instanceof FixtureError)
      return fail("a well-formed case", `malformed fixture: ${error.message}`);
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
  const groups = new Map<string, { passed: number; failed: number; errata: number }>();
  for (const c of report.cases) {
    const key = `${c.root}/${c.dir || "(root)"}`;
    const g = groups.get(key) ?? { passed: 0, failed: 0, errata: 0 };
    if (!c.outcome.pass) g.failed++;
    else {
      g.passed++;
      if (c.erratum) g.errata++;
    }
    groups.set(key, g);
  }
  for (const [key, g] of groups) {
    const byErratum = g.errata ? ` (${g.errata} by erratum)` : "";
    lines.push(`  ${key}: ${g.passed} passed${byErratum}, ${g.failed} failed`);
  }
  lines.push(`conformance: ${report.passed} passed, ${report.failed} failed`);
  return lines;
}
