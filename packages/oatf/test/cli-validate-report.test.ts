// `oatf validate` without a process (issue 26 item 4): the run over in-memory inputs, the exit
// code policy, and each renderer (text, stylish, json, sarif) called directly.
import { describe, expect, it } from "vitest";
import {
  renderValidate,
  runValidate,
  toJson,
  toStylish,
  toText,
  type ValidatedFile,
  type ValidateReport,
  validateExitCode,
} from "../src/cli/validate/report.js";
import { toSarif } from "../src/cli/validate/sarif.js";
import { memoryInputs, text } from "./memory-inputs.js";

const VALID = `oatf: "0.1"\nattack:\n  execution:\n    mode: mcp_server\n    state:\n      tools: []\n`;
const INVALID = `oatf: "0.1"\nattack:\n  severity: extreme\n  execution:\n    mode: mcp_server\n    state:\n      tools: []\n`;

const inputs = memoryInputs;
/** A valid file with one warning. */
const WARNED: ValidatedFile = {
  file: "w.yaml",
  valid: true,
  source: VALID,
  diagnostics: [
    { severity: "warning", rule: "W-001", code: "W-001", message: "a warning", path: "attack" },
  ],
};

async function reportOf(files: Record<string, string>, maxWarnings = -1): Promise<ValidateReport> {
  const entries = Object.entries(files).map(([f, t]) => [f, text(t)] as const);
  return runValidate(inputs(Object.fromEntries(entries)).list, maxWarnings);
}

describe("runValidate", () => {
  it("checks every input in order", async () => {
    const report = await reportOf({ "ok.yaml": VALID, "bad.yaml": INVALID });
    expect(report.files.map((f) => [f.file, f.valid])).toEqual([
      ["ok.yaml", true],
      ["bad.yaml", false],
    ]);
    expect(report.files[1]!.diagnostics[0]).toMatchObject({
      rule: "V-005",
      code: "V-005",
      range: { start: { line: 3, column: 13 } },
    });
    expect(report.files[1]!.source).toBe(INVALID);
    expect(validateExitCode(report)).toBe(1);
  });

  it("stops at the first unreadable input without reading the rest", async () => {
    const { list, read } = inputs({
      "a.yaml": text(VALID),
      "dir.yaml": { ok: false, reason: "is a directory" },
      "b.yaml": text(VALID),
    });
    const progress: string[] = [];
    const report = await runValidate(list, -1, (i, file) => progress.push(`${i}:${file}`));
    expect(read).toEqual(["a.yaml", "dir.yaml"]);
    expect(progress).toEqual(["0:a.yaml", "1:dir.yaml"]);
    expect(report.unreadable).toEqual({ file: "dir.yaml", reason: "is a directory" });
    expect(validateExitCode(report)).toBe(2);
    expect(renderValidate(report, "json")).toEqual({
      stdout: "",
      stderr: "oatf validate: cannot read dir.yaml: is a directory\n",
    });
  });

  it("counts a file over the size limit as invalid, and goes on", async () => {
    const { list, read } = inputs({
      "big.yaml": { ok: false, reason: "too large", tooLarge: 5 },
      "ok.yaml": text(VALID),
    });
    const report = await runValidate(list, -1);
    expect(read).toEqual(["big.yaml", "ok.yaml"]);
    expect(report.files[0]).toMatchObject({ valid: false, source: "" });
    expect(report.files[0]!.diagnostics.map((d) => d.rule)).toEqual(["parse/too-large"]);
    expect(validateExitCode(report)).toBe(1);
  });
});

describe("validateExitCode", () => {
  const warned: ValidateReport = {
    unmatched: [],
    maxWarnings: -1,
    files: [WARNED],
  };

  it("is 0 when all are valid and the warnings within --max-warnings", () => {
    expect(validateExitCode(warned)).toBe(0);
    expect(validateExitCode({ ...warned, maxWarnings: 1 })).toBe(0);
  });

  it("is 1 above --max-warnings, saying so on stderr only", () => {
    const over = { ...warned, maxWarnings: 0 };
    expect(validateExitCode(over)).toBe(1);
    const { stdout, stderr } = renderValidate(over, "json");
    expect(JSON.parse(stdout).valid).toBe(true);
    expect(stderr).toBe("oatf validate: 1 warning, more than --max-warnings 0 allows\n");
    expect(renderValidate(warned, "json").stderr).toBe("");
  });

  it("is 2 for unmatched arguments, which render as one line", () => {
    const report: ValidateReport = { unmatched: ["*.nothing", "x"], files: [], maxWarnings: -1 };
    expect(validateExitCode(report)).toBe(2);
    expect(renderValidate(report, "text")).toEqual({
      stdout: "",
      stderr: "oatf validate: no files match '*.nothing', 'x'\n",
    });
  });
});

describe("renderers", () => {
  it("text: code frames per file, then the summary; --quiet hides warnings", async () => {
    const report = await reportOf({ "ok.yaml": VALID, "bad.yaml": INVALID });
    const out = toText(report.files, false, false);
    expect(out).toContain("bad.yaml:3:13  error  V-005");
    expect(out).toContain("> 3 |   severity: extreme");
    expect(out.endsWith("✖ 1 of 2 files invalid: 1 error, 0 warnings\n")).toBe(true);
    expect(renderValidate(report, "text").stdout).toBe(out);
    expect(toText((await reportOf({ "ok.yaml": VALID })).files, false, false)).toBe(
      "✔ 1 file valid\n",
    );
  });

  it("text and stylish escape control characters in file names", async () => {
    const report = await reportOf({ "bad\u001b[31m.yaml": INVALID });
    for (const out of [toText(report.files, false, false), toStylish(report.files, false, false)]) {
      expect(out).not.toContain("\u001b");
      expect(out).toContain("V-005");
    }
  });

  it("stylish: one line per problem grouped by file; the summary when there are none", async () => {
    const report = await reportOf({ "bad.yaml": INVALID });
    const out = toStylish(report.files, false, false);
    expect(out).toContain("bad.yaml");
    expect(out).toMatch(/3:13\s+error\s+.*V-005/);
    expect(out).not.toContain("> 3 |");
    const clean = (await reportOf({ "ok.yaml": VALID })).files;
    expect(toStylish(clean, false, false)).toBe("✔ 1 file valid\n");
  });

  it("--quiet drops warnings from text and stylish, not from json", () => {
    const files = [WARNED];
    expect(toText(files, false, false)).toContain("a warning");
    expect(toText(files, true, false)).not.toContain("a warning");
    expect(toStylish(files, false, false)).toContain("a warning");
    expect(toStylish(files, true, false)).not.toContain("a warning");
    expect(JSON.stringify(toJson(files))).toContain("a warning");
  });

  it("json: every file and diagnostic", async () => {
    const report = await reportOf({ "ok.yaml": VALID, "bad.yaml": INVALID });
    const json = toJson(report.files) as {
      valid: boolean;
      files: { file: string; valid: boolean; diagnostics: { rule: string }[] }[];
    };
    expect(json.valid).toBe(false);
    expect(json.files.map((f) => [f.file, f.valid])).toEqual([
      ["ok.yaml", true],
      ["bad.yaml", false],
    ]);
    expect(json.files[1]!.diagnostics[0]!.rule).toBe("V-005");
    expect(JSON.parse(renderValidate(report, "json").stdout)).toEqual(json);
  });

  it("sarif: rules, levels, regions and artifact URIs", async () => {
    const report = await reportOf({ "dir/bad file.yaml": INVALID, "/abs/x.yaml": INVALID });
    const sarif = toSarif(report.files) as {
      version: string;
      runs: {
        tool: { driver: { rules: { id: string }[] } };
        results: {
          ruleId: string;
          ruleIndex: number;
          level: string;
          locations: { physicalLocation: { artifactLocation: object; region: object } }[];
        }[];
      }[];
    };
    expect(sarif.version).toBe("2.1.0");
    const run = sarif.runs[0]!;
    expect(run.tool.driver.rules.map((r) => r.id)).toEqual(["V-005"]);
    expect(run.results.map((r) => [r.ruleId, r.ruleIndex, r.level])).toEqual([
      ["V-005", 0, "error"],
      ["V-005", 0, "error"],
    ]);
    const [relative, absolute] = run.results.map((r) => r.locations[0]!.physicalLocation);
    expect(relative!.artifactLocation).toEqual({
      uri: "dir/bad%20file.yaml",
      uriBaseId: "%SRCROOT%",
    });
    expect(absolute!.artifactLocation).toEqual({ uri: "file:///abs/x.yaml" });
    expect(relative!.region).toMatchObject({ startLine: 3, startColumn: 13, endLine: 3 });
    expect(JSON.parse(renderValidate(report, "sarif").stdout)).toEqual(sarif);
  });
});
