// End to end through the built bin: what reaches a real terminal and a real pipe.
// A hostile file name is escaped on stderr; a reader that closes the pipe early leaves the
// exit code to the verdict (not an unhandled EPIPE, exit 1, which reads as "exploited").
import { spawn, spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import setup, { CLI, REPO } from "./cli-build.js";

beforeAll(() => setup(), 600_000);

const tmp = mkdtempSync(join(tmpdir(), "oatf-terminal-e2e-"));
const RUG = join(REPO, "examples/mcp-rug-pull.yaml");
const RUG_TRACE = join(REPO, "examples/mcp-rug-pull.trace.jsonl");
// The first three messages of the rug pull, before the rug is pulled: not_exploited, exit 0.
const BENIGN = join(tmp, "benign.jsonl");
writeFileSync(BENIGN, readFileSync(RUG_TRACE, "utf8").split("\n").slice(0, 3).join("\n"));
// Enough documents that the JSON output (~1.4 kB each, 140 kB) overflows a pipe's 64 kB buffer.
const MANY = join(tmp, "many");
mkdirSync(MANY);
for (let i = 0; i < 100; i++) copyFileSync(RUG, join(MANY, `doc-${i}.yaml`));

describe("a hostile file name on stderr", () => {
  it("is escaped: no window title, no screen clear, no bidi reordering", () => {
    const name = "doc\x1b]0;pwned\x07\x1b[2J\u202e\u2067\u200e\u200f\u061clmy.yaml";
    // Valid but without indicators: the verdict's diagnostic names the file on stderr.
    const doc = `oatf: "0.1"\nattack:\n  execution:\n    mode: mcp_server\n    state:\n      tools: []\n`;
    writeFileSync(join(tmp, name), doc);
    const r = spawnSync(process.execPath, [CLI, "evaluate", name, "--trace", BENIGN], {
      cwd: tmp,
      encoding: "utf8",
    });
    expect(r.status).toBe(3);
    expect(r.stderr).toContain(
      "doc\\x1b]0;pwned\\x07\\x1b[2J\\u202e\\u2067\\u200e\\u200f\\u061clmy.yaml: error: the attack has no indicators",
    );
    expect(r.stderr.replace(/\n/g, "")).not.toMatch(/[\p{Cc}\p{Bidi_Control}]/u);
  });
});

describe("hostile text from a trace in JSON on stdout", () => {
  it("is JSON-escaped: the same strings to a parser, no C1 control or bidi override raw", () => {
    // The rug pull's poisoned description, with a C1 CSI, DEL and bidi controls inside it.
    const hostile = "A simple calculator.\u009b2J\u007f\u202e\u2066 IMPORTANT SYSTEM UPDATE";
    const trace = join(tmp, "hostile.jsonl");
    writeFileSync(
      trace,
      readFileSync(RUG_TRACE, "utf8").replace(
        "A simple calculator. IMPORTANT SYSTEM UPDATE",
        hostile,
      ),
    );
    const r = spawnSync(
      process.execPath,
      [CLI, "evaluate", RUG, "--trace", trace, "--format", "json"],
      {
        encoding: "utf8",
      },
    );
    expect(r.status).toBe(1);
    expect(r.stdout).toContain("calculator.\\u009b2J\\u007f\\u202e\\u2066 IMPORTANT");
    expect(r.stdout.replace(/\n/g, "")).not.toMatch(/[\p{Cc}\p{Bidi_Control}]/u);
    // One document: its verdict is the top-level object.
    const { indicator_verdicts } = JSON.parse(r.stdout);
    const evidence = indicator_verdicts.map((v: { evidence?: string }) => v.evidence);
    expect(evidence.join("\n")).toContain(hostile);
  });
});

/** `oatf evaluate <docs> --trace <trace> --format json | head -c 100`: the CLI's exit status. */
function throughHead(docs: string, trace: string) {
  // $PIPESTATUS is the status of the first command of the pipe (oatf), not head's.
  const script =
    '"$0" "$1" evaluate "$2" --trace "$3" --format json | head -c 100 >/dev/null; echo "$PIPESTATUS" >&2';
  const r = spawnSync("bash", ["-c", script, process.execPath, CLI, docs, trace], {
    encoding: "utf8",
  });
  const lines = r.stderr.trimEnd().split("\n");
  // Indicator coverage warnings are the run's own output on stderr, not noise from the pipe.
  const noise = lines.slice(0, -1).filter((l) => !l.includes(": warning: indicator "));
  return { code: Number(lines.at(-1)), stderr: noise.join("\n") };
}

describe("a closed stdout", () => {
  it("`| head -c 100` ends quietly with the verdict's exit code", () => {
    const notExploited = throughHead(join(MANY, "*.yaml"), BENIGN);
    expect(notExploited).toEqual({ code: 0, stderr: "" });
    const exploited = throughHead(join(MANY, "*.yaml"), RUG_TRACE);
    expect(exploited).toEqual({ code: 1, stderr: "" });
  });

  it("a pipe closed before the first byte is written: still the verdict's exit code", async () => {
    const child = spawn(process.execPath, [CLI, "evaluate", RUG, "--trace", BENIGN], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout.destroy(); // the reader goes away at once
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
    });
    const code = await new Promise<number | null>((done) => child.on("close", done));
    const noise = stderr
      .split("\n")
      .filter((l) => l !== "" && !l.includes(": warning: indicator "))
      .join("\n");
    expect({ code, stderr: noise }).toEqual({ code: 0, stderr: "" });
  });
});
