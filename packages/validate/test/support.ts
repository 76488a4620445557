// Test support: the suite-format fixture runner (FIXTURE-SCHEMA.md §B, validate)
// and a stand-in CEL checker.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { CelEvaluator } from "@oatf/model";
import { parse } from "@oatf/model";
import { type ValidateOptions, validate } from "@oatf/validate";
import { parse as parseYaml } from "yaml";

const repo = fileURLToPath(new URL("../../..", import.meta.url));
export const UPSTREAM_DIR = join(
  process.env.OATF_CONFORMANCE_DIR ?? join(repo, "..", "shared", "conformance", "upstream"),
  "validate",
);
export const OWN_DIR = join(repo, "conformance", "fixtures", "validate");

export interface Expectation {
  rule: string;
  path?: string;
}

export interface FixtureCase {
  name: string;
  id: string;
  input: string;
  expected: { valid?: true; errors?: Expectation[]; warnings?: Expectation[] };
}

export function loadCases(dir: string): { file: string; cases: FixtureCase[] }[] {
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith(".yaml"));
  } catch {
    return [];
  }
  return files.sort().map((file) => ({
    file,
    cases: parseYaml(readFileSync(join(dir, file), "utf8")) as FixtureCase[],
  }));
}

/**
 * A stand-in for @oatf/cel-default's checker (validate may not depend on it):
 * rejects unbalanced brackets and unterminated strings, which is what the
 * fixtures' invalid CEL exercises.
 */
export const celStub: CelEvaluator = {
  evaluate: () => ({ ok: true, value: true }),
  check(expression) {
    const closing: Record<string, string> = { "(": ")", "[": "]", "{": "}" };
    const open: string[] = [];
    let quote: string | undefined;
    for (const ch of expression) {
      if (quote) {
        if (ch === quote) quote = undefined;
      } else if (ch === '"' || ch === "'") quote = ch;
      else if (ch in closing) open.push(closing[ch]!);
      else if (ch === ")" || ch === "]" || ch === "}") {
        if (open.pop() !== ch) return { ok: false, error: { message: `unexpected '${ch}'` } };
      }
    }
    if (quote) return { ok: false, error: { message: "unterminated string" } };
    if (open.length > 0) return { ok: false, error: { message: `missing '${open.pop()}'` } };
    return { ok: true, value: undefined };
  },
};

/**
 * Runs one validate case; returns why it fails, or undefined when it passes.
 * Every expected rule and path must be reported by validate, or by the
 * ParseError when parse rejects the input first.
 */
export function runCase(
  c: FixtureCase,
  options: ValidateOptions = { cel: celStub },
): string | undefined {
  const expectedErrors = c.expected.errors ?? [];
  const parsed = parse(c.input);
  if (!parsed.ok) {
    const missing = expectedErrors.filter(
      (x) => !parsed.error.some((e) => matches(x, e.rule, e.path)),
    );
    if (expectedErrors.length > 0 && missing.length === 0) return undefined;
    return `parse failed: ${JSON.stringify(parsed.error.map((e) => ({ rule: e.rule, path: e.path, message: e.message })))}`;
  }
  const result = validate(parsed.value, options);
  const errors = result.errors.map((e) => ({ rule: e.rule, path: e.path }));
  const warnings = result.warnings.map((w) => ({ rule: w.code, path: w.path }));
  if (expectedErrors.length === 0 && errors.length > 0)
    return `unexpected errors ${JSON.stringify(errors)}`;
  const missingErrors = expectedErrors.filter(
    (x) => !errors.some((e) => matches(x, e.rule, e.path)),
  );
  if (missingErrors.length > 0) {
    return `missing errors ${JSON.stringify(missingErrors)}; got ${JSON.stringify(errors)}`;
  }
  const expectedWarnings = c.expected.warnings;
  if (expectedWarnings === undefined) return undefined;
  if (expectedWarnings.length === 0 && warnings.length > 0) {
    return `unexpected warnings ${JSON.stringify(warnings)}`;
  }
  const missingWarnings = expectedWarnings.filter(
    (x) => !warnings.some((w) => matches(x, w.rule, w.path)),
  );
  return missingWarnings.length > 0
    ? `missing warnings ${JSON.stringify(missingWarnings)}; got ${JSON.stringify(warnings)}`
    : undefined;
}

function matches(x: Expectation, rule: string | undefined, path: string | undefined): boolean {
  return x.rule === rule && (x.path === undefined || x.path === path);
}
