// OpenTelemetry in, end to end (issue 35 §2–3): an MCP agent and server on the official SDK,
// traced by the instrumentations people install (@traceloop/instrumentation-mcp on the client,
// @shinzolabs/instrumentation-mcp on the server: fixtures/e2e/otel-agent.mjs), export their
// spans to `oatf record --otlp` on a loopback port (OTLP/HTTP, JSON and protobuf) and to a file
// (the exporters' own serializers, as the collector's file exporter writes), with content
// capture on and off; the poisoned tool (the agent sends its private key) and its benign twin.
// `oatf evaluate` of the recording must say what `--evaluate` said live; content that was not
// captured is never a silent not_exploited: the messages carry `uncaptured` and the reader
// says how many calls lack it.
import { spawnSync } from "node:child_process";
import { createReadStream, readFileSync } from "node:fs";
import { join } from "node:path";
import { readOtlp } from "@oatf/trace/otlp";
import { beforeAll, describe, expect, it } from "vitest";
import setup, { REPO } from "./cli-build.js";
import { evaluate, FIXTURES, fixture, matchLines, startRecording, tmp } from "./record-helpers.js";

beforeAll(() => setup(), 600_000);

const DOCUMENT = fixture("mcp-exfiltration.yaml");
const RUG_PULL = join(REPO, "examples/mcp-rug-pull.yaml");
const AGENT = fixture("otel-agent.mjs");

type Instrumentation = "traceloop" | "shinzolabs";
type Tool = "poisoned" | "benign";
type Content = "on" | "off";

/** Runs the instrumented agent against `target` (a receiver's URL or file:<path>). */
function runAgent(
  instrumentation: Instrumentation,
  tool: Tool,
  content: Content,
  target: string,
  encoding: "json" | "proto" = "json",
) {
  const run = spawnSync(
    process.execPath,
    [AGENT, instrumentation, tool, content, target, encoding],
    {
      encoding: "utf8",
      cwd: FIXTURES,
    },
  );
  expect(run.status, run.stderr).toBe(0);
}

/** `oatf record --otlp 127.0.0.1:0 --out <out> [...extra]`, ready once it prints its address. */
function startReceiver(out: string, extra: string[] = []) {
  const ready = /listening on (http:\/\/127\.0\.0\.1:\d+) for OTLP/;
  return startRecording(["--otlp", "127.0.0.1:0", "--out", out, ...extra], ready);
}

/** The messages (without ids and times, which differ run to run) a trace file reads to. */
async function messagesOf(file: string) {
  const messages: {
    operation: string;
    direction: string;
    content: unknown;
    uncaptured?: readonly string[];
  }[] = [];
  const diagnostics: string[] = [];
  for await (const record of readOtlp(createReadStream(file))) {
    if (record.kind === "diagnostic") diagnostics.push(record.diagnostic.message);
    else {
      const { operation, direction, content, uncaptured } =
        record.message as (typeof messages)[number];
      messages.push({ operation, direction, content, ...(uncaptured ? { uncaptured } : {}) });
    }
  }
  return { messages, diagnostics };
}

const EXPECTED = { poisoned: "exploited", benign: "not_exploited" } as const;

/** Whether a verdict that is not_exploited was said to be blind (never silent). */
function notSilent(verdict: { result: string; stderr: string }, gap: string): boolean {
  return verdict.result !== "not_exploited" || verdict.stderr.includes(gap);
}

describe("oatf record --otlp with the instrumented MCP SDK", () => {
  const runs: [Instrumentation, "json" | "proto"][] = [
    ["traceloop", "json"],
    ["traceloop", "proto"],
    ["shinzolabs", "json"],
  ];
  for (const [instrumentation, encoding] of runs)
    for (const content of ["on", "off"] as const)
      for (const tool of ["poisoned", "benign"] as const)
        it(`${instrumentation}, OTLP/HTTP ${encoding}, content ${content}: the ${tool} tool`, async () => {
          const out = join(tmp(), "spans.jsonl");
          const receiver = await startReceiver(out, ["--evaluate", DOCUMENT]);
          runAgent(instrumentation, tool, content, receiver.url, encoding);
          const { code, stderr } = await receiver.stop();
          const verdict = evaluate(DOCUMENT, out);
          const { messages, diagnostics } = await messagesOf(out);
          const calls = messages.filter((m) => m.operation === "tools/call");
          expect(calls.map((m) => m.direction)).toEqual(["request", "response"]);
          expect((calls[0]!.content as { name?: string }).name).toBe("calculator");
          if (content === "on") {
            expect(verdict.result).toBe(EXPECTED[tool]);
            expect(calls[0]!.uncaptured).toBeUndefined();
            const note = (calls[0]!.content as { arguments: { note?: string } }).arguments.note;
            expect(note?.includes("PRIVATE KEY") ?? false).toBe(tool === "poisoned");
          } else {
            // Nothing of the arguments was exported: the call says so, and so does the reader.
            expect(calls[0]!.uncaptured).toEqual(["arguments"]);
            const gap = "1 of 1 tools/call spans carry no arguments";
            expect(diagnostics.some((d) => d.startsWith(gap))).toBe(true);
            expect(notSilent(verdict, gap)).toBe(true);
            expect(verdict.result).not.toBe("exploited");
          }
          // What --evaluate said live is what the recording gives.
          expect(stderr).toContain(`: ${verdict.result}`);
          expect(matchLines(stderr)).toHaveLength(verdict.result === "exploited" ? 1 : 0);
          expect(code).toBe(verdict.code);
          // The rug pull's poisoned description is seen where the instrumentation records it
          // (traceloop's tools/list digest, content on); shinzolabs records tool calls only.
          if (instrumentation === "traceloop" && content === "on") {
            const rug = evaluate(RUG_PULL, out);
            expect(rug.matched.includes("OATF-003-01")).toBe(tool === "poisoned");
          }
        }, 60_000);
});

describe("OTLP files as the exporters serialize them", () => {
  for (const tool of ["poisoned", "benign"] as const)
    it(`traceloop to a file, JSON Lines and length-prefixed protobuf: the ${tool} tool, the same messages and verdicts`, async () => {
      const dir = tmp();
      const json = join(dir, "spans.jsonl");
      const proto = join(dir, "spans.pb");
      runAgent("traceloop", tool, "on", `file:${json}`, "json");
      runAgent("traceloop", tool, "on", `file:${proto}`, "proto");
      expect(readFileSync(proto)[0]).toBe(0); // a 4-byte length prefix
      const fromJson = await messagesOf(json);
      const fromProto = await messagesOf(proto);
      expect(fromProto).toEqual(fromJson);
      expect(fromJson.messages.map((m) => `${m.direction} ${m.operation}`)).toEqual([
        "request initialize",
        "response initialize",
        "request tools/list",
        "response tools/list",
        "request tools/call",
        "response tools/call",
      ]);
      for (const file of [json, proto]) {
        const verdict = evaluate(DOCUMENT, file);
        expect(verdict.result).toBe(EXPECTED[tool]);
        // Detected from the first bytes, and named.
        expect(evaluate(DOCUMENT, file, ["--trace-format", "otlp"]).result).toBe(verdict.result);
      }
    }, 60_000);
});
