// `oatf evaluate --jobs N` sharded by document (issue 32 §5): a trace of one session (or too
// few to balance) is read by every thread, each against some of the documents; the output is
// one thread's for any trace, library and document order (fast-check, against reading the
// trace in this thread), and the choice between sessions, documents and one thread follows
// the cost model (shard-plan.ts, threads-worth.ts).
import { createTraceEvaluator } from "@oatf/evaluate";
import type { Document } from "@oatf/model";
import { readTraceText, type SourceLine } from "@oatf/trace";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runEvaluate } from "../src/cli/evaluate/report.js";
import { loadDefaultCel } from "../src/default-cel.js";
import { load } from "../src/load.js";
import {
  type EvaluationThreads,
  evaluateInThreads,
  startEvaluationThreads,
} from "../src/node/evaluate-jobs.js";
import { planShards } from "../src/node/shard-plan.js";
import { decided, memoryTrace } from "./jobs-helpers.js";
import { memoryInputs, text } from "./memory-inputs.js";

const WORDS = ["PRIVATE KEY", "shadow", "id_rsa", "hello", "token"];

/** A document of `count` indicators, each looking for one word in a shape of its own. */
function documentText(id: string, count: number, seed: number, cel: boolean): string {
  const indicators = Array.from({ length: count }, (_, i) => {
    const word = WORDS[(seed + i) % WORDS.length]!;
    if (cel && i === 0)
      return `    - surface: tools/call
      direction: request
      target: "arguments"
      expression: { cel: 'message.arguments.path.contains("${word}")' }`;
    return i % 2 === 0
      ? `    - surface: tools/call
      direction: response
      target: "content[*].text"
      pattern: { contains: "${word}" }`
      : `    - surface: tools/call
      direction: request
      target: "arguments.path"
      pattern: { regex: "${word}$" }`;
  });
  return `oatf: "0.1"
attack:
  id: ${id}
  execution:
    mode: mcp_server
    state:
      tools: []
  indicators:
${indicators.join("\n")}
`;
}

const loaded = (source: string): Document => {
  const outcome = load(source);
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.error));
  return outcome.value.document;
};

/** A trace line: a call or its result on a session (or none), or a line that is not JSON. */
const lineArbitrary = fc.oneof(
  {
    weight: 12,
    arbitrary: fc
      .record({
        request: fc.boolean(),
        word: fc.constantFrom(...WORDS, "fine", "/srv/x"),
        session: fc.constantFrom<string | undefined>("s1", "s1", "s1", "s2", undefined),
      })
      .map(({ request, word, session }) =>
        JSON.stringify({
          protocol: "mcp",
          direction: request ? "request" : "response",
          operation: "tools/call",
          ...(session === undefined ? {} : { session }),
          content: request
            ? { name: "read", arguments: { path: `/home/${word}` } }
            : { content: [{ type: "text", text: `said ${word}` }] },
        }),
      ),
  },
  { weight: 1, arbitrary: fc.constantFrom("{ not json", "", "[1,2]", '{"protocol":"mcp"}') },
);

const FIRST = JSON.stringify({
  protocol: "mcp",
  direction: "request",
  operation: "tools/call",
  session: "s1",
  content: { name: "read", arguments: { path: "/" } },
});

/** The trace's bytes in chunks of `size`: lines and characters cut anywhere. */
async function* chunked(trace: string, size: number) {
  const all = new TextEncoder().encode(trace);
  for (let i = 0; i < all.length; i += size) yield all.slice(i, i + size);
}

/** One thread's reading: the reader and one evaluator over every line, in this thread. */
function inOneThread(
  documents: Document[],
  trace: string,
  cel: Awaited<ReturnType<typeof loadDefaultCel>>,
) {
  const evaluator = createTraceEvaluator(documents, { source: "jobs-test", cel });
  const diagnostics = [];
  for (const record of readTraceText(trace, { format: "oatf", documents })) {
    if (record.kind === "message") evaluator.push(record.message);
    else diagnostics.push(record.diagnostic);
  }
  return { verdicts: evaluator.verdicts(), count: evaluator.count, diagnostics };
}

const untimed = (value: unknown) =>
  JSON.stringify(value, (k, v) => (k === "timestamp" ? undefined : v));

describe("oatf evaluate --jobs, sharded by document", () => {
  const pools: EvaluationThreads[] = [];
  beforeAll(async () => {
    pools.push(await startEvaluationThreads(2), await startEvaluationThreads(3));
  });
  afterAll(async () => {
    for (const pool of pools) await pool.destroy();
  });

  it("gives one thread's verdicts, counts and diagnostics for any trace, library and order", async () => {
    const cel = await loadDefaultCel();
    const by = new Set<string>();
    const library = fc.array(
      fc.record({ count: fc.constantFrom(1, 2, 30, 40), seed: fc.nat(10), cel: fc.boolean() }),
      { minLength: 1, maxLength: 5 },
    );
    await fc.assert(
      fc.asyncProperty(
        library,
        fc.array(lineArbitrary, { maxLength: 60 }),
        fc.integer({ min: 1, max: 97 }),
        fc.constantFrom(0, 1),
        fc.boolean(),
        async (specs, body, size, pool, named) => {
          const documents = specs.map((s, i) =>
            loaded(documentText(`DOC-${100 + i}`, s.count, s.seed, s.cel)),
          );
          // Unnamed, the format is told from the first line (an empty trace has none).
          const lines = named ? body : [FIRST, ...body];
          const trace = `${lines.join("\n")}\n`;
          const one = inOneThread(documents, trace, cel);
          const many = await evaluateInThreads(pools[pool]!, documents, chunked(trace, size), {
            source: "jobs-test",
            cel,
            ...(named ? { format: "oatf" as const } : {}),
          });
          if (many.kind === "serial") {
            // Not worth sharding (one session, one document): said, and the trace handed
            // back whole, to be read in this thread.
            expect(many.reason).toMatch(/one thread/);
            let again = "";
            const utf8 = new TextDecoder();
            for await (const chunk of many.source)
              again += typeof chunk === "string" ? chunk : utf8.decode(chunk, { stream: true });
            expect(again).toBe(trace);
            by.add("none");
            return;
          }
          by.add(many.by);
          expect(untimed(many.verdicts)).toBe(untimed(one.verdicts));
          expect(many.count).toBe(one.count);
          expect(many.diagnostics).toEqual(one.diagnostics);
        },
      ),
      { numRuns: 40 },
    );
    // Every way was taken (a one-session trace and heavy documents: by document).
    expect([...by].sort()).toEqual(["document", "none", "session"]);
  });

  it("shards a one-session trace by document, a hostile flood never made silent", async () => {
    // One session opens 4,200 AG-UI tool calls: the victim's call is forgotten, which makes
    // the indicator `error` (not a silent not_exploited), with any --jobs.
    const agUi = (operation: string, content: object) =>
      JSON.stringify({
        protocol: "ag_ui",
        direction: "response",
        operation,
        session: "v",
        content,
      });
    const lines = [
      agUi("tool_call_start", { toolCallId: "c0", toolCallName: "send_email" }),
      ...Array.from({ length: 4_200 }, (_, i) =>
        agUi("tool_call_start", { toolCallId: `f${i}`, toolCallName: "noop" }),
      ),
      agUi("tool_call_args", { toolCallId: "c0", delta: "{}" }),
    ];
    const exfil = (id: string) => `oatf: "0.1"
attack:
  id: ${id}
  execution:
    mode: ag_ui_client
    state:
      messages: [{ role: user, content: "hi" }]
  indicators:
${Array.from(
  { length: 60 },
  (_, i) => `    - protocol: ag_ui
      surface: tool_call_args
      target: toolCallName
      pattern: { contains: "send_email${i === 0 ? "" : i}" }`,
).join("\n")}
`;
    const ids = ["AGUI-001", "AGUI-002", "AGUI-003"];
    const files = Object.fromEntries(ids.map((id) => [`${id}.yaml`, text(exfil(id))]));
    const one = await runEvaluate(memoryInputs(files).list, memoryTrace(lines), {});
    expect(one.documents.map((d) => d.verdict?.result)).toEqual(["error", "error", "error"]);
    for (const jobs of [2, 3]) {
      // Cores to spare: a trace of unknown size is sharded (on busy cores, read in one thread).
      const many = await runEvaluate(memoryInputs(files).list, memoryTrace(lines), {
        jobs,
        cores: 8,
      });
      expect(many.serial).toBeUndefined();
      expect(decided(many)).toEqual(decided(one));
    }
    const documents = ids.map((id) => loaded(exfil(id)));
    const sample = lines.map((t, i): SourceLine => ({ line: i + 1, text: t }));
    expect(planShards({ jobs: 3, documents, sample, bytes: undefined, cores: 2 }).by).toBe(
      "document",
    );
  });

  it("chooses sessions, documents or one thread by what the first lines hold", () => {
    const heavy = [0, 1, 2, 3].map((i) => loaded(documentText(`HVY-${100 + i}`, 48, i, false)));
    const light = [loaded(documentText("LIT-001", 2, 0, false))];
    const line = (session: string, i: number): SourceLine => ({
      line: i + 1,
      text: JSON.stringify({ protocol: "mcp", session, content: { text: "x".repeat(50) } }),
    });
    const oneSession = Array.from({ length: 1000 }, (_, i) => line("s", i));
    const many = Array.from({ length: 1000 }, (_, i) => line(`s${i % 500}`, i));
    const MB = 1024 * 1024;
    const plan = (documents: Document[], sample: SourceLine[], bytes?: number, cores = 2) =>
      planShards({ jobs: 2, documents, sample, bytes, cores });
    // Many sessions: by session, whatever the library.
    expect(plan(heavy, many).by).toBe("session");
    expect(plan(light, many).by).toBe("session");
    // One session: by document when there are several, of a size known or not.
    expect(plan(heavy, oneSession).by).toBe("document");
    expect(plan(heavy, oneSession, 400 * MB, 4).by).toBe("document");
    // Not when the workers cost more than they save: a small trace, or 2 busy cores (every
    // thread reads every line: on 2 cores the CPU it adds is more than the evaluation shared).
    const small = plan(heavy, oneSession, 5 * MB, 4);
    expect(small).toMatchObject({ by: "none" });
    expect(small.by === "none" && small.reason).toMatch(/by document costs more than it saves/);
    expect(plan(heavy, oneSession, 100 * MB, 2).by).toBe("none");
    // One session and one document: nothing to share.
    const alone = plan(light, oneSession);
    expect(alone.by === "none" && alone.reason).toMatch(/one thread .*one document/);
    // Each thread's documents: every document placed, the heaviest spread.
    const four = planShards({
      jobs: 3,
      documents: heavy,
      sample: oneSession,
      bytes: undefined,
      cores: 4,
    });
    expect(four.by === "document" && new Set(four.threadOf).size).toBeGreaterThan(1);
  });
});
