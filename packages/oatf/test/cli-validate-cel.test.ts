// CEL in `oatf validate` (issue 32): a misspelt function is a warning with what was meant
// (OATF-V014-FUNCTION, checked against the default evaluator's declared functions), and a
// syntax error is reported at the character where the expression went wrong. Through the
// library (`validate` as `oatf` wires it) and through the built CLI.
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createCelEvaluator } from "@oatf/cel-default";
import { load as loadWith } from "oatf";
import { beforeAll, describe, expect, it } from "vitest";
import setup, { CLI } from "./cli-build.js";

/** A document with one expression indicator whose `cel` is `cel` (a literal block). */
const withCel = (cel: string) =>
  `oatf: "0.1"\nattack:\n  execution:\n    mode: mcp_server\n    state:\n      tools: []\n  indicators:\n    - surface: tools/call\n      target: arguments\n      expression:\n        cel: |\n          ${cel}\n`;
/** Line and column of the expression's first character in `withCel`'s document. */
const CEL_LINE = 12;
const CEL_COLUMN = 11;

const MISSPELT = withCel("message.description.contans('IMPORTANT')");
const UNCLOSED = withCel("size(message.arguments");

// The default evaluator from this package's sources (the tests' `oatf` loads the built one).
const load = (text: string) => loadWith(text, { cel: createCelEvaluator() });

describe("validate with the default evaluator", () => {
  it("a misspelt function: a warning with what was meant, the document stays valid", () => {
    const loaded = load(MISSPELT);
    expect(loaded.ok).toBe(true);
    expect(loaded.warnings).toMatchObject([
      {
        rule: "OATF-V014-FUNCTION",
        severity: "warning",
        path: "attack.indicators[0].expression.cel",
        message: "unknown CEL function `x.contans(…)`; did you mean `contains`?",
        range: { start: { line: CEL_LINE, column: CEL_COLUMN + 20 } },
      },
    ]);
  });

  it("a wrong arity", () => {
    const loaded = load(withCel("message.name.startsWith('a', 'b') && size(message) > 0"));
    expect(loaded.warnings.map((w) => w.message)).toEqual([
      "`x.startsWith(…)` takes 1 argument, got 2",
    ]);
  });

  it("a bracket never closed: reported at the end of the expression", () => {
    const loaded = load(UNCLOSED);
    expect(loaded.ok).toBe(false);
    if (loaded.ok) return;
    expect(loaded.error).toMatchObject([
      {
        rule: "V-014",
        path: "attack.indicators[0].expression.cel",
        message: "CEL syntax error at 1:23: missing ')' to close the ( at 1:5",
        range: { start: { line: CEL_LINE, column: CEL_COLUMN + 22 } },
      },
    ]);
  });

  it("the default evaluator declares the functions SDK §6.1 requires", () => {
    const names = new Set(
      createCelEvaluator()
        .functions()
        .map((d) => d.name),
    );
    for (const name of ["size", "contains", "startsWith", "endsWith", "matches", "exists", "all"])
      expect(names).toContain(name);
  });
});

describe("oatf validate (the built CLI)", () => {
  beforeAll(() => setup(), 600_000);

  const tmp = mkdtempSync(join(tmpdir(), "oatf-cel-"));
  const run = (text: string, ...args: string[]) => {
    const file = join(tmp, `doc-${Math.random().toString(36).slice(2)}.yaml`);
    writeFileSync(file, text);
    const r = spawnSync(process.execPath, [CLI, "validate", file, ...args], { encoding: "utf8" });
    return { code: r.status, stdout: r.stdout, stderr: r.stderr };
  };

  it("a misspelt function: exit 0, the warning with its did-you-mean and position", () => {
    const text = run(MISSPELT);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain("OATF-V014-FUNCTION");
    expect(text.stdout).toContain("did you mean `contains`?");
    const json = run(MISSPELT, "--format", "json");
    expect(json.code).toBe(0);
    const report = JSON.parse(json.stdout) as {
      files: {
        diagnostics: { rule: string; range?: { start: { line: number; column: number } } }[];
      }[];
    };
    expect(report.files[0]!.diagnostics).toMatchObject([
      {
        rule: "OATF-V014-FUNCTION",
        range: { start: { line: CEL_LINE, column: CEL_COLUMN + 20 } },
      },
    ]);
    expect(run(MISSPELT, "--max-warnings", "0").code).toBe(1);
  });

  it("a bracket never closed: exit 1, the missing ) at the end of the expression", () => {
    const r = run(UNCLOSED);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("missing ')' to close the ( at 1:5");
    expect(r.stdout).not.toContain("expecting end of input");
    expect(r.stdout).toContain(`:${CEL_LINE}:${CEL_COLUMN + 22}  error  V-014`);
  });
});
