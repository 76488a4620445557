// The harness itself: it fails loudly on anything it cannot run, and never passes by running nothing.
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../src/cli.js";
import { MissingSuiteError, OWN_FIXTURES, upstreamCases, upstreamDir } from "../src/index.js";
import { runRoots } from "../src/roots.js";
import { formatReport, runConformance } from "../src/run.js";

async function run(argv: string[], env: Record<string, string | undefined> = {}) {
  let stdout = "";
  let stderr = "";
  const code = await main({
    argv,
    env,
    cwd: process.cwd(),
    stdout: { write: (t: string) => (stdout += t) },
    stderr: { write: (t: string) => (stderr += t) },
  });
  return { code, stdout, stderr, last: stdout.trim().split("\n").at(-1) };
}

const scratch = () => mkdtempSync(join(tmpdir(), "oatf-fixtures-"));

describe("oatf-conformance", () => {
  it("runs a given fixture directory and ends with the summary line", async () => {
    // One own directory (the whole suite runs in `pnpm conformance`, against the built SDK).
    const dir = scratch();
    symlinkSync(join(OWN_FIXTURES, "verdict"), join(dir, "verdict"));
    const r = await run(["--only", dir]);
    expect(r.stdout.split("\n").filter((l) => l.startsWith("FAIL"))).toEqual([]);
    expect(r.last).toMatch(/^conformance: \d+ passed, 0 failed$/);
    expect(r.code).toBe(0);
  });

  it("fails an unknown fixture directory", async () => {
    const dir = scratch();
    mkdirSync(join(dir, "unknown-dir"));
    const r = await run(["--only", dir]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("unknown fixture directory");
  });

  it("fails a primitives file without an adapter, even one named like an Object property", async () => {
    const dir = scratch();
    mkdirSync(join(dir, "primitives"));
    const oneCase = '- {name: "n", id: "X-1", input: {}, expected: true}\n';
    writeFileSync(join(dir, "primitives", "constructor.yaml"), oneCase);
    const r = await run(["--only", dir]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("unknown primitive file constructor.yaml");
    expect(r.last).toBe("conformance: 0 passed, 1 failed");
  });

  it("fails an empty fixture directory: zero cases run is not a pass", async () => {
    const r = await run(["--only", scratch()]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("no fixture cases found");
    expect(r.last).toBe("conformance: 0 passed, 1 failed");
  });

  it("fails with a clear message when the upstream suite is missing", async () => {
    const missing = join(scratch(), "nowhere");
    // The roots of a run without --only: the upstream suite that OATF_CONFORMANCE_DIR names
    // first. Run alone (the CLI would run the whole own suite after it, as `pnpm conformance`
    // does anyway), a missing one is a failed case with the message.
    const roots = runRoots({ OATF_CONFORMANCE_DIR: missing }, process.cwd());
    expect(roots.map((r) => r.label)).toEqual(["upstream", "own"]);
    expect(roots[0]!.path).toBe(missing);
    const report = await runConformance(roots.slice(0, 1));
    expect(report.failed).toBe(1);
    const text = formatReport(report).join("\n");
    expect(text).toContain(`upstream conformance fixtures not found at ${missing}`);
    expect(text).toContain("OATF_CONFORMANCE_DIR");
    expect(text.split("\n").at(-1)).toBe("conformance: 0 passed, 1 failed");
  });

  it("rejects unknown options and --only without a directory with exit 2", async () => {
    expect((await run(["--frobnicate"])).code).toBe(2);
    expect((await run(["--only"])).code).toBe(2);
  });
});

describe("case readers for package tests", () => {
  it("locate the suite relative to the repository root unless OATF_CONFORMANCE_DIR is set", () => {
    expect(upstreamDir({}, "/elsewhere")).toBe(
      join(OWN_FIXTURES, "../../../shared/conformance/upstream"),
    );
    expect(upstreamDir({ OATF_CONFORMANCE_DIR: "x" }, "/base")).toBe("/base/x");
  });

  it("throw, rather than return an empty list, when the suite is missing", () => {
    const saved = process.env.OATF_CONFORMANCE_DIR;
    process.env.OATF_CONFORMANCE_DIR = join(scratch(), "nowhere");
    try {
      expect(() => upstreamCases("validate")).toThrow(MissingSuiteError);
      expect(() => upstreamCases("validate")).toThrow(/not found at/);
    } finally {
      if (saved === undefined) delete process.env.OATF_CONFORMANCE_DIR;
      else process.env.OATF_CONFORMANCE_DIR = saved;
    }
  });

  it("throw when a selection has no case", () => {
    expect(() => upstreamCases("validate", { file: "no-such-file.yaml" })).toThrow(
      /no fixture cases in upstream validate\/no-such-file.yaml/,
    );
  });

  it("attach the erratum's corrected expectation to an upstream case", () => {
    const c = upstreamCases("validate").find((x) => x.id === "VAL-032b");
    expect(c?.erratum?.reason).toContain("not in the input");
  });
});
