// The CLI never reads without bound, caps its text output, and keeps terminals safe
// (issue 12 §3–§5), while JSON stays exact (issue 15 §2: one diagnostic shape).
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEFAULT_LIMITS } from "oatf/advanced";
import { beforeAll, describe, expect, it } from "vitest";
import setup, { CLI, REPO } from "./cli-build.js";

beforeAll(() => setup(), 600_000);

function oatf(args: string[]) {
  const r = spawnSync(process.execPath, [CLI, ...args], {
    cwd: REPO,
    encoding: "utf8",
    timeout: 60_000,
    maxBuffer: 256 * 1024 * 1024,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const tmp = mkdtempSync(join(tmpdir(), "oatf-limits-"));
const write = (name: string, text: string) => {
  const path = join(tmp, name);
  writeFileSync(path, text);
  return path;
};

describe("oatf validate input bounds", () => {
  it("refuses a character device behind a .yaml symlink instead of reading it", () => {
    const link = join(tmp, "zero.yaml");
    symlinkSync("/dev/zero", link);
    const r = oatf(["validate", link]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("is not a regular file");
  });

  it("refuses a FIFO without blocking on it", () => {
    const fifo = join(tmp, "pipe.yaml");
    execFileSync("mkfifo", [fifo]);
    const r = oatf(["validate", fifo]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("is not a regular file");
  });

  it("reports a file over the size limit as invalid, without reading it", () => {
    const big = write("big.yaml", `# ${"x".repeat(DEFAULT_LIMITS.maxBytes)}\n`);
    const r = oatf(["validate", big, "--format", "json"]);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).files[0].diagnostics).toEqual([
      expect.objectContaining({ severity: "error", rule: "parse/too-large", path: "" }),
    ]);
  });
});

describe("oatf validate output", () => {
  // A key with an escape sequence: its unknown-field message quotes ESC and a bidi override.
  const hostile = write(
    "hostile.yaml",
    `oatf: "0.1"\nattack:\n  "\\e]0;pwned\\a\\u202e": 1\n  execution:\n    mode: mcp_server\n    state: {}\n`,
  );

  it("escapes control and bidi characters in text output", () => {
    const r = oatf(["validate", hostile]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("\\x1b]0;pwned\\x07\\u202e");
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the point of the test
    expect(r.stdout).not.toMatch(/[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/);
  });

  it("keeps JSON exact, in the one diagnostic shape with a range (a ParseError's SDK §7.1 fields too)", () => {
    const r = oatf(["validate", hostile, "--format", "json"]);
    const [d] = JSON.parse(r.stdout).files[0].diagnostics;
    expect(d).toEqual({
      severity: "error",
      rule: "parse/unknown-field",
      code: "parse/unknown-field",
      kind: "type_mismatch",
      message: expect.stringContaining("\x1b]0;pwned\x07\u202e"),
      path: "attack.\x1b]0;pwned\x07\u202e",
      line: 3,
      column: 3,
      spec_ref: "SDK §3.1",
      range: {
        start: { line: 3, column: 3, offset: 22 },
        end: { line: 3, column: 23, offset: 42 },
      },
    });
  });

  it("reports parse problems and rules together, and caps text output per file", () => {
    const keys = Array.from({ length: 20_000 }, (_, i) => `      k${i % 10}: ${i}\n`).join("");
    const many = write(
      "many.yaml",
      `oatf: "0.1"\nattack:\n  status: nope\n  execution:\n    mode: mcp_server\n    state:\n${keys}`,
    );
    const r = oatf(["validate", many]);
    expect(r.code).toBe(1);
    expect(r.stdout.match(/^> /gm)).toHaveLength(100);
    expect(r.stdout).toContain("… 19891 more diagnostics not shown");
    expect(r.stdout).toContain("V-005");
    const json = JSON.parse(oatf(["validate", many, "--format", "json"]).stdout);
    expect(json.files[0].diagnostics).toHaveLength(19_991);
  });
});

describe("oatf validate --format stylish", () => {
  it("prints one line per problem grouped by file, and the ESLint total", () => {
    const file = write(
      "stylish.yaml",
      `oatf: "0.1"\nattack:\n  status: nope\n  execution:\n    mode: voice_server\n    state: {}\n`,
    );
    const r = oatf(["validate", file, "--format", "stylish"]);
    expect(r.code).toBe(1);
    expect(r.stdout.split("\n")).toEqual([
      file,
      expect.stringMatching(/^ {2}3:11\s+error\s+unknown status `nope`.*V-005$/),
      expect.stringMatching(/^ {2}5:11\s+warning\s+mode "voice_server".*W-002$/),
      "",
      "✖ 2 problems (1 error, 1 warning)",
      "",
    ]);
  });
});
