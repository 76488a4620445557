// Fuzz test of the trace readers and the streaming evaluator (issue 23): random chunking,
// the entry points against each other, and adversarial JSON-RPC sequences (floods, id
// reuse, interleaved connections, deep nesting) around an honest exploit. The principle
// checked: the exploit is found, or a diagnostic that fails the run says why not.
//
// Runs are bounded so CI stays within seconds; for a longer local run set OATF_FUZZ_RUNS,
// e.g. `OATF_FUZZ_RUNS=5000 npx vitest run packages/evaluate/test/readers-fuzz.test.ts`.

import { createTraceEvaluator } from "@oatf/evaluate";
import { boundedJson } from "@oatf/evaluate/internal";
import type { Document } from "@oatf/model";
import { type Diagnostic, ruleInfo } from "@oatf/model";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_PENDING_REQUESTS, readTrace, readTraceText, type TraceRecord } from "../src/index.js";
import { cutBytes } from "./cut-bytes.js";
import { ARTIFACT_DOCUMENT, leakDocument } from "./leak-document.js";

const RUNS = Number(process.env.OATF_FUZZ_RUNS ?? 40);
// Each run may take a flood of MAX_PENDING_REQUESTS lines: a generous per-test budget.
const TIMEOUT = 120_000 + RUNS * 1_000;

const LEAK_DOC = leakDocument("FUZZ-1");
const KEY = { content: [{ type: "text", text: "-----BEGIN OPENSSH PRIVATE KEY-----" }] };

/**
 * What may explain a missed exploit: lost correlation, or a trace that could not be read at
 * all. A bad line elsewhere (T-JSON, T-SHAPE) explains nothing: the exploit's lines are good.
 */
const explains = (d: Diagnostic) =>
  ruleInfo(d.rule)?.stops === true || ruleInfo(d.rule)?.unattributed === true;

// ---------------------------------------------------------------- adversarial lines

const ids = fc.oneof(fc.constantFrom(1, 2, 7, "7", "c-1"), fc.integer({ min: 0, max: 20 }));
const actors = fc.constantFrom(undefined, "a", "b");
const methods = fc.constantFrom(
  "ping",
  "tools/call",
  "tools/list",
  "tasks/get",
  "message/send",
  "message/stream",
  "SendStreamingMessage",
  "custom/x",
);
const directions = fc.constantFrom(undefined, "send", "receive", "In", "sideways");

const deep = (depth: number, inner: string) => `${"[".repeat(depth)}${inner}${"]".repeat(depth)}`;

/** One JSON-RPC message a peer may send, bare or wrapped. */
const rpcMessage = fc.oneof(
  fc.record({ jsonrpc: fc.constant("2.0"), id: ids, method: methods, params: fc.constant({}) }),
  fc.record({ jsonrpc: fc.constant("2.0"), method: methods }),
  fc.record({
    jsonrpc: fc.constant("2.0"),
    id: ids,
    // A2A stream items too: v0.3 status updates (one final), a v1.0 artifact update.
    result: fc.constantFrom(
      {},
      KEY,
      "x",
      { kind: "status-update", status: { state: "working" }, final: false },
      { kind: "status-update", status: { state: "completed" }, final: true },
      { artifactUpdate: { artifact: { parts: [] } } },
    ),
  }),
  fc.record({ jsonrpc: fc.constant("2.0"), id: ids, error: fc.constant({ code: 1 }) }),
);

const peerLine: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: rpcMessage.map((m) => JSON.stringify(m)) },
  {
    weight: 6,
    arbitrary: fc
      .tuple(actors, directions, rpcMessage, fc.constantFrom(undefined, "mcp", "a2a"))
      .map(([actor, direction, message, protocol]) =>
        JSON.stringify({ actor, direction, protocol, message }),
      ),
  },
  { weight: 1, arbitrary: fc.array(rpcMessage, { maxLength: 3 }).map((b) => JSON.stringify(b)) },
  // SSE events (MCP Streamable HTTP, A2A streams): whole, split over data lines, or cut.
  {
    weight: 3,
    arbitrary: fc.tuple(rpcMessage, fc.integer({ min: 0, max: 3 })).map(([message, how]) => {
      const text = JSON.stringify(message);
      const half = Math.floor(text.length / 2);
      return [
        `event: message\nid: 1\ndata: ${text}\n`,
        `data: ${text.slice(0, half)}\ndata: ${text.slice(half)}\n`,
        `: ping\ndata:${text}`,
        `data: ${text.slice(0, half)}\n`,
      ][how]!;
    }),
  },
  // Deep nesting wherever a value goes.
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.integer({ min: 1, max: 6000 }), fc.integer({ min: 0, max: 3 }))
      .map(
        ([depth, where]) =>
          [
            `{"jsonrpc":"2.0","id":${deep(depth, "1")},"method":"ping"}`,
            deep(depth, '{"jsonrpc":"2.0","method":"ping"}'),
            `{"direction":${deep(depth, '"send"')},"message":{"jsonrpc":"2.0","method":"x"}}`,
            `{"jsonrpc":"2.0","method":"ping","params":${deep(depth, "{}")}}`,
          ][where]!,
      ),
  },
  { weight: 1, arbitrary: fc.constantFrom("", "   ", "{", "not json", "\uFEFF{}", "null", "[]") },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
);

/** A flood: many peer requests at once, past the pending table's bound. */
const flood = fc.constant(
  Array.from({ length: MAX_PENDING_REQUESTS + 1 }, (_, i) =>
    JSON.stringify({
      direction: "receive",
      message: { jsonrpc: "2.0", id: `f${i}`, method: "ping" },
    }),
  ).join("\n"),
);

/** A trace: the client's tools/call and the server's leaking response, peer lines around them. */
const exploitTrace = fc
  .tuple(
    fc.array(peerLine, { maxLength: 12 }),
    fc.array(peerLine, { maxLength: 12 }),
    fc.array(peerLine, { maxLength: 6 }),
    ids,
    fc.constantFrom(undefined, "a"),
    fc.boolean(),
    fc.oneof({ weight: 19, arbitrary: fc.constant("") }, { weight: 1, arbitrary: flood }),
    fc.boolean(),
  )
  .map(([before, between, after, id, actor, bare, flooded, sse]) => {
    const wrap = (direction: string, message: object) =>
      direction === "receive" && sse
        ? // The server's answer as an SSE event, after the blank line that ends any before it.
          `\nevent: message\ndata: ${JSON.stringify(message)}\n`
        : JSON.stringify(bare ? message : { actor, direction, message });
    const request = { jsonrpc: "2.0", id, method: "tools/call", params: { name: "read_file" } };
    return [
      ...before,
      wrap("send", request),
      ...between,
      ...(flooded === "" ? [] : [flooded]),
      wrap("receive", { jsonrpc: "2.0", id, result: KEY }),
      ...after,
    ].join("\n");
  });

// ---------------------------------------------------------------- entry points

async function collect(source: Parameters<typeof readTrace>[0], format?: "jsonrpc") {
  const out: TraceRecord[] = [];
  for await (const r of readTrace(source, format === undefined ? {} : { format })) out.push(r);
  return out;
}

/** Records as text, written iteratively: a deep line would overflow a recursive `toEqual`. */
const textOf = (records: TraceRecord[]) => boundedJson(records, { maxLength: 2 ** 28 }).text;

describe("readers fuzz", () => {
  it(
    "a peer never turns the exploit into a silent not_exploited",
    () => {
      fc.assert(
        fc.property(exploitTrace, fc.boolean(), (text, detect) => {
          const records = readTraceText(text, {
            documents: [LEAK_DOC],
            ...(detect ? {} : { format: "jsonrpc" }),
          });
          const evaluator = createTraceEvaluator([LEAK_DOC]);
          for (const r of records) if (r.kind === "message") evaluator.push(r.message);
          const [verdict] = evaluator.verdicts();
          const said = records.some((r) => r.kind === "diagnostic" && explains(r.diagnostic));
          // Detection may (rightly) give up on a trace whose first lines are all garbage: fatal.
          expect(verdict!.result === "exploited" || said).toBe(true);
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );

  it(
    "every entry point and every chunking reads the same records",
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(
            fc.oneof(peerLine, fc.constantFrom("data: {}", 'data: {"type":"RUN_STARTED"}')),
            {
              maxLength: 20,
            },
          ),
          fc.constantFrom("\n", "\r\n"),
          fc.constantFrom("", "\uFEFF", "\uFEFF\uFEFF"),
          fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 6 }),
          fc.boolean(),
          async (lines, eol, bom, cuts, given) => {
            const text = bom + lines.join(eol);
            const format = given ? ("jsonrpc" as const) : undefined;
            const expected = textOf(readTraceText(text, format === undefined ? {} : { format }));
            const bytes = new TextEncoder().encode(text);
            expect(textOf(await collect([bytes], format))).toBe(expected);
            expect(textOf(await collect(cutBytes(bytes, cuts), format))).toBe(expected);
            const pieces = cutBytes(bytes, cuts).map((c) => new TextDecoder().decode(c));
            // Text chunks: cut only where the bytes decode whole.
            if (pieces.join("") === text)
              expect(textOf(await collect(pieces, format))).toBe(expected);
            expect(textOf(await collect(text, format))).toBe(expected);
          },
        ),
        { numRuns: RUNS * 2 },
      );
    },
    TIMEOUT,
  );

  it(
    "ThoughtJack verdicts do not depend on the order of the documents",
    () => {
      const documentFor = (mode: string, surface: string) =>
        ({
          oatf: "0.1",
          attack: {
            id: `TJ-${mode}`,
            execution: { mode, state: {} },
            indicators: [{ surface, target: "name", pattern: { contains: "evil" } }],
          },
        }) as unknown as Document;
      const line = fc
        .tuple(
          fc.constantFrom("Incoming", "Outgoing"),
          fc.constantFrom("tools/call", "message/send"),
          fc.constantFrom("evil", "fine"),
        )
        .map(([direction, method, name]) =>
          JSON.stringify({ seq: 0, actor: "default", direction, method, content: { name } }),
        );
      fc.assert(
        fc.property(
          fc.array(line, { minLength: 1, maxLength: 6 }),
          fc.shuffledSubarray(
            [
              documentFor("mcp_server", "tools/call"),
              documentFor("mcp_client", "tools/call"),
              documentFor("a2a_server", "message/send"),
            ],
            { minLength: 2 },
          ),
          (lines, documents) => {
            const verdicts = (docs: Document[]) => {
              const evaluator = createTraceEvaluator(docs);
              for (const r of readTraceText(lines.join("\n"), { documents: docs }))
                if (r.kind === "message") evaluator.push(r.message);
              return new Map(evaluator.verdicts().map((v) => [v.attack_id, v.result]));
            };
            expect(verdicts([...documents].reverse())).toEqual(verdicts(documents));
          },
        ),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );

  it(
    "every A2A stream item is read, and a leak in any of them is found or a failing diagnostic says why",
    () => {
      const v03 = (kind: "status" | "artifact", text: string) =>
        kind === "status"
          ? { kind: "status-update", status: { state: "working" }, final: false }
          : { kind: "artifact-update", artifact: { parts: [{ kind: "text", text }] } };
      const v1 = (kind: "status" | "artifact", text: string) =>
        kind === "status"
          ? { statusUpdate: { status: { state: "TASK_STATE_WORKING" } } }
          : { artifactUpdate: { artifact: { parts: [{ text }] } } };
      fc.assert(
        fc.property(
          fc.array(
            fc.tuple(
              fc.constantFrom("status", "artifact" as const),
              fc.array(peerLine, { maxLength: 2 }),
            ),
            {
              minLength: 1,
              maxLength: 6,
            },
          ),
          fc.nat(),
          fc.boolean(),
          ids,
          (items, at, newer, id) => {
            const leak = at % items.length;
            const shape = newer ? v1 : v03;
            const method = newer ? "SendStreamingMessage" : "message/stream";
            const lines = [JSON.stringify({ jsonrpc: "2.0", id, method, params: {} })];
            items.forEach(([kind, peers], i) => {
              const result = shape(i === leak ? "artifact" : kind, i === leak ? "SECRET" : "ok");
              lines.push(`\ndata: ${JSON.stringify({ jsonrpc: "2.0", id, result })}\n`, ...peers);
            });
            const records = readTraceText(lines.join("\n"), { documents: [ARTIFACT_DOCUMENT] });
            const evaluator = createTraceEvaluator([ARTIFACT_DOCUMENT]);
            for (const r of records) if (r.kind === "message") evaluator.push(r.message);
            const [verdict] = evaluator.verdicts();
            const said = records.some((r) => r.kind === "diagnostic" && explains(r.diagnostic));
            // `error` fails the run as loudly: a peer's v1.0 request reusing the id of a v0.3
            // stream that had items replaces it, and a v1.0 client (as its SDK's fromJSON) reads
            // no v0.3 item, so the indicator saw no task/artifact and is skipped, said by name.
            expect(verdict!.result === "exploited" || verdict!.result === "error" || said).toBe(
              true,
            );
            // Without peers, every item is a correlated message/stream and nothing is said.
            if (items.every(([, peers]) => peers.length === 0)) {
              expect(records.filter((r) => r.kind === "diagnostic")).toEqual([]);
              const streamed = records.filter(
                (r) =>
                  r.kind === "message" &&
                  r.message.direction === "response" &&
                  r.message.operation === "message/stream",
              );
              expect(streamed).toHaveLength(items.length);
              expect(verdict!.result).toBe("exploited");
            }
          },
        ),
        { numRuns: RUNS * 2 },
      );
    },
    TIMEOUT,
  );
});
