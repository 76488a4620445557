// Benchmarks for @oatf/evaluate. Every number is a ratio against a baseline measured in
// the same run, printed beside its goal; a missed goal fails the run (measure.ts). Run with
// `pnpm bench` (needs --expose-gc).
import type { Document, Indicator, Value } from "@oatf/model";
import { compileRegex, parseTemplate } from "../src/compile/index.js";
import {
  compileIndicator,
  createTraceEvaluator,
  evaluateCondition,
  evaluateIndicator,
  evaluateTrace,
  type TraceMessage,
} from "../src/index.js";
import { coerceToString } from "../src/internal.js";
import {
  exampleDocuments,
  generatedLibrary,
  generatedTrace,
  plainLoop,
  sdkLoop,
} from "./library.js";
import { heapMb, measure, report, runSections } from "./measure.js";
import { monitorBench } from "./monitor.js";

const INNER = 1000; // calls per sample, so timer overhead does not swamp tiny functions

const ns = (ms: number, calls = INNER) => `${((ms / calls) * 1e6).toFixed(0)} ns/call`;

// ------------------------------------------------ 1. pattern vs hand-written traversal

async function patternBench(): Promise<void> {
  const indicator: Indicator = {
    id: "B-01",
    target: "tools[*].description",
    pattern: { target: "tools[*].description", condition: { contains: "IMPORTANT:" } },
  };
  const message: Value = {
    tools: Array.from({ length: 8 }, (_, i) => ({
      name: `tool_${i}`,
      description: `A helpful tool number ${i} that does ordinary things with files and text.`,
      inputSchema: { type: "object" },
    })),
  };
  // What someone would write by hand for this one indicator.
  const byHand = (m: Value): boolean => {
    const tools = (m as { tools?: unknown }).tools;
    if (!Array.isArray(tools)) return false;
    for (const t of tools) {
      const d = (t as { description?: unknown })?.description;
      if (typeof d === "string" && d.includes("IMPORTANT:")) return true;
    }
    return false;
  };
  const compiled = compileIndicator(indicator);
  let sink = 0;
  const r = await measure({
    hand: () => {
      for (let i = 0; i < INNER; i++) sink += byHand(message) ? 1 : 0;
    },
    evaluateIndicator: () => {
      for (let i = 0; i < INNER; i++) sink += evaluateIndicator(indicator, message).result.length;
    },
    compiledRun: () => {
      for (let i = 0; i < INNER; i++) sink += compiled.run(message).result.length;
    },
  });
  if (sink === -1) console.log(sink);
  console.log(`\nbaseline: hand-written traversal, ${ns(r.hand!)}`);
  report(
    "pattern: evaluateIndicator vs hand-written",
    r.evaluateIndicator! / r.hand!,
    "<= 1.5x",
    ns(r.evaluateIndicator!),
  );
  report(
    "pattern: compileIndicator(...).run vs hand-written",
    r.compiledRun! / r.hand!,
    "",
    ns(r.compiledRun!),
  );
}

// ------------------------------------------------------- 2. RE2 vs JS RegExp

async function regexBench(): Promise<void> {
  const source = "(id_rsa|passwd|\\.env|api[_-]?key)";
  const text =
    "Please summarise the attached quarterly report and list three follow-up actions for the team.";
  const re2 = compileRegex(source);
  if (!re2.ok) throw new Error(re2.error.message);
  const js = new RegExp(source);
  const condition = { regex: source };
  let sink = 0;
  const r = await measure({
    js: () => {
      for (let i = 0; i < INNER; i++) sink += js.test(text) ? 1 : 0;
    },
    re2: () => {
      for (let i = 0; i < INNER; i++) sink += re2.value.test(text) ? 1 : 0;
    },
    condition: () => {
      for (let i = 0; i < INNER; i++) sink += evaluateCondition(condition, text) ? 1 : 0;
    },
  });
  if (sink === -1) console.log(sink);
  console.log(`\nbaseline: JS RegExp.test on a safe pattern, ${ns(r.js!)}`);
  report("regex: re2js test vs JS RegExp (report)", r.re2! / r.js!, "", ns(r.re2!));
  report(
    "regex: evaluateCondition({regex}) vs JS RegExp (report)",
    r.condition! / r.js!,
    "",
    ns(r.condition!),
  );
}

// ------------------------------------------------------ 3. evaluateTrace scaling

function traceDocument(): Document {
  const indicators: Indicator[] = Array.from({ length: 20 }, (_, i) => {
    const kinds: Indicator[] = [
      {
        target: "arguments",
        surface: "tools/call",
        pattern: { regex: `exfil_${i}|attacker-${i}\\.example` },
      },
      { target: "content[*].text", direction: "response", pattern: { contains: `SECRET-${i}` } },
      {
        target: "tools[*].description",
        surface: "tools/list",
        pattern: { contains: `IMPORTANT-${i}:` },
      },
      { target: "arguments.amount", surface: "tools/call", pattern: { gt: 1_000_000 + i } },
    ];
    return { id: `BENCH-001-${String(i + 1).padStart(2, "0")}`, ...kinds[i % kinds.length]! };
  });
  return {
    oatf: "0.1",
    attack: { id: "BENCH-001", execution: { mode: "mcp_server", state: {} }, indicators },
  };
}

function traceMessages(count: number): TraceMessage[] {
  const operations = ["tools/call", "tools/list", "resources/read", "prompts/get"];
  return Array.from({ length: count }, (_, i) => {
    const operation = operations[i % operations.length]!;
    const direction = i % 2 === 0 ? "request" : "response";
    const content: Value =
      operation === "tools/list"
        ? { tools: [{ name: `t${i}`, description: `ordinary tool ${i}` }] }
        : {
            name: "transfer",
            arguments: { account: `acct-${i}`, amount: i % 997 },
            content: [{ type: "text", text: `result ${i}: nothing to see` }],
          };
    return {
      protocol: "mcp",
      direction,
      operation,
      content,
      timestamp: new Date(i * 1000).toISOString(),
    };
  });
}

async function traceBench(): Promise<void> {
  const document = traceDocument();
  const large = traceMessages(100_000);
  // The 10k traces are the ten tenths of the 100k one: both tasks read the same messages
  // from the same memory, so the ratio shows how evaluateTrace scales, not whether one
  // 10k trace fits in the CPU cache where 100k does not.
  const tenths = Array.from({ length: 10 }, (_, i) => large.slice(i * 10_000, (i + 1) * 10_000));
  let sink = 0;
  // Both tasks do the same amount of work (10 x 10k, 1 x 100k), so load on a shared
  // machine affects them alike; the 10k time is one tenth of its task.
  const r = await measure(
    {
      "10 x 10k": () => {
        for (const small of tenths)
          sink += evaluateTrace(document, small).evaluation_summary.not_matched;
      },
      "100k": () => {
        sink += evaluateTrace(document, large).evaluation_summary.not_matched;
      },
    },
    1500,
    5,
  );
  if (sink === -1) console.log(sink);
  const tenK = r["10 x 10k"]! / 10;
  console.log(`\nbaseline: evaluateTrace, 20 indicators x 10k messages, ${tenK.toFixed(1)} ms`);
  report(
    "trace: 100k messages vs 10k messages",
    r["100k"]! / tenK,
    "<= 11x",
    `${r["100k"]!.toFixed(1)} ms`,
  );
}

// ------------------------------------- 4. a library of documents over a 100k trace

async function libraryBench(): Promise<void> {
  const documents = [...exampleDocuments(), ...generatedLibrary(60)];
  const indicators = documents.reduce((n, d) => n + (d.attack.indicators?.length ?? 0), 0);
  const trace = [...generatedTrace(100_000)];
  const sdkMatches = sdkLoop(documents, trace);
  const plainMatches = plainLoop(documents, trace);
  // Each run takes seconds, too long for tinybench's minimum iteration count: the two are
  // timed by hand, interleaved, and each keeps its fastest of five runs.
  let sink = 0;
  const r = { plain: Number.POSITIVE_INFINITY, sdk: Number.POSITIVE_INFINITY };
  for (let round = 0; round < 5; round++) {
    for (const [name, run] of [
      ["plain", plainLoop],
      ["sdk", sdkLoop],
    ] as const) {
      const start = performance.now();
      sink += run(documents, trace);
      r[name] = Math.min(r[name], performance.now() - start);
    }
  }
  if (sink === -1) console.log(sink);
  console.log(
    `\nbaseline: hand-written filter + RegExp.test, ${documents.length} documents (${indicators} indicators) x ${trace.length} messages, ${r.plain.toFixed(0)} ms (${plainMatches} matches)`,
  );
  report(
    "library: createTraceEvaluator vs hand-written RegExp loop",
    r.sdk / r.plain,
    "<= 1.0x",
    `${r.sdk.toFixed(0)} ms (${sdkMatches} matches)`,
  );
  if (globalThis.gc === undefined) return;
  // Memory flat in the number of messages: heap after streaming 100k vs 400k messages.
  const heapAfter = (count: number): number => {
    const evaluator = createTraceEvaluator(documents);
    const before = heapMb();
    for (const m of generatedTrace(count)) evaluator.push(m);
    const after = heapMb();
    sink += evaluator.count;
    return after - before;
  };
  const small = heapAfter(100_000);
  const large = heapAfter(400_000);
  // Flat: 4x the messages must not hold more memory (a per-message leak would read ~4x); the
  // limit leaves room for collector noise only (growth under 0.1 MB counts as 0.1 MB).
  report(
    "library: heap growth streaming 400k vs 100k messages",
    Math.max(large, 0.1) / Math.max(small, 0.1),
    "<= 1.5x",
    `${small.toFixed(1)} MB -> ${large.toFixed(1)} MB`,
  );
}

// ------------------------------------------------- 5. memory with 200k patterns

function memoryBench(): void {
  if (globalThis.gc === undefined) {
    console.log("\nmemory: skipped (run with --expose-gc, as `pnpm bench` does)");
    return;
  }
  const text = "a message that mentions pattern 123456 and nothing else";
  for (let i = 0; i < 5_000; i++) evaluateCondition({ regex: `warm${i}[0-9]+` }, text);
  const before = heapMb();
  let matched = 0;
  for (let i = 0; i < 200_000; i++) {
    if (evaluateCondition({ regex: `pattern ${i}[0-9]*` }, text)) matched++;
  }
  const after = heapMb();
  console.log(`\nbaseline: heap after warm-up, ${before.toFixed(1)} MB`);
  // Bounded: the compile caches keep a fixed number of patterns, so 200k distinct ones leave
  // the heap about where it was (unbounded caches would hold hundreds of MB: many times it).
  report(
    "memory: heap after 200k distinct regex patterns vs before",
    after / before,
    "<= 1.5x",
    `${before.toFixed(1)} MB -> ${after.toFixed(1)} MB (${matched} matched)`,
  );
}

// ------------------------------------------------- 5. hostile input stays linear

async function hostileBench(): Promise<void> {
  // Issue 12 §5: 2 MB of unclosed `{{` scanned in the time of 2 MB of plain text (it was
  // quadratic: ~10 s), and a 40-level DAG (2^40 paths) coerced in the time of flat JSON of
  // the same, bounded, length (it aborted the process).
  const unclosed = "{{".repeat(1024 * 1024);
  const plain = "ab".repeat(1024 * 1024);
  let dag: Value = { leaf: "needle" };
  for (let i = 0; i < 40; i++) dag = { left: dag, right: dag };
  const flat: Value = Array.from({ length: 1024 * 1024 }, () => "0123456789abcde");
  const r = await measure(
    {
      unclosed: () => parseTemplate(unclosed),
      plain: () => parseTemplate(plain),
      dag: () => coerceToString(dag),
      flat: () => coerceToString(flat),
    },
    300,
    3,
  );
  console.log(`\nbaseline: parseTemplate on 2 MB of plain text, ${r.plain!.toFixed(2)} ms`);
  report("templates: 2 MB of unclosed {{ vs 2 MB of plain text", r.unclosed! / r.plain!, "<= 5x");
  console.log(
    `baseline: coerceToString of 16 Mi characters of flat JSON, ${r.flat!.toFixed(1)} ms`,
  );
  report("coercion: 40-level DAG (cut at 16 Mi) vs flat JSON", r.dag! / r.flat!, "<= 2x");
}

// `pnpm bench -- library monitor` runs only the named sections (the whole run takes minutes).
const SECTIONS: Record<string, () => unknown> = {
  pattern: patternBench,
  regex: regexBench,
  trace: traceBench,
  library: libraryBench,
  memory: memoryBench,
  hostile: hostileBench,
  monitor: () => monitorBench(report, heapMb),
};
await runSections("@oatf/evaluate", SECTIONS);
