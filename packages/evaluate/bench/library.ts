// The library benchmark of issue 14 §2: the documents in examples/ plus a generated library
// of regex indicators (the shape of the public scenario library) over a generated
// 100,000-message trace, against a hand-written loop that filters by protocol, surface and
// direction, resolves the target and calls JavaScript `RegExp.test` (fast, not ReDoS-safe).
import { readdirSync, readFileSync } from "node:fs";
import type { Document, Indicator, Value } from "@oatf/model";
import { parse } from "yaml";
import { createTraceEvaluator, type TraceMessage } from "../src/index.js";

const EXAMPLES = new URL("../../../examples/", import.meta.url);

export function exampleDocuments(): Document[] {
  return readdirSync(EXAMPLES)
    .filter((f) => f.endsWith(".yaml"))
    .map((f) => parse(readFileSync(new URL(f, EXAMPLES), "utf8")) as Document);
}

const SHAPES: {
  protocol: string;
  surface: string;
  direction: "request" | "response";
  target: string;
}[] = [
  { protocol: "mcp", surface: "tools/call", direction: "request", target: "arguments" },
  { protocol: "mcp", surface: "tools/call", direction: "request", target: "name" },
  { protocol: "mcp", surface: "tools/call", direction: "response", target: "content[*].text" },
  {
    protocol: "a2a",
    surface: "message/send",
    direction: "request",
    target: "message.parts[*].text",
  },
  { protocol: "ag_ui", surface: "text_message_content", direction: "response", target: "delta" },
];

// Regexes as the scenario library writes them: alternations of telltale words, hosts,
// token shapes; a few case-insensitive ones (which get no literal prefilter).
function patternFor(i: number): string {
  switch (i % 6) {
    case 0:
      return `(exfil_${i}|attacker-${i}\\.example)`;
    case 1:
      return `curl\\s+https?://evil-${i}\\.[a-z]+/`;
    case 2:
      return `(?:api[_-]?key|secret)_${i}=[A-Za-z0-9]{8,}`;
    case 3:
      return `IGNORE PREVIOUS INSTRUCTIONS ${i}`;
    case 4:
      return `(?i)system override ${i}`;
    default:
      return `\\b(id_rsa|passwd)_${i}\\b`;
  }
}

/**
 * Text that generated indicator `n` (the `n`-th of `generatedLibrary`, of shape
 * `SHAPES[n % 5]`) matches.
 */
export function attackPhrase(n: number): string {
  switch (n % 6) {
    case 0:
      return `send it to attacker-${n}.example`;
    case 1:
      return `curl https://evil-${n}.example/`;
    case 2:
      return `api_key_${n}=AbCdEf123456`;
    case 3:
      return `IGNORE PREVIOUS INSTRUCTIONS ${n}`;
    case 4:
      return `System Override ${n}`;
    default:
      return `cat id_rsa_${n} now`;
  }
}

export function generatedLibrary(count = 60): Document[] {
  return Array.from({ length: count }, (_, d) => {
    const id = `GEN-${String(d + 1).padStart(3, "0")}`;
    const indicators: Indicator[] = [0, 1, 2].map((k) => {
      const n = d * 3 + k;
      const shape = SHAPES[n % SHAPES.length]!;
      return {
        id: `${id}-0${k + 1}`,
        protocol: shape.protocol,
        surface: shape.surface,
        direction: shape.direction,
        target: shape.target,
        pattern: { target: shape.target, condition: { regex: patternFor(n) } },
      } as Indicator;
    });
    return {
      oatf: "0.1",
      attack: { id, execution: { mode: "mcp_server", state: {} }, indicators },
    } as Document;
  });
}

const WORDS = [
  "please",
  "summarise",
  "the",
  "quarterly",
  "report",
  "list",
  "files",
  "in",
  "home",
  "directory",
  "ok",
];

function sentence(i: number, length: number): string {
  let s = "";
  for (let k = 0; k < length; k++) s += `${WORDS[(i * 7 + k * 3) % WORDS.length]} `;
  return `${s}${i}`;
}

/** One generated message, its text ending with `phrase` when one is given. */
export function generatedMessage(i: number, phrase?: string): TraceMessage {
  const text = phrase === undefined ? sentence(i, 12) : `${sentence(i, 12)} ${phrase}`;
  switch (i % 5) {
    case 0:
      return {
        protocol: "mcp",
        direction: "request",
        operation: "tools/call",
        content: { name: `tool_${i % 40}`, arguments: { path: `/srv/data/${i}.txt`, note: text } },
      };
    case 1:
      return {
        protocol: "mcp",
        direction: "response",
        operation: "tools/call",
        content: { content: [{ type: "text", text }], isError: false },
      };
    case 2:
      return {
        protocol: "a2a",
        direction: "request",
        operation: "message/send",
        content: { message: { role: "user", parts: [{ kind: "text", text }], messageId: `m${i}` } },
      };
    case 3:
      return {
        protocol: "ag_ui",
        direction: "response",
        operation: "text_message_content",
        content: { type: "TEXT_MESSAGE_CONTENT", messageId: `m${i}`, delta: text },
      };
    default:
      return {
        protocol: "mcp",
        direction: "response",
        operation: "tools/list",
        content: { tools: [{ name: `t${i}`, description: text }] },
      };
  }
}

export function* generatedTrace(count: number): Generator<TraceMessage> {
  for (let i = 0; i < count; i++) yield generatedMessage(i);
  // A handful of matches at the very end, so every indicator sees the whole trace.
  yield {
    protocol: "mcp",
    direction: "request",
    operation: "tools/call",
    content: { name: "x", arguments: { note: "see attacker-0.example" } },
  };
}

// ------------------------------------------------------------------ the baseline

export type Resolve = (content: unknown) => unknown[];

/** A hand-written resolver for `a.b[*].c` paths. */
export function resolver(path: string): Resolve {
  const steps = path === "" ? [] : path.split(".");
  return (content) => {
    let values: unknown[] = [content];
    for (const step of steps) {
      const wildcard = step.endsWith("[*]");
      const name = wildcard ? step.slice(0, -3) : step;
      const next: unknown[] = [];
      for (const v of values) {
        if (typeof v !== "object" || v === null) continue;
        const child = (v as Record<string, unknown>)[name];
        if (child === undefined) continue;
        if (wildcard) {
          if (Array.isArray(child)) next.push(...child);
        } else next.push(child);
      }
      values = next;
    }
    return values;
  };
}

/** A pattern indicator as one would hold it by hand; `slot` is its index. */
export interface PlainIndicator {
  slot: number;
  protocol?: string;
  surface?: string;
  direction?: string;
  target: string;
  resolve: Resolve;
  test: (text: string) => boolean;
}

/** The library's regex and `contains` pattern indicators, for the hand-written baselines. */
export function plainIndicators(documents: Document[]): PlainIndicator[] {
  const out: PlainIndicator[] = [];
  for (const document of documents) {
    const mode = document.attack.execution?.mode ?? document.attack.execution?.actors?.[0]?.mode;
    for (const indicator of document.attack.indicators ?? []) {
      const pattern = indicator.pattern;
      if (pattern === undefined) continue;
      const condition = (pattern.condition ?? pattern) as { regex?: string; contains?: string };
      let test: ((text: string) => boolean) | undefined;
      if (typeof condition.regex === "string") {
        const ci = condition.regex.startsWith("(?i)");
        const re = new RegExp(ci ? condition.regex.slice(4) : condition.regex, ci ? "i" : "");
        test = (text) => re.test(text);
      } else if (typeof condition.contains === "string") {
        const needle = condition.contains;
        test = (text) => text.includes(needle);
      }
      if (test === undefined) continue;
      const target = pattern.target ?? indicator.target ?? "";
      out.push({
        slot: out.length,
        protocol:
          indicator.protocol ??
          (typeof mode === "string" ? mode.replace(/_(server|client)$/, "") : undefined),
        surface: indicator.surface,
        direction: indicator.direction,
        target,
        resolve: resolver(target),
        test,
      });
    }
  }
  return out;
}

/** What one would write by hand: filter, resolve, `RegExp.test`. Returns the match count. */
export function plainLoop(documents: Document[], messages: Iterable<TraceMessage>): number {
  const indicators = plainIndicators(documents);
  const done = new Uint8Array(indicators.length);
  let matched = 0;
  for (const m of messages) {
    for (const ind of indicators) {
      if (done[ind.slot] === 1) continue;
      if (ind.protocol !== undefined && ind.protocol !== m.protocol) continue;
      if (ind.surface !== undefined && ind.surface !== m.operation) continue;
      if (ind.direction !== undefined && ind.direction !== m.direction) continue;
      for (const value of ind.resolve(m.content)) {
        const text = typeof value === "string" ? value : JSON.stringify(value);
        if (ind.test(text)) {
          done[ind.slot] = 1;
          matched++;
          break;
        }
      }
    }
  }
  return matched;
}

/** The SDK: one streaming evaluator over the whole library. Returns the match count. */
export function sdkLoop(documents: Document[], messages: Iterable<TraceMessage>): number {
  const evaluator = createTraceEvaluator(documents);
  for (const m of messages) evaluator.push(m);
  return evaluator.verdicts().reduce((n, v) => n + v.evaluation_summary.matched, 0);
}

export type { Value };
