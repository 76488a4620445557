// Issue 32, "a misspelt surface gives a silent green" and "sessions are merged", through the
// CLI: an indicator no message reached is `skipped` with a warning on stderr (never a silent
// `not_exploited`), the documents' validation warnings are printed, `--max-warnings` exceeded
// fails and never reads as a success (evaluate and validate), and a trace holding several
// runs (agents) gets a verdict per run: `correlation: all` is never met across two agents.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runCaptured } from "./cli-capture.js";

const dir = mkdtempSync(join(tmpdir(), "oatf-blind-"));
const write = (name: string, text: string) => {
  writeFileSync(join(dir, name), text);
  return join(dir, name);
};

const misspelt = write(
  "misspelt.yaml",
  `oatf: "0.1"
attack:
  id: CAL-001
  execution:
    mode: mcp_server
    state:
      tools: []
  indicators:
    - surface: tools/cal
      direction: request
      target: arguments
      pattern: { contains: "BEGIN PRIVATE KEY" }
`,
);
const leak = JSON.stringify({
  protocol: "mcp",
  direction: "request",
  operation: "tools/call",
  content: { name: "send", arguments: { body: "-----BEGIN PRIVATE KEY-----" } },
});
const leaks = write("leaks.jsonl", `${[leak, leak, leak].join("\n")}\n`);

// Poisoned (tools/list) and leaking (tools/call), correlation all (shared with the Redis suite).
const both = fileURLToPath(new URL("./fixtures/runs/poison-then-leak.yaml", import.meta.url));
const poison = {
  protocol: "mcp",
  direction: "response",
  operation: "tools/list",
  content: { tools: [{ name: "x", description: "POISON" }] },
};
const secret = {
  protocol: "mcp",
  direction: "request",
  operation: "tools/call",
  content: { name: "x", arguments: { a: "SECRET" } },
};
const lines = (...messages: object[]) => `${messages.map((m) => JSON.stringify(m)).join("\n")}\n`;

const oatf = (args: string[]) => runCaptured(args, dir);

describe("oatf evaluate: an indicator no message reached", () => {
  it("is skipped, the document an error (exit 3), with the warning and the nearest surface on stderr", async () => {
    for (const format of ["text", "json", "junit"]) {
      const r = await oatf(["evaluate", misspelt, "--trace", leaks, "--format", format]);
      expect(r.code, format).toBe(3);
      expect(r.stdout).not.toContain("not_exploited");
      expect(r.stderr).toContain(
        `oatf evaluate: ${misspelt}: warning: indicator CAL-001-01: surface tools/cal matched no message; the trace has tools/call (3)\n`,
      );
      // The document's own validation warning, with its position and code.
      expect(r.stderr).toMatch(/misspelt\.yaml:9:\d+: warning V-018: surface "tools\/cal"/);
    }
    const json = JSON.parse(
      (await oatf(["evaluate", misspelt, "--trace", leaks, "--format", "json"])).stdout,
    );
    expect(json.result).toBe("error");
    expect(json.indicator_verdicts[0].result).toBe("skipped");
    expect(json.evaluation_summary).toEqual({ matched: 0, not_matched: 0, error: 0, skipped: 1 });
    expect(json.coverage[0].eligible).toBe(0);
  });
});

describe("--max-warnings", () => {
  const quiet = lines(poison, secret);
  const trace = write("both.jsonl", quiet);

  it("evaluate: more warnings than the limit fail (1), said on stderr and in the text", async () => {
    // A clean exploited run has no warnings: within any limit, exit 1 for the verdict alone.
    const within = await oatf(["evaluate", both, "--trace", trace, "--max-warnings", "0"]);
    expect(within.code).toBe(1);
    expect(within.stderr).not.toContain("--max-warnings");
    // Only the tools/call indicator sees a message: one coverage warning, a partial verdict...
    const onlyLeak = write("leak-only.jsonl", lines(secret));
    // An MCP server attack whose indicators look for NOTHING in tools/call requests' `targets`.
    const nothing = (id: string, targets: string[]) =>
      `oatf: "0.1"\nattack:\n  id: ${id}\n  execution:\n    mode: mcp_server\n    state:\n      tools: []\n  indicators:\n${targets
        .map(
          (t) =>
            `    - surface: tools/call\n      direction: request\n      target: ${t}\n      pattern: { contains: "NOTHING" }\n`,
        )
        .join("")}`;
    const other = write("other.yaml", nothing("OTHER-001", ["arguments", "argumentz"]));
    // not_exploited (the other indicator saw the message), one "never resolved" warning.
    const ok = await oatf(["evaluate", other, "--trace", onlyLeak]);
    expect(ok.code).toBe(0);
    expect(ok.stderr).toContain("target argumentz never resolved");
    expect((await oatf(["evaluate", other, "--trace", onlyLeak, "--max-warnings", "1"])).code).toBe(
      0,
    );
    const over = await oatf(["evaluate", other, "--trace", onlyLeak, "--max-warnings", "0"]);
    expect(over.code).toBe(1);
    expect(over.stderr).toContain(
      "oatf evaluate: 1 warning, more than --max-warnings 0 allows (exit 1)\n",
    );
    expect(over.stdout).toContain("not_exploited");
    expect(over.stdout).toMatch(/\nfailing: 1 warning, more than --max-warnings 0 allows/);
    // The documents' validation warnings count too.
    const r = await oatf(["evaluate", misspelt, "--trace", leaks, "--max-warnings", "1"]);
    expect(r.stderr).toContain("2 warnings, more than --max-warnings 1 allows");
    expect((await oatf(["evaluate", other, "--trace", onlyLeak, "--max-warnings", "x"])).code).toBe(
      2,
    );
    // And the trace's own: an id reused before its response, accepted by --allow-uncorrelated.
    const rpc = (direction: string, message: object) =>
      JSON.stringify({ direction, message: { jsonrpc: "2.0", ...message } });
    const call = { method: "tools/call", params: { name: "x", arguments: { a: "SECRET" } } };
    const reused = write(
      "reused.jsonl",
      `${[
        rpc("sent", { id: 1, ...call }),
        rpc("sent", { id: 1, ...call }),
        rpc("received", { id: 1, result: {} }),
      ].join("\n")}\n`,
    );
    const clean = write("clean.yaml", nothing("CLEAN-001", ["arguments"]));
    const accepted = ["evaluate", clean, "--trace", reused, "--allow-uncorrelated"];
    const free = await oatf(accepted);
    expect(free.code).toBe(0);
    expect(free.stderr).toMatch(/reused\.jsonl:2: warning: request id reused/);
    const traced = await oatf([...accepted, "--max-warnings", "1"]);
    expect(traced.stdout).toContain("not_exploited");
    expect(traced.stderr).toContain("2 warnings, more than --max-warnings 1 allows (exit 1)");
    expect(traced.code).toBe(1);
  });

  it("validate: the summary line never reads as a success when the limit fails the run", async () => {
    for (const extra of [
      [],
      ["--quiet"],
      ["--format", "stylish"],
      ["--format", "stylish", "--quiet"],
    ]) {
      const r = await oatf(["validate", misspelt, "--max-warnings", "0", ...extra]);
      expect(r.code, extra.join(" ")).toBe(1);
      expect(r.stdout, extra.join(" ")).not.toContain("✔");
      expect(r.stdout, extra.join(" ")).toContain(
        "✖ 1 file valid, but 1 warning: more than --max-warnings 0 allows",
      );
    }
    const within = await oatf(["validate", misspelt, "--max-warnings", "1"]);
    expect(within.code).toBe(0);
    expect(within.stdout).toContain("✔ 1 file valid (1 warning)");
  });
});

describe("oatf evaluate: one verdict per run", () => {
  it("correlation all is not met across two agents: each run partial, none exploited", async () => {
    const trace = write(
      "two-agents.jsonl",
      lines({ ...poison, run: "agent-a" }, { ...secret, run: "agent-b" }),
    );
    const r = await oatf(["evaluate", both, "--trace", trace, "--format", "json"]);
    const v = JSON.parse(r.stdout);
    expect(v.result).toBe("partial");
    expect(v.runs.map((x: { run: string; result: string }) => [x.run, x.result])).toEqual([
      ["agent-a", "partial"],
      ["agent-b", "partial"],
    ]);
    expect(v.runs[0].indicator_verdicts.map((i: { result: string }) => i.result)).toEqual([
      "matched",
      "skipped",
    ]);
    // The same lines as one run (no run keys; sessions only correlate) are exploited.
    const one = write(
      "one-agent.jsonl",
      lines({ ...poison, session: "s1" }, { ...secret, session: "s2" }),
    );
    const merged = JSON.parse(
      (await oatf(["evaluate", both, "--trace", one, "--format", "json"])).stdout,
    );
    expect(merged.result).toBe("exploited");
    expect(merged.runs).toBeUndefined();
  });

  it("an exploited run decides the summary and each run is listed in text and JUnit", async () => {
    const trace = write(
      "three-agents.jsonl",
      lines(
        { ...poison, run: "a" },
        { ...poison, run: "b" },
        { ...secret, run: "b" },
        { ...secret, run: "c" },
      ),
    );
    const text = await oatf(["evaluate", both, "--trace", trace]);
    expect(text.code).toBe(1);
    expect(text.stdout).toContain(
      "3 runs: 1 exploited, 2 partial, 0 not_exploited, 0 error (decided by run b)",
    );
    expect(text.stdout).toMatch(/\nrun a: partial\n/);
    expect(text.stdout).toMatch(/\nrun b: exploited/);
    const junit = await oatf(["evaluate", both, "--trace", trace, "--format", "junit"]);
    expect(junit.stdout.match(/<testcase /g)).toHaveLength(3);
    expect(junit.stdout).toContain("[run b]");
  });
});
