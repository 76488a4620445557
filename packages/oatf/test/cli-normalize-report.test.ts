// `oatf normalize` without a process (issue 26 item 4): the run over in-memory inputs with a
// recording writer, the exit code policy, and the renderer called directly.
import { serialize } from "@oatf/model";
import { normalize } from "@oatf/normalize";
import { describe, expect, it } from "vitest";
import {
  type NormalizeReport,
  normalizeExitCode,
  renderNormalize,
  runNormalize,
} from "../src/cli/normalize/report.js";
import { checkText } from "../src/pipeline.js";
import { memoryInputs, text } from "./memory-inputs.js";

const SHORT = `oatf: "0.1"\n# the attack\nattack:\n  execution:\n    mode: mcp_server\n    state:\n      tools: []\n`;
const INVALID = `oatf: "0.1"\nattack:\n  severity: extreme\n  execution:\n    mode: mcp_server\n    state:\n      tools: []\n`;
const CANONICAL = serialize(normalize(checkText(SHORT).document!));

const inputs = memoryInputs;
const noWrites = () => {
  throw new Error("nothing should be written");
};

describe("runNormalize", () => {
  it("print: the canonical form with the comments carried over", async () => {
    const report = await runNormalize(inputs({ "a.yaml": text(SHORT) }).list, "print", noWrites);
    const [file] = report.files;
    expect(file).toMatchObject({ file: "a.yaml", outcome: "printed", dropped: 0 });
    const output = file!.outcome === "printed" ? file!.output : "";
    expect(output).toContain("# the attack");
    expect(checkText(output).document).toBeDefined();
    expect(normalizeExitCode(report)).toBe(0);
    expect(renderNormalize(report)).toEqual({ stdout: output, stderr: "" });
  });

  it("check: canonical or where it differs; nothing written", async () => {
    const report = await runNormalize(
      inputs({ "short.yaml": text(SHORT), "canonical.yaml": text(CANONICAL) }).list,
      "check",
      noWrites,
    );
    expect(report.files.map((f) => f.outcome)).toEqual(["not-canonical", "canonical"]);
    expect(normalizeExitCode(report)).toBe(1);
    const { stdout, stderr } = renderNormalize(report);
    expect(stdout).toBe("");
    expect(stderr).toMatch(
      /^oatf normalize: short\.yaml is not in canonical form: .+; 'oatf normalize --write short\.yaml' rewrites it\n$/,
    );
  });

  it("write: through the writer it is given, only what changes", async () => {
    const written: [string, string][] = [];
    const report = await runNormalize(
      inputs({ "short.yaml": text(SHORT), "canonical.yaml": text(CANONICAL) }).list,
      "write",
      (file, t) => written.push([file, t]),
    );
    expect(written.map(([file]) => file)).toEqual(["short.yaml"]);
    expect(written[0]![1]).toContain("# the attack");
    expect(report.files.map((f) => f.outcome)).toEqual(["written", "unchanged"]);
    expect(normalizeExitCode(report)).toBe(0);
    expect(renderNormalize(report)).toEqual({
      stdout: "",
      stderr: "oatf normalize: wrote short.yaml\n",
    });
  });

  it("a write that fails is exit 3, and the other files are still done", async () => {
    const report = await runNormalize(
      inputs({ "ro.yaml": text(SHORT), "b.yaml": text(SHORT) }).list,
      "write",
      (file) => {
        if (file === "ro.yaml") throw new Error("EACCES: permission denied");
      },
    );
    expect(report.files.map((f) => f.outcome)).toEqual(["write-failed", "written"]);
    expect(normalizeExitCode(report)).toBe(3);
    expect(renderNormalize(report).stderr).toBe(
      "oatf normalize: cannot write ro.yaml: EACCES: permission denied\noatf normalize: wrote b.yaml\n",
    );
  });

  it("an invalid document: its errors on stderr, exit 1", async () => {
    const report = await runNormalize(
      inputs({ "bad.yaml": text(INVALID) }).list,
      "print",
      noWrites,
    );
    expect(report.files[0]!.outcome).toBe("invalid");
    expect(normalizeExitCode(report)).toBe(1);
    const { stdout, stderr } = renderNormalize(report);
    expect(stdout).toBe("");
    expect(stderr).toContain("oatf normalize: bad.yaml is not a valid OATF document (1 error)\n");
    expect(stderr).toContain("V-005");
  });

  it("stops at an unreadable input (exit 2); a file over the limit fails and goes on", async () => {
    const { list, read } = inputs({
      "big.yaml": { ok: false, reason: "is larger than 5 bytes", tooLarge: 5 },
      "bad.yaml": text(INVALID),
      "gone.yaml": { ok: false, reason: "no such file" },
      "never.yaml": text(SHORT),
    });
    const report = await runNormalize(list, "check", noWrites);
    expect(read).toEqual(["big.yaml", "bad.yaml", "gone.yaml"]);
    expect(normalizeExitCode(report)).toBe(2);
    const { stderr } = renderNormalize(report);
    expect(
      stderr.startsWith("oatf normalize: cannot read big.yaml: is larger than 5 bytes\n"),
    ).toBe(true);
    expect(stderr.endsWith("oatf normalize: cannot read gone.yaml: no such file\n")).toBe(true);
  });
});

describe("normalizeExitCode", () => {
  const report = (outcomes: NormalizeReport["files"]): NormalizeReport => ({
    unmatched: [],
    files: outcomes,
  });

  it("is the last file's failure", () => {
    const failed = { file: "a", outcome: "not-canonical", difference: "x" } as const;
    const cannotWrite = { file: "b", outcome: "write-failed", dropped: 0, reason: "r" } as const;
    expect(normalizeExitCode(report([cannotWrite, failed]))).toBe(1);
    expect(normalizeExitCode(report([failed, cannotWrite]))).toBe(3);
    expect(normalizeExitCode(report([failed, { file: "c", outcome: "canonical" }]))).toBe(1);
    expect(normalizeExitCode(report([]))).toBe(0);
  });

  it("is 2 for unmatched arguments, which render as one line", () => {
    const unmatched: NormalizeReport = { unmatched: ["*.nothing"], files: [] };
    expect(normalizeExitCode(unmatched)).toBe(2);
    expect(renderNormalize(unmatched)).toEqual({
      stdout: "",
      stderr: "oatf normalize: no files match '*.nothing'\n",
    });
  });

  it("escapes control characters in file names and differences", () => {
    const out = renderNormalize(
      report([{ file: "a\u001b[2J.yaml", outcome: "not-canonical", difference: "x\u0007" }]),
    );
    expect(out.stderr).toContain("is not in canonical form");
    expect(out.stderr).not.toContain("\u001b");
    expect(out.stderr).not.toContain("\u0007");
  });
});
