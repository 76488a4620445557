// The validate progress line: only on an interactive stderr, and only for many files.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../src/cli/main.js";

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
    expect(r.stderr).toMatch(/^\revaluating: \d+ messages \(\d+ messages\/s\)/);
    expect(r.stderr.endsWith("\r\x1b[K")).toBe(true);
  });

  it("is silent when stderr is not a TTY", async () => {
    expect(await evaluate(false)).toEqual({ code: 0, stderr: "" });
  });
});
