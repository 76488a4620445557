// Issue 23 §8: the readers' and the evaluator's tables stay within their documented bounds
// whatever the input, and deep nesting costs time linear in its length. Memory is the heap
// a hostile trace leaves retained, next to the bound and to a benign trace read the same way
// in the same run; time is a ratio to flat input of the same length.

import { createTraceEvaluator, type TraceMessage } from "@oatf/evaluate";
import { MAX_OPEN_TOOL_CALL_CHARS } from "@oatf/evaluate/internal";
import type { Document } from "@oatf/model";
import type { Measure, Report } from "../../evaluate/bench/measure.js";
import {
  MAX_PENDING_CHARS,
  MAX_PENDING_REQUESTS,
  readTrace,
  readTraceText,
  TraceDecoder,
  type TraceRecord,
} from "../src/index.js";

const MiB = 2 ** 20;
/** A flat copy of a string (a template literal would share `big` as a rope). */
const flat = (s: string) => new TextDecoder().decode(new TextEncoder().encode(s));

/** Heap (MB) retained by what `fill` returns, and by what `benign` returns, in one run. */
function retained(heapMb: () => number, fill: () => unknown): number {
  const before = heapMb();
  const kept = fill();
  const after = heapMb();
  // Keep the value alive until measured.
  if (kept === undefined) console.log("");
  return after - before;
}

function feed(decoder: TraceDecoder, lines: Iterable<string>): TraceDecoder {
  const out: TraceRecord[] = [];
  let line = 0;
  for (const text of lines) {
    decoder.line({ line: ++line, text }, out);
    out.length = 0;
  }
  return decoder;
}

/** The HAR of `harPeak`, written as it is read, each chunk a new string as a file's are. */
function* harChunks(sizes: number[], sample: (size: number) => void): Generator<string> {
  const CHUNK = 64 * 1024;
  const x = "x".repeat(CHUNK);
  yield '{\n  "log": {\n    "version": "1.2",\n    "creator": {"name": "bench"},\n    "entries": [\n';
  let n = 0;
  for (const [i, size] of sizes.entries()) {
    const request = JSON.stringify(`{"jsonrpc":"2.0","id":${i},"method":"tools/call","params":{}}`);
    yield `${i === 0 ? "" : ",\n"}{"startedDateTime": "2026-01-01T00:00:00Z", "request": {"method": "POST", "url": "http://h/mcp", "headers": [], "postData": {"mimeType": "application/json", "text": ${request}}}, "response": {"status": 200, "headers": [], "content": {"size": ${size}, "mimeType": "application/json", "text": "{\\"jsonrpc\\":\\"2.0\\",\\"id\\":${i},\\"result\\":{\\"text\\":\\"`;
    for (let left = size; left > 0; left -= CHUNK) {
      if (++n % 32 === 0) sample(size);
      yield flat(left >= CHUNK ? x : x.slice(0, left));
    }
    yield '\\"}}"}}}';
  }
  yield "\n    ]\n  }\n}\n";
}

/** The most heap retained while a HAR streams through readTrace, and between small entries. */
async function harPeak(heapMb: () => number) {
  const sizes = Array.from({ length: 4_000 }, () => 20_000);
  sizes.splice(2_000, 0, 12 * MiB, 64 * MiB);
  const base = heapMb();
  let peak = 0;
  let between = 0;
  const sample = (size: number) => {
    const retained = heapMb() - base;
    peak = Math.max(peak, retained);
    if (size < MiB) between = Math.max(between, retained);
  };
  let messages = 0;
  for await (const record of readTrace(harChunks(sizes, sample)))
    if (record.kind === "message") messages++;
  return { peak, between, messages };
}

function* repeat<T>(count: number, make: (i: number) => T): Generator<T> {
  for (let i = 0; i < count; i++) yield make(i);
}

const leakDoc = {
  oatf: "0.1",
  attack: {
    id: "B-1",
    execution: { mode: "ag_ui_client", state: {} },
    indicators: [
      { surface: "tool_call_args", target: "toolCallName", pattern: { contains: "x" } },
      { protocol: "mcp", surface: "tools/call", target: "name", pattern: { contains: "x" } },
    ],
  },
} as unknown as Document;

export async function readersBench(measure: Measure, report: Report, heapMb: () => number) {
  if (globalThis.gc === undefined) {
    console.log("\nreaders memory: skipped (run with --expose-gc, as `pnpm bench` does)");
  } else {
    console.log("\nreaders: heap retained by hostile input (the bounds of issue 23 §8)");
    const big = "x".repeat(MiB); // one 1 MiB string, shared by the lines that quote it
    // 1. The pending-request table: 400 tools/call requests with 1 MiB params (was 425 MB).
    const request = (i: number) =>
      `{"jsonrpc":"2.0","id":${i},"method":"tools/call","params":{"name":"${big}${i}"}}`;
    const small = (i: number) => `{"jsonrpc":"2.0","id":${i},"method":"tools/call","params":{}}`;
    const pending = retained(heapMb, () =>
      feed(new TraceDecoder({ format: "jsonrpc" }), repeat(400, request)),
    );
    const pendingSmall = retained(heapMb, () =>
      feed(new TraceDecoder({ format: "jsonrpc" }), repeat(MAX_PENDING_REQUESTS, small)),
    );
    report(
      "pending table: 400 requests of 1 MiB vs 32 Mi-unit bound",
      pending / ((MAX_PENDING_CHARS * 2) / MiB),
      "<= 1.5x",
      `${pending.toFixed(1)} MB (bound ${((MAX_PENDING_CHARS * 2) / MiB).toFixed(0)} MB of UTF-16); ${MAX_PENDING_REQUESTS} small requests: ${pendingSmall.toFixed(1)} MB`,
    );
    // 2. Detection: 20 MB of line feeds before any line tells the format (was 1.4 GB).
    const blanks = retained(heapMb, () =>
      feed(
        new TraceDecoder(),
        repeat(20 * MiB, () => ""),
      ),
    );
    report("detection: 20 Mi blank lines held", blanks, "<= 1 MB", `${blanks.toFixed(2)} MB`);
    // 3. AG-UI tool-call names: open calls named by 1 MiB strings (each its own copy, as
    // strings parsed from separate lines are; was 4096 × 16 MiB).
    const names = retained(heapMb, () => {
      const evaluator = createTraceEvaluator([leakDoc]);
      for (let i = 0; i < 64; i++) {
        evaluator.push({
          protocol: "ag_ui",
          direction: "response",
          operation: "tool_call_start",
          content: { toolCallId: `c${i}`, toolCallName: flat(`${i}${big}`) },
        });
      }
      return evaluator;
    });
    report(
      "tool-call names: 64 names of 1 MiB vs 1 Mi-unit bound",
      names / ((MAX_OPEN_TOOL_CALL_CHARS * 2) / MiB),
      "<= 1.5x",
      `${names.toFixed(1)} MB`,
    );
    // 4. The evaluator's per-operation cache: operations of 1 MiB (was 1024 × 16 MiB).
    const operations = retained(heapMb, () => {
      const evaluator = createTraceEvaluator([leakDoc]);
      for (let i = 0; i < 64; i++) {
        evaluator.push({
          protocol: "mcp",
          direction: "request",
          operation: flat(`${i}${big}`),
          content: {},
        });
      }
      return evaluator;
    });
    report(
      "operation cache: 64 operations of 1 MiB",
      operations,
      "<= 1 MB",
      `${operations.toFixed(2)} MB`,
    );
    // 6. A HAR is one JSON document, never held whole: the most heap retained while 4,000
    // entries of 20 kB, one of 12 MiB and one of 64 MiB (over the 16 Mi entry limit, skipped)
    // stream past in 64 KiB chunks; the bound is one entry's text (16 MiB of one-byte text).
    const har = await harPeak(heapMb);
    report(
      "HAR: heap retained while 150 MB stream past",
      har.peak,
      "<= 20 MB",
      `${har.peak.toFixed(1)} MB at most; ${har.between.toFixed(1)} MB between small entries; ${har.messages} messages`,
    );
  }

  // 5. Deep nesting: a line of nested arrays read and evaluated (coerced to text by a string
  // operator) vs a flat line of the same length, and twice the depth vs the depth (linear).
  // It was ~4.7 µs per level.
  // Past ~150k levels the young generation no longer holds the text being built: the step
  // in cost is there, so depths above it show the steady per-level cost.
  const depth = 400_000;
  const deepLine = (levels: number) =>
    `{"jsonrpc":"2.0","method":"tools/call","params":{"name":${"[".repeat(levels)}${"]".repeat(levels)}}}`;
  const flatLine = `{"jsonrpc":"2.0","method":"tools/call","params":{"name":[${"0,".repeat(depth - 1)}0]}}`;
  const run = (text: string) => () => {
    const evaluator = createTraceEvaluator([leakDoc]);
    for (const r of readTraceText(text, { format: "jsonrpc" }))
      if (r.kind === "message") evaluator.push(r.message as TraceMessage);
  };
  const half = deepLine(depth / 2);
  const full = deepLine(depth);
  const r = await measure({ half: run(half), deep: run(full), flat: run(flatLine) }, 300, 3);
  console.log(
    `baseline: a flat line of ${flatLine.length} characters read and evaluated, ${r.flat!.toFixed(1)} ms`,
  );
  report(
    `nesting: ${depth} levels vs flat JSON of the same length`,
    r.deep! / r.flat!,
    "<= 5x",
    `${((r.deep! / depth) * 1000).toFixed(3)} µs per level`,
  );
  report(`nesting: ${depth} levels vs ${depth / 2} (linear)`, r.deep! / r.half!, "<= 2.5x");
}
