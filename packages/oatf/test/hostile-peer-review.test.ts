// Review of one promise of the guide, checked from outside: "one side of every trace is the
// attacker: no sequence a peer can send turns an exploited trace into a silent
// `not_exploited`". Exploited traces, from three sources the project does not write itself:
//   - the shipped examples (MCP rug pull, AG-UI injection; the cross-protocol chain, partial),
//   - the upstream conformance fixtures whose indicator matched its message (pattern, CEL),
//   - the benchmark scenarios of ../shared/scenarios, one indicator's target given a value its
//     regex matches (drawn by fast-check),
// and fast-check inserts peer-controlled lines before, between and after the exploit's: floods,
// malformed lines and frames, JSON-RPC messages and batches, SSE lines, `__proto__` and
// `constructor` keys, huge strings and ids, deep nesting, messages claiming other sessions,
// runs and protocols, blind copies, AG-UI events colliding with the exploit's ids, bad UTF-8,
// CRLF, a byte-order mark, bytes cut anywhere.
//
// The property: every indicator that matched still matches, or the output says why (the
// indicator is `error` or `skipped`, a coverage warning, the verdict is `error`, or the reader
// said the trace could not be read or attributed); never a throw.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import {
  createMonitor,
  createTraceEvaluator,
  type Document,
  evaluateTrace,
  load,
  readTrace,
  readTraceText,
  ruleInfo,
  type TraceMessage,
  type TraceRecord,
  type TraceVerdict,
} from "oatf";
import { beforeAll, describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import setup, { CLI, REPO } from "./cli-build.js";

const RUNS = Number(process.env.OATF_FUZZ_RUNS ?? 30);
const SHARED = join(REPO, "..", "shared");

/** An exploited (or partial) trace: its documents, its lines, what each document matched. */
interface Base {
  name: string;
  documents: Document[];
  lines: string[];
}

const documentOf = (value: unknown): Document => {
  const loaded = load(JSON.stringify(value));
  if (!loaded.ok) throw new Error(`does not load: ${JSON.stringify(loaded.error)}`);
  return loaded.value.document as Document;
};

// ------------------------------------------------------------------ exploited traces

const EXAMPLES: Base[] = ["mcp-rug-pull", "ag-ui-injection", "cross-protocol-chain"].map((name) => {
  const loaded = load(readFileSync(join(REPO, "examples", `${name}.yaml`), "utf8"));
  if (!loaded.ok) throw new Error(name);
  const text = readFileSync(join(REPO, "examples", `${name}.trace.jsonl`), "utf8");
  return {
    name,
    documents: [loaded.value.document as Document],
    lines: text.split("\n").filter((l) => l.trim() !== ""),
  };
});

/** Where each fixture surface is seen: protocol, direction and the attacker's mode. */
const SURFACES: Record<string, [protocol: string, direction: string, mode: string]> = {
  "tools/list": ["mcp", "response", "mcp_server"],
  "tools/call": ["mcp", "request", "mcp_server"],
  initialize: ["mcp", "request", "mcp_server"],
  "sampling/createMessage": ["mcp", "request", "mcp_server"],
  run_agent_input: ["ag_ui", "request", "ag_ui_client"],
};

interface Fixture {
  id: string;
  expected: string;
  input: { indicator: Record<string, unknown>; message: unknown };
}
const FIXTURES: Base[] = ["pattern", "expression"].flatMap((file) =>
  (
    parseYaml(
      readFileSync(join(SHARED, "conformance/upstream/evaluate", `${file}.yaml`), "utf8"),
    ) as Fixture[]
  )
    .filter((f) => f.expected === "matched")
    .map((f, n) => {
      const surface = f.input.indicator.surface as string;
      const [protocol, direction, mode] = SURFACES[surface]!;
      const document = documentOf({
        oatf: "0.1",
        attack: {
          id: `FIX-${String(n + 1).padStart(3, "0")}`,
          name: f.id,
          execution: { mode, state: {} },
          indicators: [{ ...f.input.indicator, id: `FIX-${String(n + 1).padStart(3, "0")}-01` }],
        },
      });
      const line = { protocol, direction, operation: surface, content: f.input.message };
      return { name: f.id, documents: [document], lines: [JSON.stringify(line)] };
    }),
);

/** A scenario's indicators, and the operation a message reaching each is seen under. */
const SCENARIOS = readdirSync(join(SHARED, "scenarios"))
  .filter((f) => f.endsWith(".yaml"))
  .sort()
  .map((file) => {
    const loaded = load(readFileSync(join(SHARED, "scenarios", file), "utf8"));
    if (!loaded.ok) throw new Error(file);
    return { file, document: loaded.value.document as Document };
  });
const OPERATION: Record<string, string> = {
  "mcp request": "tools/call",
  "mcp response": "tools/call",
  "a2a request": "message/send",
  "a2a response": "message/send",
  "ag_ui response": "text_message_content",
};

/** `path` (a dot-path of SDK §5.1 simple names) set to `value` in a new object. */
const objectAt = (path: string, value: unknown): unknown =>
  path
    .split(".")
    .reverse()
    .reduce((inner, key) => ({ [key]: inner }), value);

/** A scenario exploited through one of its indicators: a value its regex matches, at its target. */
const scenarioBase: fc.Arbitrary<Base> = fc.constantFrom(...SCENARIOS).chain(({ file, document }) =>
  fc.nat(document.attack.indicators!.length - 1).chain((i) => {
    const indicator = document.attack.indicators![i]!;
    // Normalized (N-006): the regex is the pattern's condition.
    const pattern = indicator.pattern as { target?: string; condition?: { regex?: string } };
    const regex = pattern.condition!.regex!.replace("(?i)", "");
    return fc.stringMatching(new RegExp(regex)).map((sample) => {
      const protocol = indicator.protocol!;
      const direction = indicator.direction!;
      const line = {
        protocol,
        direction,
        operation: OPERATION[`${protocol} ${direction}`],
        content: objectAt(pattern.target ?? indicator.target!, sample),
      };
      return {
        name: `${file} ${indicator.id}`,
        documents: [document],
        lines: [JSON.stringify(line)],
      };
    });
  }),
);

// ------------------------------------------------------------------ what a peer sends

const deep = (depth: number, inner: string) => `${"[".repeat(depth)}${inner}${"]".repeat(depth)}`;
const PROTO = '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}';

/** Content a peer controls, as JSON text (so `__proto__` keys survive). */
const hostileContent: fc.Arbitrary<string> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v) ?? "null"),
  fc.constant(PROTO),
  fc.constant(`{"tools":${PROTO},"arguments":${PROTO},"name":${PROTO}}`),
  fc.integer({ min: 1_000, max: 300_000 }).map((n) => JSON.stringify({ text: "A".repeat(n) })),
  fc.integer({ min: 1, max: 20_000 }).map((d) => `{"tools":${deep(d, "1")}}`),
  fc.constantFrom("1e308", "-0", "123456789012345678901234567890", '"\\ud800"', "[]", "null"),
);

/** The names a line may claim: ordinary, prototype members, huge. */
const claimed = fc.constantFrom(
  undefined,
  "s1",
  "__proto__",
  "constructor",
  "toString",
  "x".repeat(100_000),
);

/** An OATF JSON Lines message a peer caused: any protocol, direction, operation, keys, content. */
const peerMessage = (operations: readonly string[]): fc.Arbitrary<string> =>
  fc
    .record({
      protocol: fc.constantFrom("mcp", "a2a", "ag_ui", "otel", "__proto__", 7),
      direction: fc.constantFrom("request", "response", "notification", "sideways"),
      operation: fc.constantFrom(...operations, "__proto__", "constructor", "x".repeat(300)),
      session: claimed,
      run: fc.constantFrom(undefined, undefined, "other", "__proto__"),
      actor: fc.constantFrom(undefined, "mcp_poisoner", "__proto__"),
      id: fc.constantFrom(undefined, 1, "1", 2 ** 53 + 1, "9".repeat(1000)),
    })
    .chain((head) =>
      hostileContent.map((content) => {
        const fields = Object.entries(head)
          .filter(([, v]) => v !== undefined)
          .map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`);
        return `{${fields.join(",")},"content":${content}}`;
      }),
    );

/** A copy of an exploit line the peer may have caused again: other content, blind, another key. */
const variantOf = (line: string): fc.Arbitrary<string> => {
  const message = JSON.parse(line) as Record<string, unknown>;
  return fc.oneof(
    hostileContent.map((content) => {
      const { content: _, ...head } = message;
      return `${JSON.stringify(head).slice(0, -1)},"content":${content}}`;
    }),
    fc.constant(JSON.stringify({ ...message, uncaptured: [""] })),
    fc.constant(JSON.stringify({ ...message, uncaptured: ["__proto__"] })),
    claimed.map((session) => JSON.stringify({ ...message, session, content: {} })),
    fc.constant(JSON.stringify({ ...message, run: "other" })),
  );
};

/** Frames and lines that are not OATF messages at all. */
const malformed: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "",
    "   ",
    "{",
    "not json",
    "\uFEFF{}",
    "null",
    "[]",
    '"text"',
    '{"protocol":',
    "\r",
    ": ping",
    "event: message",
    'data: {"jsonrpc":"2.0","id":1,"result":{}}',
    'data: {"jsonrpc":"2.0",',
    '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"read_file"}}',
    '{"jsonrpc":"2.0","id":1,"result":{"content":[]}}',
    '{"jsonrpc":"2.0","id":null,"error":{"code":-32600}}',
    '[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","id":1,"result":{}}]',
    '{"direction":"send","message":{"jsonrpc":"2.0","id":1,"method":"ping"}}',
    '{"type":"RUN_STARTED","threadId":"t","runId":"r"}',
  ),
  fc.string({ maxLength: 30 }),
  fc.integer({ min: 1, max: 20_000 }).map((d) => deep(d, "{}")),
);

/** AG-UI events colliding with the example's ids (call-2, m4): restarts, early ends, errors. */
const agUiCollision: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom(
      ["tool_call_start", { type: "TOOL_CALL_START", toolCallId: "call-2", toolCallName: "noop" }],
      ["tool_call_end", { type: "TOOL_CALL_END", toolCallId: "call-2" }],
      ["tool_call_args", { type: "TOOL_CALL_ARGS", toolCallId: "call-2", delta: "}" }],
      ["text_message_start", { type: "TEXT_MESSAGE_START", messageId: "m4", role: "assistant" }],
      ["text_message_end", { type: "TEXT_MESSAGE_END", messageId: "m4" }],
      ["text_message_content", { type: "TEXT_MESSAGE_CONTENT", messageId: "m4", delta: "ok" }],
      ["run_error", { type: "RUN_ERROR", message: "boom" }],
      ["run_finished", { type: "RUN_FINISHED", threadId: "thread-42", runId: "run-1" }],
    ),
    fc.constantFrom("request", "response"),
  )
  .map(([[operation, content], direction]) =>
    JSON.stringify({ protocol: "ag_ui", direction, operation, content }),
  );

/** Many lines at once: one repeated, or each in its own session or run. */
const flood = (line: string): fc.Arbitrary<string[]> =>
  fc
    .tuple(fc.integer({ min: 100, max: 3_000 }), fc.constantFrom("same", "session", "run"))
    .map(([n, how]) => {
      const message = JSON.parse(line) as Record<string, unknown>;
      return Array.from({ length: n }, (_, i) =>
        how === "same"
          ? JSON.stringify({ ...message, content: { n: i } })
          : JSON.stringify({ ...message, content: {}, [how]: `${how}-${i}` }),
      );
    });

/** A peer's burst: lines (text), or raw bytes that are not UTF-8. */
type Burst = { lines: string[] } | { bytes: Uint8Array };
const burst = (base: Base): fc.Arbitrary<Burst> => {
  const operations = base.lines.map((l) => String((JSON.parse(l) as TraceMessage).operation));
  const one = fc.oneof(
    { weight: 4, arbitrary: peerMessage(operations) },
    { weight: 3, arbitrary: fc.constantFrom(...base.lines).chain(variantOf) },
    { weight: 3, arbitrary: malformed },
    { weight: 1, arbitrary: agUiCollision },
  );
  return fc.oneof(
    {
      weight: 12,
      arbitrary: fc.array(one, { minLength: 1, maxLength: 4 }).map((lines) => ({ lines })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(...base.lines)
        .chain(flood)
        .map((lines) => ({ lines })),
    },
    {
      weight: 1,
      arbitrary: fc
        .uint8Array({ minLength: 1, maxLength: 12 })
        .map((b) => ({ bytes: new Uint8Array([0xff, 0xc3, ...b.filter((x) => x !== 10)]) })),
    },
  );
};

/** The exploit's lines with the peer's bursts inserted, as bytes. */
const hostileTrace = (base: Base) =>
  fc
    .tuple(
      fc.array(fc.tuple(fc.nat(base.lines.length), burst(base)), { maxLength: 5 }),
      fc.constantFrom("\n", "\r\n"),
      fc.boolean(),
      fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 5 }),
    )
    .map(([bursts, eol, bom, cuts]) => {
      const encoder = new TextEncoder();
      const parts: Uint8Array[] = bom ? [encoder.encode("\uFEFF")] : [];
      const put = (b: Burst) => {
        if ("bytes" in b) parts.push(b.bytes, encoder.encode(eol));
        else for (const l of b.lines) parts.push(encoder.encode(l + eol));
      };
      for (let at = 0; at <= base.lines.length; at++) {
        for (const [where, b] of bursts) if (where === at) put(b);
        if (at < base.lines.length) parts.push(encoder.encode(base.lines[at]! + eol));
      }
      const bytes = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
      let offset = 0;
      for (const p of parts) {
        bytes.set(p, offset);
        offset += p.length;
      }
      return { bytes, cuts };
    });

// ------------------------------------------------------------------ on the wire

/**
 * The rug pull as `oatf record` logs it (a wrapped JSON-RPC log): the agent's requests `sent`,
 * the rogue server's answers `received`. Here the server is the attacker: it writes every
 * `received` frame, with any id, method, batch, session or connection it likes.
 */
const RUG_PULL_WIRE: Base = (() => {
  const [rug] = EXAMPLES;
  const lines: string[] = [];
  rug!.lines.forEach((text, i) => {
    const m = JSON.parse(text) as TraceMessage & { content: object };
    const id = i + 1;
    const request = m.direction === "request";
    const call = {
      jsonrpc: "2.0",
      id,
      method: m.operation,
      ...(request ? { params: m.content } : {}),
    };
    // A call of the agent's, then the server's answer (for tools/list, the list it serves).
    const result = request ? { content: [] } : m.content;
    lines.push(
      JSON.stringify({ direction: "sent", message: call }),
      JSON.stringify({ direction: "received", message: { jsonrpc: "2.0", id, result } }),
    );
  });
  return { name: "mcp-rug-pull as JSON-RPC", documents: rug!.documents, lines };
})();

/** A frame the rogue server sends: responses to any id, its own requests, batches. */
const serverMessage = fc.oneof(
  fc.record({
    jsonrpc: fc.constant("2.0"),
    id: fc.constantFrom(1, 2, 5, 6, "1", 99, null, 2 ** 53 + 1, "__proto__"),
    result: fc.constantFrom({}, { tools: [] }, { content: [] }, "x"),
  }),
  fc.record({
    jsonrpc: fc.constant("2.0"),
    id: fc.constantFrom(1, 5, 6, null),
    error: fc.constant({ code: -32603, message: "boom" }),
  }),
  fc.record({
    jsonrpc: fc.constant("2.0"),
    id: fc.constantFrom(1, 5, 6, "s-1"),
    method: fc.constantFrom("sampling/createMessage", "roots/list", "ping", "tools/list"),
    params: fc.constant({}),
  }),
  fc.record({
    jsonrpc: fc.constant("2.0"),
    method: fc.constantFrom("notifications/tools/list_changed", "notifications/message"),
  }),
);
const serverFrame: fc.Arbitrary<string> = fc
  .tuple(serverMessage, fc.constantFrom("one", "batch", "claims"), claimed)
  .map(([message, how, key]) => {
    if (how === "one") return JSON.stringify({ direction: "received", message });
    if (how === "batch")
      return JSON.stringify({
        direction: "received",
        message: [message, { jsonrpc: "2.0", method: "ping" }],
      });
    return JSON.stringify({ direction: "received", session: key, connection: key, message });
  });

/** Server frames and malformed lines, inserted between the exploit's frames. */
const wireTrace = (base: Base) =>
  fc
    .tuple(
      fc.array(
        fc.tuple(
          fc.nat(base.lines.length),
          fc.array(
            fc.oneof({ weight: 4, arbitrary: serverFrame }, { weight: 1, arbitrary: malformed }),
            {
              minLength: 1,
              maxLength: 4,
            },
          ),
        ),
        { maxLength: 6 },
      ),
      fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 5 }),
    )
    .map(([bursts, cuts]) => {
      const out: string[] = [];
      for (let at = 0; at <= base.lines.length; at++) {
        for (const [where, lines] of bursts) if (where === at) out.push(...lines);
        if (at < base.lines.length) out.push(base.lines[at]!);
      }
      return { bytes: new TextEncoder().encode(`${out.join("\n")}\n`), cuts };
    });

/** The AG-UI injection as the agent's event stream (server-sent events, the `ag_ui` format). */
const AG_UI_EVENTS = EXAMPLES[1]!.lines
  .map((l) => JSON.parse(l) as TraceMessage & { content: Record<string, unknown> })
  .filter((m) => m.direction === "response")
  .map((m) => JSON.stringify(m.content));

/**
 * One SSE frame of `data`, cut at `at` (a fraction) over two `data:` lines, or whole. The
 * lines are joined with a line feed (WHATWG), so a server splits its JSON only between
 * tokens, never inside a string (where a raw line feed is not JSON): a cut inside a string
 * would corrupt the exploit's own event, which is no peer's doing.
 */
const sseFrame = (data: string, at: number | undefined, prefix: string) => {
  if (at === undefined) return `${prefix}data: ${data}\n\n`;
  const cuts = cutsBetweenTokens(data);
  const k = cuts[Math.floor(at * cuts.length)] ?? data.length;
  return `${prefix}data: ${data.slice(0, k)}\ndata: ${data.slice(k)}\n\n`;
};

/** The offsets of `json` outside its strings, where a line feed is whitespace. */
function cutsBetweenTokens(json: string): number[] {
  const cuts: number[] = [];
  let inString = false;
  for (let i = 0; i <= json.length; i++) {
    if (!inString) cuts.push(i);
    const c = json[i];
    if (inString && c === "\\") i++;
    else if (c === '"') inString = !inString;
  }
  return cuts;
}
const ssePrefix = fc.constantFrom(
  "",
  ": keep-alive\n",
  "event: message\n",
  "id: 7\n",
  "retry: 10\n",
);
const sseCut = fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: undefined });
const AG_UI_CLEAN = AG_UI_EVENTS.map((e) => sseFrame(e, undefined, "")).join("");

/** The stream with frames split oddly, other events (colliding ids, garbage) between them. */
const agUiStream = fc
  .tuple(
    fc.array(fc.tuple(sseCut, ssePrefix), {
      minLength: AG_UI_EVENTS.length,
      maxLength: AG_UI_EVENTS.length,
    }),
    fc.array(
      fc.tuple(
        fc.nat(AG_UI_EVENTS.length),
        fc.oneof(
          agUiCollision.map((l) => JSON.stringify((JSON.parse(l) as { content: unknown }).content)),
          fc.constantFrom(
            '{"type":"Not An Event"}',
            "{",
            "null",
            '{"type":"RAW","event":{"__proto__":{}}}',
          ),
        ),
        sseCut,
        ssePrefix,
      ),
      { maxLength: 5 },
    ),
    fc.constantFrom("\n", "\r\n", "\r"),
    fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 6 }),
  )
  .map(([frames, inserted, eol, cuts]) => {
    let text = "";
    for (let at = 0; at <= AG_UI_EVENTS.length; at++) {
      for (const [where, data, cut, prefix] of inserted)
        if (where === at) text += sseFrame(data, cut, prefix);
      if (at < AG_UI_EVENTS.length)
        text += sseFrame(AG_UI_EVENTS[at]!, frames[at]![0], frames[at]![1]);
    }
    return { bytes: new TextEncoder().encode(text.replaceAll("\n", eol)), cuts };
  });

// ------------------------------------------------------------------ the property

/** Bytes cut at the given fractions, as a stream may deliver them. */
function chunks(bytes: Uint8Array, at: number[]): Uint8Array[] {
  const points = [...new Set(at.map((f) => Math.floor(f * bytes.length)))].sort((a, b) => a - b);
  return [...points, bytes.length].map((end, i, all) => bytes.slice(i === 0 ? 0 : all[i - 1], end));
}

async function read(bytes: Uint8Array, cuts: number[], documents: Document[]) {
  const records: TraceRecord[] = [];
  // A small line limit, so huge peer lines also take the too-long path (the exploit's are short).
  for await (const r of readTrace(chunks(bytes, cuts), { documents, maxLineLength: 64 * 1024 }))
    records.push(r);
  return records;
}

const messagesOf = (records: readonly TraceRecord[]) =>
  records.flatMap((r) => (r.kind === "message" ? [r.message] : []));

/** Why an indicator that matched may not have: what the output says. */
function saysWhy(verdict: TraceVerdict, id: string, records: readonly TraceRecord[]): boolean {
  const indicator = verdict.indicator_verdicts.find((v) => v.indicator_id === id);
  const coverage = verdict.coverage.find((c) => c.indicator_id === id);
  return (
    verdict.result === "error" ||
    indicator?.result === "error" ||
    indicator?.result === "skipped" ||
    coverage?.warning !== undefined ||
    records.some(
      (r) =>
        r.kind === "diagnostic" &&
        (ruleInfo(r.diagnostic.rule)?.stops === true ||
          ruleInfo(r.diagnostic.rule)?.unattributed === true),
    )
  );
}

const matchedIn = (verdict: TraceVerdict) =>
  verdict.indicator_verdicts.filter((v) => v.result === "matched").map((v) => v.indicator_id);

/** Each document's verdict over the records, from the trace evaluator and from the monitor. */
function verdictsOf(documents: Document[], records: readonly TraceRecord[]) {
  const evaluator = createTraceEvaluator(documents);
  const monitor = createMonitor(documents);
  for (const r of records)
    if (r.kind === "message") {
      evaluator.push(r.message);
      monitor.push(r.message);
    }
  return [evaluator.verdicts(), monitor.verdicts()];
}

/** The base's verdicts without a peer; it is what it claims: something matched. */
function cleanVerdicts(base: Base): TraceVerdict[] {
  const records = readTraceText(base.lines.join("\n"), { documents: base.documents });
  const clean = base.documents.map((d) => evaluateTrace(d, messagesOf(records)));
  expect(clean.some((v) => v.result === "exploited" || v.result === "partial")).toBe(true);
  return clean;
}

/** Every indicator that matched in `clean` matched in `after`, or the output says why. */
function keeps(base: Base, clean: TraceVerdict[], after: TraceVerdict[], records: TraceRecord[]) {
  clean.forEach((before, d) => {
    for (const id of matchedIn(before)) {
      const kept = matchedIn(after[d]!).includes(id) || saysWhy(after[d]!, id, records);
      if (!kept) throw new Error(`${base.name}: ${id} silently not matched (${after[d]!.result})`);
    }
  });
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
}

async function holds(base: Base, bytes: Uint8Array, cuts: number[]) {
  const clean = cleanVerdicts(base);
  const records = await read(bytes, cuts, base.documents);
  for (const verdicts of verdictsOf(base.documents, records)) keeps(base, clean, verdicts, records);
}

/**
 * The monitor's bounds and clocks under a peer's sessions and timestamps: the exploit's
 * messages in one session, the peer's in many (past `maxSessions`) or in the same one, with
 * times far ahead, far behind or unreadable (moving the clock that ends sessions `idle` and
 * starts `window`s). An ended session's matches join its run's: none may be lost.
 */
const monitorTrace = (base: Base) =>
  fc.tuple(
    fc.array(
      fc.tuple(
        fc.nat(base.lines.length),
        fc.constantFrom("victim", "p1", "p2", "p3", "p4", "p5", undefined),
        fc.constantFrom(
          "2026-03-01T10:00:00Z",
          "2099-01-01T00:00:00Z",
          "1970-01-01T00:00:00Z",
          "not a time",
          "+275760-09-13T00:00:00Z",
          undefined,
        ),
        fc.constantFrom(...base.lines),
      ),
      { maxLength: 12 },
    ),
    fc.record({
      maxSessions: fc.constantFrom(1, 2, 4),
      idleMs: fc.constantFrom(1, 1_000, undefined),
      windowMs: fc.constantFrom(1, 60_000, undefined),
      alerts: fc.constantFrom("every", "first" as const),
    }),
  );

type PeerTrace = ReturnType<typeof monitorTrace> extends fc.Arbitrary<infer T> ? T : never;

function monitorHolds(base: Base, [peers, options]: PeerTrace) {
  const clean = cleanVerdicts(base);
  const exploit = messagesOf(readTraceText(base.lines.join("\n"), { documents: base.documents }));
  const messages: TraceMessage[] = [];
  for (let at = 0; at <= exploit.length; at++) {
    for (const [where, session, timestamp, line] of peers)
      if (where === at)
        messages.push({ ...(JSON.parse(line) as TraceMessage), content: {}, session, timestamp });
    if (at < exploit.length) messages.push({ ...exploit[at]!, session: "victim" });
  }
  const defined = Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined));
  const monitor = createMonitor(base.documents, defined);
  for (const m of messages) monitor.push(m);
  keeps(base, clean, monitor.verdicts(), []);
}

describe("a peer never turns an exploited trace into a silent not_exploited", () => {
  it("the bases are exploited: examples, upstream fixtures and scenarios", () => {
    expect(FIXTURES.length).toBeGreaterThan(15);
    expect(SCENARIOS.length).toBe(11);
    for (const base of [...EXAMPLES, ...FIXTURES]) {
      const messages = readTraceText(base.lines.join("\n")).flatMap((r) =>
        r.kind === "message" ? [r.message] : [],
      );
      const [verdict] = base.documents.map((d) => evaluateTrace(d, messages));
      expect([base.name, verdict!.result]).toEqual([
        base.name,
        base.name === "cross-protocol-chain" ? "partial" : "exploited",
      ]);
    }
  });

  it.each(EXAMPLES.map((b) => [b.name, b] as const))(
    "the example %s (property)",
    async (_, base) => {
      await fc.assert(
        fc.asyncProperty(hostileTrace(base), ({ bytes, cuts }) => holds(base, bytes, cuts)),
        { numRuns: RUNS },
      );
    },
  );

  it("the rug pull on the wire, the rogue server sending any frame (property)", async () => {
    await fc.assert(
      fc.asyncProperty(wireTrace(RUG_PULL_WIRE), ({ bytes, cuts }) =>
        holds(RUG_PULL_WIRE, bytes, cuts),
      ),
      { numRuns: RUNS * 2 },
    );
  });

  it("the AG-UI injection as an event stream, frames split oddly, events colliding (property)", async () => {
    const base: Base = { ...EXAMPLES[1]!, name: "ag-ui-injection as SSE", lines: [AG_UI_CLEAN] };
    await fc.assert(
      fc.asyncProperty(agUiStream, ({ bytes, cuts }) => holds(base, bytes, cuts)),
      { numRuns: RUNS * 2 },
    );
  });

  it("an event stream with CR line ends (WHATWG: CR, LF or CRLF) is read as its events", () => {
    // Found by the property above: the trace, cut at LF only, was one line of nothing (no
    // message, no diagnostic), so its verdict was `error` where it is exploited.
    for (const eol of ["\n", "\r\n", "\r"]) {
      const text = `: ping${eol}${AG_UI_CLEAN.replaceAll("\n", eol)}`;
      for (const format of [undefined, "ag_ui"] as const) {
        const records = readTraceText(text, format === undefined ? {} : { format });
        expect(records.filter((r) => r.kind === "diagnostic")).toEqual([]);
        const verdict = evaluateTrace(EXAMPLES[1]!.documents[0]!, messagesOf(records));
        expect([eol, format, verdict.result]).toEqual([eol, format, "exploited"]);
      }
    }
  });

  it("the monitor: a peer's sessions and timestamps past its bounds and clocks lose no match (property)", () => {
    fc.assert(
      fc.property(
        fc
          .constantFrom(...EXAMPLES, ...FIXTURES)
          .chain((base) => monitorTrace(base).map((t) => ({ base, t }))),
        ({ base, t }) => monitorHolds(base, t),
      ),
      { numRuns: RUNS * 3 },
    );
  });

  it("the upstream fixtures whose indicator matched (property)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc
          .constantFrom(...FIXTURES)
          .chain((base) => hostileTrace(base).map((t) => ({ base, ...t }))),
        ({ base, bytes, cuts }) => holds(base, bytes, cuts),
      ),
      { numRuns: RUNS * 2 },
    );
  });

  it("the benchmark scenarios, one indicator's target given a value its regex matches (property)", async () => {
    await fc.assert(
      fc.asyncProperty(
        scenarioBase.chain((base) => hostileTrace(base).map((t) => ({ base, ...t }))),
        ({ base, bytes, cuts }) => holds(base, bytes, cuts),
      ),
      { numRuns: RUNS * 2 },
    );
  });
});

describe("oatf evaluate on hostile traces never exits 0", () => {
  beforeAll(() => setup(), 600_000);
  const dir = mkdtempSync(join(tmpdir(), "oatf-hostile-"));
  // A few traces drawn once (fixed seeds): spawning the CLI is too slow for a property's runs.
  const traces = [
    ...fc.sample(hostileTrace(EXAMPLES[0]!), { seed: 7, numRuns: 3 }),
    ...fc.sample(wireTrace(RUG_PULL_WIRE), { seed: 7, numRuns: 2 }),
  ];
  const canonical = (out: string) =>
    JSON.parse(out, (key, value) => (key === "timestamp" || key === "source" ? undefined : value));

  it.each(traces.map((t, i) => [i, t] as const))(
    "trace %i: --jobs 1 from a file, --jobs 2 from stdin",
    (i, { bytes }) => {
      const path = join(dir, `hostile-${i}.trace`);
      writeFileSync(path, bytes);
      const run = (trace: string, jobs: number, input?: Uint8Array) =>
        spawnSync(
          process.execPath,
          [
            CLI,
            "evaluate",
            "examples/mcp-rug-pull.yaml",
            "--trace",
            trace,
            "--jobs",
            String(jobs),
            "--format",
            "json",
          ],
          { cwd: REPO, input, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 },
        );
      const file = run(path, 1);
      const stdin = run("-", 2, bytes);
      // 1: exploited; 3: the trace could not be read whole or a verdict is error. Never 0.
      expect([1, 3]).toContain(file.status);
      expect(stdin.status).toBe(file.status);
      expect(canonical(stdin.stdout)).toEqual(canonical(file.stdout));
    },
  );
});
