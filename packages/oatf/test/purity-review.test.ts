// Review of one promise of the guide, checked from outside as a checker with other captures
// would: "a verdict is a pure function of (documents, trace bytes, options): the same under any
// document order, chunking, entry point, worker count and machine load". The whole verdict is
// compared (result, max_tier, evaluation_summary, every indicator verdict with its evidence,
// coverage counts and warnings, runs), never only the top result; only the wall-clock
// `timestamp`s (SDK §4.4 step 4) and the `source` option are set aside.
//
// Traces are drawn by fast-check from the lines of the shipped examples (MCP, A2A with a CEL
// expression, AG-UI, a cross-protocol chain), under session and run keys, and the same bytes
// go through every entry point: load + readTraceText + evaluateTrace, createTraceEvaluator
// (message by message, pushAll over a stream), the monitor (with a snapshot and restore at any
// point), readTrace over a string, chunked bytes and a ReadableStream; and the built `oatf
// evaluate` with --jobs 1, 2, 3, from a file and from standard input, against the library.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PartitionCheckpoint, StreamEntry, StreamSource } from "@oatf/evaluate";
import { consumeStream, mergeStreamVerdicts } from "@oatf/evaluate/stream";
import fc from "fast-check";
import {
  createMonitor,
  createTraceEvaluator,
  type Document,
  defaultCelEvaluator,
  evaluateTrace,
  load,
  readTrace,
  readTraceText,
  type TraceMessage,
  type TraceRecord,
  type TraceVerdict,
} from "oatf";
import { beforeAll, describe, expect, it } from "vitest";
import { cutBytes } from "../../trace/test/cut-bytes.js";
import setup, { CLI, REPO } from "./cli-build.js";

const RUNS = Number(process.env.OATF_FUZZ_RUNS ?? 25);
const EXAMPLES = ["mcp-rug-pull", "a2a-skill-poisoning", "ag-ui-injection", "cross-protocol-chain"];
const example = (name: string, ext: string) =>
  readFileSync(join(REPO, "examples", `${name}.${ext}`), "utf8");

const DOCUMENTS: Document[] = EXAMPLES.map((name) => {
  const loaded = load(example(name, "yaml"));
  if (!loaded.ok) throw new Error(`${name} does not load`);
  return loaded.value.document as Document;
});
/** Every line of every example trace, parsed: the pool traces are drawn from. */
const POOL: Record<string, unknown>[] = EXAMPLES.flatMap((name) =>
  example(name, "trace.jsonl")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as Record<string, unknown>),
);

/**
 * The verdict without what may differ between two evaluations of the same input, and without
 * `dropped` fields (the CLI's JSON leaves out `observed`, the table merging works from).
 */
function canonical(verdict: TraceVerdict, dropped: readonly string[] = []): unknown {
  const away = new Set(["timestamp", "source", ...dropped]);
  return JSON.parse(JSON.stringify(verdict, (key, value) => (away.has(key) ? undefined : value)));
}
const byAttack = (verdicts: readonly TraceVerdict[], dropped?: readonly string[]) =>
  Object.fromEntries(verdicts.map((v) => [v.attack_id, canonical(v, dropped)]));

const messagesOf = (records: readonly TraceRecord[]) =>
  records.flatMap((r) => (r.kind === "message" ? [r.message] : []));

/** A trace drawn from the examples' lines: any order, any session and run keys. */
const traceText = fc
  .tuple(
    fc.array(
      fc.record({
        line: fc.nat(POOL.length - 1),
        // Characters of two, three and four UTF-8 bytes, for cuts to fall inside.
        session: fc.constantFrom(undefined, "s1", "s2", "sé-会话-🔑"),
        run: fc.constantFrom(undefined, undefined, undefined, "r1", "r2"),
      }),
      { minLength: 1, maxLength: 30 },
    ),
    fc.constantFrom("\n", "\r\n"),
    fc.boolean(),
  )
  .map(([picks, eol, bom]) => {
    const lines = picks.map(({ line, session, run }) =>
      JSON.stringify({ ...POOL[line], session, run }),
    );
    return `${bom ? "\uFEFF" : ""}${lines.join(eol)}${eol}`;
  });

const permutation = <T>(items: readonly T[]) =>
  fc.shuffledSubarray([...items], { minLength: items.length, maxLength: items.length });
const fractions = fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 8 });

function stream(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream({
    pull(controller) {
      if (i < chunks.length) controller.enqueue(chunks[i++]!);
      else controller.close();
    },
  });
}
async function collect(source: Parameters<typeof readTrace>[0], documents: Document[]) {
  const out: TraceRecord[] = [];
  for await (const r of readTrace(source, { documents })) out.push(r);
  return out;
}

/** The reference: each document loaded and evaluated alone over the text's messages. */
function reference(text: string, dropped?: readonly string[]): Record<string, unknown> {
  const messages = messagesOf(readTraceText(text, { documents: DOCUMENTS }));
  return byAttack(
    DOCUMENTS.map((d) => evaluateTrace(d, messages)),
    dropped,
  );
}

describe("a verdict is a pure function of (documents, trace bytes, options)", () => {
  it("the reference verdicts are not trivial: the examples give every result", () => {
    const whole = EXAMPLES.map((name) => example(name, "trace.jsonl")).join("");
    const results = EXAMPLES.map((name, i) => {
      const messages = messagesOf(readTraceText(example(name, "trace.jsonl")));
      return evaluateTrace(DOCUMENTS[i]!, messages).result;
    });
    expect(results).toEqual(["exploited", "not_exploited", "exploited", "partial"]);
    // All together: each document sees the others' traffic too, and warns about none of it.
    expect(Object.values(reference(whole)).map((v) => (v as TraceVerdict).result)).toEqual(results);
  });

  it("the same under any document order, for the reader and every streaming entry point (property)", async () => {
    await fc.assert(
      fc.asyncProperty(traceText, permutation(DOCUMENTS), async (text, documents) => {
        const expected = reference(text);
        const records = readTraceText(text, { documents });
        expect(records).toEqual(readTraceText(text, { documents: DOCUMENTS }));
        const messages = messagesOf(records);

        const one = createTraceEvaluator(documents);
        for (const m of messages) one.push(m);
        expect(byAttack(one.verdicts())).toEqual(expected);

        const all = createTraceEvaluator(documents);
        await all.pushAll(messages);
        expect(byAttack(all.verdicts())).toEqual(expected);

        const monitor = createMonitor(documents);
        for (const m of messages) monitor.push(m);
        expect(byAttack(monitor.verdicts())).toEqual(expected);
      }),
      { numRuns: RUNS },
    );
  });

  it("the monitor stopped at any message and restored from its snapshot gives the same verdicts (property)", () => {
    fc.assert(
      fc.property(traceText, fc.double({ min: 0, max: 1, noNaN: true }), (text, where) => {
        const messages = messagesOf(readTraceText(text, { documents: DOCUMENTS }));
        const at = Math.floor(where * messages.length);
        const before = createMonitor(DOCUMENTS);
        for (const m of messages.slice(0, at)) before.push(m);
        const after = createMonitor(DOCUMENTS);
        const restored = after.restore(JSON.parse(JSON.stringify(before.snapshot())));
        expect(restored.ok).toBe(true);
        for (const m of messages.slice(at)) after.push(m);
        expect(byAttack(after.verdicts())).toEqual(reference(text));
      }),
      { numRuns: RUNS },
    );
  });

  it("a monitor restored from the snapshot of one that saw nothing has no run either", () => {
    // Found by the property above: the restored copy held an empty unnamed run, and a trace
    // whose messages all carry a run key got a phantom `error` run beside its own.
    const [line] = POOL;
    const message = { ...line, run: "r2" } as unknown as TraceMessage;
    const fresh = createMonitor(DOCUMENTS);
    const restored = createMonitor(DOCUMENTS);
    expect(restored.restore(JSON.parse(JSON.stringify(fresh.snapshot()))).ok).toBe(true);
    fresh.push(message);
    restored.push(message);
    expect(byAttack(restored.verdicts())).toEqual(byAttack(fresh.verdicts()));
    expect(restored.verdicts()[0]!.runs?.map((r) => r.run)).toEqual(["r2"]);
  });

  it("the same records from a string, bytes cut anywhere and a ReadableStream (property)", async () => {
    await fc.assert(
      fc.asyncProperty(traceText, fractions, async (text, at) => {
        const expected = readTraceText(text, { documents: DOCUMENTS });
        const bytes = new TextEncoder().encode(text);
        expect(await collect(text, DOCUMENTS)).toEqual(expected);
        expect(await collect(cutBytes(bytes, at), DOCUMENTS)).toEqual(expected);
        expect(await collect(stream(cutBytes(bytes, at)), DOCUMENTS)).toEqual(expected);
        // Every byte its own chunk: each cut inside a character, a CRLF and the BOM at once.
        const each = Array.from({ length: bytes.length }, (_, i) => i / bytes.length);
        expect(await collect(stream(cutBytes(bytes, each)), DOCUMENTS)).toEqual(expected);
        const evaluator = createTraceEvaluator(DOCUMENTS);
        await evaluator.pushAll(
          (async function* () {
            for await (const r of readTrace(stream(cutBytes(bytes, at)), { documents: DOCUMENTS }))
              if (r.kind === "message") yield r.message;
          })(),
        );
        expect(byAttack(evaluator.verdicts())).toEqual(reference(text));
      }),
      { numRuns: RUNS },
    );
  });

  it("messages pushed from the reader as plain JSON give the verdicts of the reader's objects", () => {
    // What a gateway does: messages cross a process boundary as JSON.
    fc.assert(
      fc.property(traceText, (text) => {
        const messages = messagesOf(readTraceText(text, { documents: DOCUMENTS }));
        const copied = JSON.parse(JSON.stringify(messages)) as TraceMessage[];
        expect(byAttack(DOCUMENTS.map((d) => evaluateTrace(d, copied)))).toEqual(reference(text));
      }),
      { numRuns: RUNS },
    );
  });
});

describe("machine load: the stream consumer cuts commits by wall-clock time, never verdicts", () => {
  /** A broker in memory with one partition per session: it keeps each partition's last snapshot. */
  function broker(entries: Map<string, StreamEntry[]>) {
    const checkpoints = new Map<string, PartitionCheckpoint>();
    const source: StreamSource = {
      async *[Symbol.asyncIterator]() {
        for (const partition of entries.keys())
          yield { kind: "assigned", partition, checkpoint: { undelivered: [], sequence: 0 } };
        for (const [partition, batch] of entries)
          yield { kind: "batch", partition, entries: batch };
      },
      async acknowledge(partition, _entries, commit) {
        const sequence = (checkpoints.get(partition)?.sequence ?? 0) + 1;
        checkpoints.set(partition, { snapshot: commit.snapshot, undelivered: [], sequence });
        return sequence;
      },
      async delivered() {},
      async snapshots() {
        return [...checkpoints.values()].flatMap((c) => (c.snapshot ? [c.snapshot] : []));
      },
      async close() {},
    };
    return source;
  }

  it("committing after every entry (a machine too slow for any) or once gives the same verdicts and alerts (property)", async () => {
    const cel = defaultCelEvaluator();
    await fc.assert(
      fc.asyncProperty(traceText, async (text) => {
        const messages = messagesOf(readTraceText(text, { documents: DOCUMENTS }));
        const partitions = new Map<string, StreamEntry[]>();
        messages.forEach((message, i) => {
          const session = message.session ?? "";
          const list = partitions.get(session) ?? [];
          list.push({ id: `1-${i}`, session, position: i + 1, message });
          partitions.set(session, list);
        });
        const run = async (commit: { commitMs: number; commitBytes?: number }) => {
          const alerts: string[] = [];
          const source = broker(partitions);
          const result = await consumeStream(source, DOCUMENTS, {
            cel,
            deliver: (a) => void alerts.push(...a),
            ...commit,
          });
          const merged = mergeStreamVerdicts(await source.snapshots(), DOCUMENTS, { cel });
          expect(merged.ok).toBe(true);
          return {
            result,
            alerts: alerts.sort(),
            verdicts: merged.ok ? byAttack(merged.value.verdicts) : {},
          };
        };
        const slow = await run({ commitMs: 0, commitBytes: 1 });
        const fast = await run({ commitMs: 3_600_000 });
        expect(slow).toEqual(fast);
        expect(fast.verdicts).toEqual(reference(text));
      }),
      { numRuns: RUNS },
    );
  });
});

describe("oatf evaluate gives the library's verdicts, whatever --jobs, file or stdin", () => {
  beforeAll(() => setup(), 600_000);
  const dir = mkdtempSync(join(tmpdir(), "oatf-purity-"));
  // Three sessions interleaved (so --jobs shards them), each example's lines in order, plus a
  // run key on one session so verdicts are per run.
  const lines: string[] = [];
  for (let i = 0; i < POOL.length; i++) {
    const session = `s${i % 3}`;
    lines.push(JSON.stringify({ ...POOL[i], session, ...(i % 3 === 2 ? { run: "late" } : {}) }));
  }
  const text = `${lines.join("\n")}\n`;
  const tracePath = join(dir, "trace.jsonl");
  writeFileSync(tracePath, text);
  const paths = EXAMPLES.map((name) => `examples/${name}.yaml`);

  function cli(args: string[], input?: string) {
    const r = spawnSync(process.execPath, [CLI, "evaluate", ...args, "--format", "json"], {
      cwd: REPO,
      input,
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    });
    return { code: r.status, out: r.stdout, err: r.stderr };
  }
  const verdictsOf = (out: string) =>
    Object.fromEntries(
      (JSON.parse(out) as { verdict: TraceVerdict }[]).map(({ verdict }) => [
        verdict.attack_id,
        canonical(verdict, ["observed"]),
      ]),
    );

  // The warnings the CLI prints (stderr), without what it says about threads.
  const warningsOf = (err: string) => err.split("\n").filter((l) => l.includes(": warning: "));
  let first: ReturnType<typeof cli> | undefined;

  it.each([
    [1, "file"],
    [2, "file"],
    [3, "file"],
    [1, "stdin"],
    [2, "stdin"],
    [3, "stdin"],
  ] as const)("--jobs %i from a %s, documents in either order", (jobs, from) => {
    const order = jobs % 2 === 0 ? [...paths].reverse() : paths;
    const trace = from === "file" ? tracePath : "-";
    const input = from === "stdin" ? text : undefined;
    const run = cli([...order, "--trace", trace, "--jobs", String(jobs)], input);
    expect(verdictsOf(run.out)).toEqual(reference(text, ["observed"]));
    first ??= run;
    // One verdict is `error` (a2a: its request is in the other run): exit 3, every time.
    expect(run.code).toBe(3);
    expect(warningsOf(run.err).sort()).toEqual(warningsOf(first.err).sort());
    expect(warningsOf(run.err).length).toBeGreaterThan(5);
  });
});
