// End to end through the built `oatf` bin: the authoring gaps of issue 25 (usage without a
// command, wrapped help, did-you-mean, --max-warnings, standard input, normalize --write and
// comments, the root script without pnpm's banner, in the caller's directory).
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import setup, { CLI, REPO } from "./cli-build.js";

beforeAll(() => setup(), 600_000);

function oatf(args: string[], options: { input?: string; env?: Record<string, string> } = {}) {
  const r = spawnSync(process.execPath, [CLI, ...args], {
    cwd: tmp,
    input: options.input,
    encoding: "utf8",
    env: { ...process.env, COLUMNS: "", ...options.env },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const tmp = mkdtempSync(join(tmpdir(), "oatf-authoring-"));
const write = (name: string, text: string) => {
  writeFileSync(join(tmp, name), text);
  return name;
};
const INVALID = `oatf: "0.1"\nattack:\n  severity: extreme\n  execution:\n    mode: mcp_server\n    state:\n      tools: []\n`;
// Valid, with one warning: a misspelt surface (V-018) that can never match.
const WARNS = `oatf: "0.1"
attack:
  execution:
    mode: mcp_server
    state:
      tools: []
  indicators:
    - surface: tools/lsit
      target: x
      pattern: { contains: a }
`;
const words = (text: string) => text.split(/\s+/).filter(Boolean);

describe("usage", () => {
  it("oatf with no arguments prints usage on stderr and exits 2", () => {
    const r = oatf([]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/^Usage: oatf <command>/);
  });

  it("help wraps at word boundaries to the width (COLUMNS when not a terminal)", () => {
    const wide = oatf(["validate", "--help"], { env: { COLUMNS: "200" } });
    for (const width of [40, 80]) {
      const r = oatf(["validate", "--help"], { env: { COLUMNS: String(width) } });
      expect(r.code).toBe(0);
      expect(words(r.stdout)).toEqual(words(wide.stdout));
      for (const line of r.stdout.split("\n")) {
        if (line.length > width) expect(words(line), line).toHaveLength(1);
      }
    }
    // Without COLUMNS and a terminal: 80.
    const lines = oatf(["--help"]).stdout.split("\n");
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThanOrEqual(80);
    expect(lines.some((l) => l.length > 70)).toBe(true);
  });

  it("suggests the nearest flag or command", () => {
    const flag = oatf(["validate", "--fromat", "json", "x.yaml"]);
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain("unknown option --fromat; did you mean --format?");
    const max = oatf(["validate", "--max-warning", "0", "x.yaml"]);
    expect(max.stderr).toContain("did you mean --max-warnings?");
    const command = oatf(["valdate", "x.yaml"]);
    expect(command.code).toBe(2);
    expect(command.stderr).toContain("unknown command 'valdate'; did you mean validate?");
    expect(oatf(["validate", "--format", "sarf", "x.yaml"]).stderr).toContain(
      "--format must be one of text, stylish, json, sarif (got 'sarf'); did you mean sarif?",
    );
    const far = oatf(["validate", "--colour", "x.yaml"]);
    expect(far.stderr).toContain("unknown option --colour\n");
    expect(oatf(["validate", "--quiet=yes", "x.yaml"]).stderr).toContain(
      "option --quiet takes no value",
    );
  });
});

describe("oatf validate --max-warnings", () => {
  const file = write("warns.yaml", WARNS);

  it("fails (1) only when warnings exceed the limit; -1 or absent is no limit", () => {
    expect(oatf(["validate", file]).code).toBe(0);
    expect(oatf(["validate", file, "--max-warnings", "-1"]).code).toBe(0);
    expect(oatf(["validate", file, "--max-warnings", "1"]).code).toBe(0);
    const over = oatf(["validate", file, "--max-warnings", "0"]);
    expect(over.code).toBe(1);
    expect(over.stdout).toContain("warning  V-018");
    expect(over.stderr).toContain("1 warning, more than --max-warnings 0 allows");
    // --quiet hides warnings; they still count.
    expect(oatf(["validate", file, "--quiet", "--max-warnings=0"]).code).toBe(1);
  });

  it("keeps JSON and SARIF on stdout parseable", () => {
    for (const format of ["json", "sarif"]) {
      const r = oatf(["validate", file, "--format", format, "--max-warnings", "0"]);
      expect(r.code).toBe(1);
      expect(() => JSON.parse(r.stdout)).not.toThrow();
    }
  });

  it("a bad limit is a usage error", () => {
    for (const bad of ["x", "1.5", "-2", ""]) {
      expect(oatf(["validate", file, "--max-warnings", bad]).code, bad).toBe(2);
    }
  });
});

describe("standard input", () => {
  it("validate - reads stdin, reported under --stdin-filename", () => {
    const r = oatf(["validate", "-", "--stdin-filename", "attacks/mine.yaml"], { input: INVALID });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("attacks/mine.yaml:3:13  error  V-005");
    expect(r.stdout).toContain("> 3 |   severity: extreme");
    const anonymous = oatf(["validate", "-", "--format", "json"], { input: WARNS });
    expect(anonymous.code).toBe(0);
    expect(JSON.parse(anonymous.stdout).files[0]).toMatchObject({ file: "<stdin>", valid: true });
  });

  it("- takes its place among files", () => {
    const a = write("stdin-a.yaml", WARNS);
    const r = oatf(["validate", a, "-", "--format", "json"], { input: INVALID });
    const files = JSON.parse(r.stdout).files.map((f: { file: string }) => f.file);
    expect(files).toEqual([a, "<stdin>"]);
    expect(r.code).toBe(1);
  });

  it("usage errors: - twice, --stdin-filename without -", () => {
    expect(oatf(["validate", "-", "-"], { input: WARNS }).code).toBe(2);
    expect(oatf(["validate", "x.yaml", "--stdin-filename", "y.yaml"]).code).toBe(2);
  });

  it("normalize - prints the canonical form of stdin", () => {
    const r = oatf(["normalize", "-"], { input: WARNS });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("actors:");
    const bad = oatf(["normalize", "-", "--stdin-filename", "in.yaml"], { input: INVALID });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("in.yaml is not a valid OATF document");
  });
});

describe("oatf normalize: comments, --write, --check", () => {
  const COMMENTED = `# Rug pull, reduced
oatf: "0.1" # the format version
attack:
  severity: high # high: it exfiltrates keys
  execution:
    mode: mcp_server # server side
    state:
      tools:
        # the bait
        - name: calc
          description: adds numbers
  indicators:
    - target: tools[*].description # where it hides
      pattern:
        contains: IMPORTANT
`;
  const COMMENTS = [
    "# Rug pull, reduced",
    "# the format version",
    "# high: it exfiltrates keys",
    "# server side",
    "# the bait",
    "# where it hides",
  ];

  it("prints the canonical form with the comments kept", () => {
    const r = oatf(["normalize", write("commented.yaml", COMMENTED)]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe("");
    for (const comment of COMMENTS) expect(r.stdout).toContain(comment);
    expect(r.stdout).toMatch(/\n {4}level: high # high: it exfiltrates keys\n/);
    expect(r.stdout).toMatch(/\n {8}mode: mcp_server # server side\n/);
  });

  it("--write rewrites in place; --check then passes; --write again changes nothing", () => {
    const file = write("rewrite.yaml", COMMENTED);
    const printed = oatf(["normalize", file]).stdout;
    expect(oatf(["normalize", "--check", file]).code).toBe(1);
    const r = oatf(["normalize", "--write", file]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain(`wrote ${file}`);
    const written = readFileSync(join(tmp, file), "utf8");
    expect(written).toBe(printed);
    expect(oatf(["normalize", "--check", file])).toMatchObject({ code: 0, stderr: "" });
    const again = oatf(["normalize", "--write", file]);
    expect(again).toMatchObject({ code: 0, stderr: "" });
    expect(readFileSync(join(tmp, file), "utf8")).toBe(written);
  });

  it("--check ignores formatting the spec leaves open, not what it fixes", () => {
    const canonical = oatf(["normalize", "-"], { input: COMMENTED }).stdout;
    // The same data in the same field order, written by hand: other quoting, flow style,
    // indentation, comments and blank lines.
    const edits: [RegExp, string][] = [
      [/^oatf: "0.1".*$/m, "oatf: '0.1'"],
      [/^ {2}version: 1$/m, "\n  version: 1 # after a blank line"],
      [
        / {14}tools:\n {16}# the bait\n {16}- name: calc\n {18}description: adds numbers\n/,
        '              tools: [{name: "calc", description: adds numbers}]\n',
      ],
      [/^ {4}logic: any$/m, '    logic: "any"'],
      [/^ {2}correlation:$/m, "  # the default\n  correlation:"],
    ];
    let handWritten = canonical;
    for (const [from, to] of edits) {
      const edited = handWritten.replace(from, to);
      expect(edited, String(from)).not.toBe(handWritten);
      handWritten = edited;
    }
    const file = write("hand.yaml", handWritten);
    expect(oatf(["normalize", "--check", file])).toMatchObject({ code: 0, stderr: "" });
    // Out of specification order: name after status.
    const reordered = write(
      "reordered.yaml",
      canonical
        .replace("  name: Untitled\n", "")
        .replace("  status: draft\n", "  status: draft\n  name: Untitled\n"),
    );
    const order = oatf(["normalize", "--check", reordered]);
    expect(order.code).toBe(1);
    expect(order.stderr).toContain("the fields of `attack` are not in specification order");
    // A default left out.
    const missing = oatf([
      "normalize",
      "--check",
      write("missing.yaml", canonical.replace("  status: draft\n", "")),
    ]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("`attack` has no `status`");
    const short = oatf(["normalize", "--check", write("short.yaml", COMMENTED)]);
    expect(short.code).toBe(1);
    expect(short.stderr).toMatch(
      /short\.yaml is not in canonical form \(--check checks the expanded form.*\): .*; 'oatf normalize --write short\.yaml' expands it/,
    );
  });

  it("--check and --write take several files; usage errors exit 2", () => {
    const a = write("many-a.yaml", COMMENTED);
    const b = write("many-b.yaml", WARNS);
    expect(oatf(["normalize", "--check", a, b]).code).toBe(1);
    expect(oatf(["normalize", "--write", a, b]).code).toBe(0);
    expect(oatf(["normalize", "--check", "many-*.yaml"]).code).toBe(0);
    expect(oatf(["normalize", a, b]).code).toBe(2);
    expect(oatf(["normalize", "--write", "-"], { input: WARNS }).code).toBe(2);
    expect(oatf(["normalize", "--write", "--check", a]).code).toBe(2);
  });

  it("--write leaves an invalid file untouched (exit 1)", () => {
    const file = write("invalid-w.yaml", INVALID);
    expect(oatf(["normalize", "--write", file]).code).toBe(1);
    expect(readFileSync(join(tmp, file), "utf8")).toBe(INVALID);
  });
});

describe("the root script (pnpm -s oatf)", () => {
  it("prints only the CLI's output and resolves paths from the caller's directory", () => {
    const file = write("root-script.yaml", INVALID);
    const pnpm = join(REPO, "node_modules/.bin/pnpm");
    const r = spawnSync(
      pnpm,
      ["--dir", REPO, "-s", "oatf", "validate", file, "--format", "sarif"],
      { cwd: tmp, encoding: "utf8", env: { ...process.env, TURBO_TELEMETRY_DISABLED: "1" } },
    );
    expect(r.status, r.stderr).toBe(1);
    const sarif = JSON.parse(r.stdout);
    expect(sarif.version).toBe("2.1.0");
    const location = sarif.runs[0].results[0].locations[0].physicalLocation;
    expect(location.artifactLocation.uri).toBe(file);
    expect(location.region.startLine).toBe(3);
  }, 300_000);
});
