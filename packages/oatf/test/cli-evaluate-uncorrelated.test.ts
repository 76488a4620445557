// `oatf evaluate` under issue 23's principle: a message a peer made uncorrelatable is still
// evaluated, and the run fails (exit 3) unless --allow-uncorrelated accepts it.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MAX_PENDING_REQUESTS } from "@oatf/trace";
import { describe, expect, it } from "vitest";
import { runCli } from "../src/cli/main.js";

const dir = mkdtempSync(join(tmpdir(), "oatf-uncorrelated-"));
const doc = join(dir, "leak.yaml");
writeFileSync(
  doc,
  `oatf: "0.1"
attack:
  id: ADV-001
  execution:
    mode: mcp_server
    state:
      tools: []
  indicators:
    - surface: tools/call
      direction: response
      target: "content[*].text"
      pattern: { contains: "PRIVATE KEY" }
`,
);

async function evaluate(trace: string, extra: string[] = []) {
  let stderr = "";
  let stdout = "";
  const code = await runCli(["evaluate", doc, "--trace", "-", ...extra], {
    stdout: {
      write: (s: string) => {
        stdout += s;
        return true;
      },
    },
    stderr: {
      write: (s: string) => {
        stderr += s;
        return true;
      },
    },
    stdin: (async function* () {
      yield trace;
    })(),
    cwd: dir,
  });
  return { code, stderr, stdout };
}

const line = (direction: string, message: object) => JSON.stringify({ direction, message });
const KEY = { content: [{ type: "text", text: "-----BEGIN OPENSSH PRIVATE KEY-----" }] };

describe("oatf evaluate: uncorrelated messages", () => {
  // Finding 1: 10,000 server pings push the client's tools/call out of the pending table.
  const flood = [
    line("send", { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "read_file" } }),
    ...Array.from({ length: MAX_PENDING_REQUESTS }, (_, i) =>
      line("receive", { jsonrpc: "2.0", id: i + 1, method: "ping" }),
    ),
    line("receive", { jsonrpc: "2.0", id: 1, result: KEY }),
  ].join("\n");

  it("still finds the exploit, and exits 3 naming the opt-out", async () => {
    const r = await evaluate(flood);
    expect(r.stdout).toContain("exploited");
    expect(r.code).toBe(3);
    expect(r.stderr).toContain("could not be correlated");
    expect(r.stderr).toContain("--allow-uncorrelated accepts them");
  });

  it("exits with the verdict's code under --allow-uncorrelated, still warning", async () => {
    const r = await evaluate(flood, ["--allow-uncorrelated"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("could not be correlated");
    expect(r.stderr).not.toContain("exit 3");
  });

  it("reads on past a line nested deeper than the stack (finding 7)", async () => {
    const deep = `${"[".repeat(50_000)}1${"]".repeat(50_000)}`;
    const trace = [
      `{"direction":"send","message":{"jsonrpc":"2.0","id":${deep},"method":"ping"}}`,
      line("send", { jsonrpc: "2.0", id: 2, method: "tools/call", params: {} }),
      line("receive", { jsonrpc: "2.0", id: 2, result: KEY }),
    ].join("\n");
    const r = await evaluate(trace);
    expect(r.stdout).toContain("exploited");
    expect(r.stderr).toContain("a JSON-RPC id must be a string, a number or null");
  });
});
