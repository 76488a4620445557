// The composite GitHub Action at the repository root (action.yml, issue 37 §3), its `run` steps
// executed as the runner would: bash with -e and pipefail, `${{ }}` expressions resolved from
// the inputs (with their defaults), the action's path and earlier steps' outputs, GITHUB_ENV
// and GITHUB_OUTPUT carried from step to step. The upload step (`uses`) is GitHub's own: the
// test checks it is handed the SARIF file the evaluate step wrote.
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import setup, { REPO } from "./cli-build.js";

interface Step {
  id?: string;
  name: string;
  if?: string;
  run?: string;
  uses?: string;
  shell?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
  "working-directory"?: string;
}
const action = parse(readFileSync(join(REPO, "action.yml"), "utf8")) as {
  inputs: Record<string, { default?: string; required?: boolean }>;
  runs: { using: string; steps: Step[] };
};

interface Run {
  /** The step that failed (its name), or undefined when every step passed. */
  failed?: string;
  code: number;
  outputs: Record<string, Record<string, string>>;
  uploaded?: Record<string, string>;
  stderr: string;
}

/** Reads `key=value` lines as GitHub's runner does for GITHUB_ENV and GITHUB_OUTPUT. */
function keyValues(file: string): Record<string, string> {
  if (!existsSync(file)) return {};
  const pairs = readFileSync(file, "utf8").split("\n").filter(Boolean);
  return Object.fromEntries(
    pairs.map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]),
  );
}

function runAction(workspace: string, given: Record<string, string>): Run {
  const inputs: Record<string, string> = {};
  for (const [name, spec] of Object.entries(action.inputs)) {
    if (spec.required && given[name] === undefined) throw new Error(`input ${name} is required`);
    inputs[name] = given[name] ?? spec.default ?? "";
  }
  const outputs: Record<string, Record<string, string>> = {};
  const resolve = (text: string) =>
    text.replace(/\$\{\{\s*([^}]+?)\s*\}\}/g, (_, expr: string) => {
      const input = /^inputs\.([\w-]+)$/.exec(expr);
      if (input) return inputs[input[1]!] ?? "";
      if (expr === "github.action_path") return REPO;
      const output = /^steps\.([\w-]+)\.outputs\.([\w-]+)$/.exec(expr);
      if (output) return outputs[output[1]!]?.[output[2]!] ?? "";
      throw new Error(`expression the test does not know: ${expr}`);
    });
  const dir = mkdtempSync(join(tmpdir(), "oatf-action-runner-"));
  const githubEnv = join(dir, "env");
  writeFileSync(githubEnv, "");
  let stderr = "";
  let uploaded: Record<string, string> | undefined;
  for (const [i, step] of action.runs.steps.entries()) {
    if (step.uses !== undefined) {
      expect(step.uses).toMatch(/^github\/codeql-action\/upload-sarif@v\d+$/);
      const sarif = resolve(step.with?.sarif_file ?? "");
      if (inputs.upload === "true" && sarif !== "") uploaded = { ...step.with, sarif_file: sarif };
      continue;
    }
    expect(step.shell, step.name).toBe("bash");
    const output = join(dir, `output-${i}`);
    const env: Record<string, string | undefined> = {
      ...process.env,
      ...keyValues(githubEnv),
      GITHUB_ENV: githubEnv,
      GITHUB_OUTPUT: output,
    };
    for (const [name, value] of Object.entries(step.env ?? {})) env[name] = resolve(value);
    const script = join(dir, `step-${i}.sh`);
    writeFileSync(script, step.run!);
    const cwd = step["working-directory"] ? resolve(step["working-directory"]) : workspace;
    const r = spawnSync("bash", ["--noprofile", "--norc", "-eo", "pipefail", script], {
      cwd,
      env,
      encoding: "utf8",
    });
    stderr += r.stderr;
    if (step.id !== undefined) outputs[step.id] = keyValues(output);
    if (r.status !== 0) {
      return {
        failed: step.name,
        code: r.status ?? -1,
        outputs,
        ...(uploaded ? { uploaded } : {}),
        stderr,
      };
    }
  }
  return { code: 0, outputs, ...(uploaded ? { uploaded } : {}), stderr };
}

function workspace(): string {
  const dir = mkdtempSync(join(tmpdir(), "oatf-action-"));
  for (const file of ["mcp-rug-pull.yaml", "mcp-rug-pull.trace.jsonl", "ag-ui-injection.yaml"]) {
    copyFileSync(join(REPO, "examples", file), join(dir, file));
  }
  return dir;
}

describe("action.yml", () => {
  beforeAll(setup);

  it("is a composite action whose inputs are passed through env, never into a script", () => {
    expect(action.runs.using).toBe("composite");
    for (const step of action.runs.steps) expect(step.run ?? "").not.toContain("${{");
  });

  it("validates, evaluates to SARIF, hands it to the upload, then fails on the verdict", () => {
    const dir = workspace();
    const r = runAction(dir, { documents: "mcp-rug-pull.yaml", trace: "mcp-rug-pull.trace.jsonl" });
    expect(r.failed).toBe("Fail on the verdict");
    expect(r.code).toBe(1); // exploited
    expect(r.outputs.evaluate).toEqual({ "exit-code": "1", "sarif-file": "oatf.sarif" });
    expect(r.uploaded).toMatchObject({ category: "oatf" });
    const sarif = JSON.parse(readFileSync(join(dir, "oatf.sarif"), "utf8"));
    expect(sarif.runs[0].results.map((x: { ruleId: string }) => x.ruleId)).toEqual([
      "OATF-003-01",
      "OATF-003-02",
      "OATF-003-03",
    ]);
  });

  it("passes below --fail-on-tier, and only validates without a trace", () => {
    const dir = workspace();
    // The rug pull up to its local_action indicator (exploited below the gate). An AG-UI
    // document against this MCP trace no longer passes: it sees nothing, so it is `error`.
    const lines = readFileSync(join(dir, "mcp-rug-pull.trace.jsonl"), "utf8").split("\n");
    writeFileSync(join(dir, "partial.trace.jsonl"), `${lines.slice(0, 5).join("\n")}\n`);
    const gated = runAction(dir, {
      documents: "mcp-rug-pull.yaml",
      trace: "partial.trace.jsonl",
      "fail-on-tier": "boundary_breach",
      upload: "false",
    });
    expect(gated.failed).toBeUndefined();
    expect(gated.uploaded).toBeUndefined();
    const validated = runAction(dir, { documents: "*.yaml" });
    expect(validated).toMatchObject({ code: 0, outputs: { evaluate: { "exit-code": "0" } } });
    expect(validated.uploaded).toBeUndefined();
  });

  it("stops at an invalid document, and a file name is never run as a command", () => {
    const dir = workspace();
    writeFileSync(join(dir, "bad.yaml"), `oatf: "0.1"\nattack:\n  severity: extreme\n`);
    const bad = runAction(dir, { documents: "bad.yaml", trace: "mcp-rug-pull.trace.jsonl" });
    expect(bad).toMatchObject({ failed: "Validate the documents", code: 1 });
    const hostile = runAction(dir, { documents: "$(touch pwned).yaml;touch pwned2" });
    expect(hostile).toMatchObject({ failed: "Validate the documents", code: 2 });
    expect(existsSync(join(dir, "pwned"))).toBe(false);
    expect(existsSync(join(dir, "pwned2"))).toBe(false);
  });
});
