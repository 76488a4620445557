// `oatf evaluate --jobs N` (issue 24 §3): the trace sharded by session over worker threads
// gives the verdicts of one evaluation in this thread; `--jobs` is checked as a usage error.
import { describe, expect, it } from "vitest";
import { parseArgs } from "../src/cli/args.js";
import { parseEvaluateArgs } from "../src/cli/evaluate.js";
import { type EvaluateReport, runEvaluate, type TraceInput } from "../src/cli/evaluate-report.js";
import { memoryInputs, text } from "./memory-inputs.js";

const doc = (id: string, target: string, contains: string, direction = "response") => `oatf: "0.1"
attack:
  id: ${id}
  name: "Attack ${id}"
  execution:
    mode: mcp_server
    state:
      tools: []
  indicators:
    - surface: tools/call
      direction: ${direction}
      target: "${target}"
      pattern: { contains: "${contains}" }
    - surface: tools/call
      direction: request
      target: "arguments.path"
      pattern: { regex: "id_rsa$" }
`;

const DOCUMENTS = {
  "secret.yaml": text(doc("SECRET-001", "content[*].text", "PRIVATE KEY")),
  "quiet.yaml": text(doc("QUIET-001", "content[*].text", "nothing at all")),
  "path.yaml": text(doc("PATH-001", "arguments.path", "shadow", "request")),
};

// Six sessions interleaved; matches in several sessions, the earliest not in the first one.
function traceLines(): string[] {
  const lines: string[] = [];
  for (let i = 0; i < 120; i++) {
    const session = `s${(i * 7) % 6}`;
    const request = i % 2 === 0;
    const path = i === 40 ? "/etc/shadow" : i === 90 ? "/root/.ssh/id_rsa" : `/srv/${i}`;
    const said = i === 57 || i === 101 ? "-----BEGIN PRIVATE KEY-----" : `fine ${i}`;
    lines.push(
      JSON.stringify({
        protocol: "mcp",
        direction: request ? "request" : "response",
        operation: "tools/call",
        session,
        content: request
          ? { name: "read", arguments: { path } }
          : { content: [{ type: "text", text: said }] },
      }),
    );
    if (i === 70) lines.push("{ not json");
  }
  return lines;
}

function trace(lines: string[]): TraceInput {
  async function* source() {
    for (let i = 0; i < lines.length; i += 7) yield `${lines.slice(i, i + 7).join("\n")}\n`;
  }
  return { file: "trace.jsonl", open: () => ({ ok: true, source: source(), close: () => {} }) };
}

// What must not depend on --jobs: every verdict but its wall-clock timestamps, the trace problems.
function decided(report: EvaluateReport) {
  return {
    documents: report.documents.map((d) => ({
      file: d.file,
      verdict: d.verdict && {
        ...d.verdict,
        timestamp: undefined,
        indicator_verdicts: d.verdict.indicator_verdicts.map((v) => ({ ...v, timestamp: null })),
      },
      positions: d.coverage?.map((c) => c.position),
    })),
    problems: report.problems,
  };
}

describe("oatf evaluate --jobs", () => {
  it("gives the verdicts of --jobs 1 with 2 and 3 worker threads", async () => {
    const lines = traceLines();
    const one = await runEvaluate(memoryInputs(DOCUMENTS).list, trace(lines), {});
    expect(one.documents.map((d) => d.verdict?.result)).toEqual([
      "exploited",
      "exploited",
      "exploited",
    ]);
    // The earliest matches are named, whichever shard saw them.
    expect(one.documents[2]?.verdict?.indicator_verdicts[0]?.evidence).toMatch(/^line 41 /);
    for (const jobs of [2, 3]) {
      const many = await runEvaluate(memoryInputs(DOCUMENTS).list, trace(lines), { jobs });
      expect(decided(many)).toEqual(decided(one));
      expect(many.messages).toBe(lines.length - 1);
      expect(many.stoppedAt).toBeUndefined();
    }
  });

  it("reads --jobs as a whole number from 1 to 64", () => {
    const args = (jobs: string) =>
      parseEvaluateArgs(
        parseArgs(["d.yaml", "--trace", "t", "--jobs", jobs], ["--trace", "--jobs"], []),
      );
    expect(args("4").jobs).toBe(4);
    expect(args("1").jobs).toBeUndefined();
    for (const bad of ["0", "65", "1.5", "-2", "two", ""])
      expect(() => args(bad)).toThrow("--jobs must be a whole number from 1 to 64");
  });
});
