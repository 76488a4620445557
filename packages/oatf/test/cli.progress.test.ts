// Progress lines: validate's (only on an interactive stderr, and only for many files), and the
// one progress module of long runs (shared/progress.ts: evaluate, record, monitor --drain).
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../src/cli/main.js";
import { besideProgress, startProgress } from "../src/cli/shared/progress.js";

const dir = mkdtempSync(join(tmpdir(), "oatf-progress-"));
const DOC = `oatf: "0.1"\nattack:\n  execution:\n    mode: mcp_server\n    state:\n      tools: []\n`;
for (let i = 0; i < 12; i++) writeFileSync(join(dir, `doc-${i}.yaml`), DOC);

async function validate(args: string[], isTTY: boolean) {
  let stderr = "";
  const code = await runCli(["validate", ...args], {
    stdout: { write: () => true },
    stderr: { isTTY, write: (s: string) => (stderr += s) },
    cwd: dir,
  });
  return { code, stderr };
}

describe("oatf validate progress", () => {
  it("shows progress on a TTY when given many files, then clears it", async () => {
    const r = await validate(["*.yaml"], true);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain("\rvalidating 12/12 doc-");
    expect(r.stderr.endsWith("\r\x1b[K")).toBe(true);
  });

  it("stays quiet when stderr is not a TTY, or for few files", async () => {
    expect((await validate(["*.yaml"], false)).stderr).toBe("");
    expect((await validate(["doc-1.yaml", "doc-2.yaml"], true)).stderr).toBe("");
  });
});

describe("oatf evaluate progress", () => {
  // Messages the indicator is evaluated on (one no message reaches is skipped: an error).
  const message = `${JSON.stringify({ protocol: "mcp", direction: "request", operation: "tools/call", content: { name: "read" } })}\n`;
  const doc = join(dir, "doc-0.yaml");
  writeFileSync(
    doc,
    `${DOC}  indicators:\n    - surface: tools/call\n      target: name\n      pattern: { contains: never }\n`,
  );
  async function* slowTrace() {
    yield message.repeat(2048);
    await new Promise((r) => setTimeout(r, 300));
    yield message.repeat(2048);
  }

  async function evaluate(isTTY: boolean) {
    let stderr = "";
    const code = await runCli(["evaluate", doc, "--trace", "-"], {
      stdout: { write: () => true },
      stderr: { isTTY, write: (s: string) => (stderr += s) },
      stdin: slowTrace(),
      cwd: dir,
    });
    return { code, stderr };
  }

  it("shows messages/s on a TTY while reading, then clears the line", async () => {
    const r = await evaluate(true);
    expect(r.code).toBe(0);
    expect(r.stderr.startsWith("\revaluating: ")).toBe(true);
    expect(r.stderr).toMatch(/^\revaluating: \d+ messages \(\d+ messages\/s, \d+\.\d s\)/);
    expect(r.stderr.endsWith("\r\x1b[K")).toBe(true);
  });

  it("is silent when stderr is not a TTY", async () => {
    expect(await evaluate(false)).toEqual({ code: 0, stderr: "" });
  });
});

describe("the progress line (shared/progress.ts)", () => {
  function terminal() {
    const out = {
      text: "",
      isTTY: true as const,
      columns: 80,
      write: (s: string) => (out.text += s),
    };
    return out;
  }

  it("draws count, rate and elapsed time at most every 250 ms, and clears itself", () => {
    let now = 1000;
    const stderr = terminal();
    const progress = startProgress(stderr, "recording", { now: () => now });
    progress.update(1);
    expect(stderr.text).toBe(""); // not before 250 ms: a short run shows nothing
    now += 250;
    progress.update(500);
    expect(stderr.text).toBe("\rrecording: 500 messages (2000 messages/s, 0.3 s)\x1b[K");
    now += 100;
    progress.update(600);
    expect(stderr.text.match(/\r/g)).toHaveLength(1); // throttled
    now += 1750;
    progress.update(4200);
    expect(stderr.text.endsWith("\rrecording: 4200 messages (2000 messages/s, 2.1 s)\x1b[K")).toBe(
      true,
    );
    progress.stop();
    expect(stderr.text.endsWith("\r\x1b[K")).toBe(true);
    const drawn = stderr.text;
    now += 1000;
    progress.update(5000);
    progress.stop();
    expect(stderr.text.length - drawn.length).toBeLessThan(80); // stopped: nothing more but a clear
  });

  it("erases the line before anything else written beside it, and is silent when piped", () => {
    let now = 0;
    const stderr = terminal();
    const progress = startProgress(stderr, "evaluating", { unit: "runs", now: () => now });
    now = 300;
    progress.update(3);
    besideProgress(stderr, progress).write("a warning\n");
    expect(stderr.text).toBe("\revaluating: 3 runs (10 runs/s, 0.3 s)\x1b[K\r\x1b[Ka warning\n");
    progress.stop();
    const piped = { text: "", write: (s: string) => (piped.text += s) };
    const quiet = startProgress(piped, "evaluating", { now: () => (now += 1000) });
    for (let i = 0; i < 10; i++) quiet.update(i);
    besideProgress(piped, quiet).write("x");
    quiet.stop();
    expect(piped.text).toBe("x");
  });
});
