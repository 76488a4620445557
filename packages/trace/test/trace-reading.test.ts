// Reading traces (issue 14 §1): format detection, the SDK's own JSONL shape, line splitting
// of text and byte chunks from any source, and stopping at a fatal problem.

import { lineRange } from "@oatf/model/internal";
import { describe, expect, it } from "vitest";
import {
  DETECTION_LINES,
  formatOfLine,
  readTrace,
  readTraceText,
  TraceDecoder,
  type TraceRecord,
} from "../src/index.js";
import { LineSplitter } from "../src/lines.js";

const messages = (records: TraceRecord[]) =>
  records.flatMap((r) => (r.kind === "message" ? [r.message] : []));
const diagnostics = (records: TraceRecord[]) =>
  records.flatMap((r) => (r.kind === "diagnostic" ? [r.diagnostic] : []));
const oatfLine = (operation: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ protocol: "mcp", direction: "request", operation, content: {}, ...extra });
const rpcLine = (id: number, method: string) => JSON.stringify({ jsonrpc: "2.0", id, method });

async function collect(source: Parameters<typeof readTrace>[0], options = {}) {
  const out: TraceRecord[] = [];
  for await (const record of readTrace(source, options)) out.push(record);
  return out;
}

describe("formatOfLine", () => {
  it("tells JSON-RPC from bare messages, batches and wrapped messages", () => {
    expect(formatOfLine(rpcLine(1, "x"))).toBe("jsonrpc");
    expect(formatOfLine(`[1, ${rpcLine(1, "x")}]`)).toBe("jsonrpc");
    expect(formatOfLine('[{"jsonrpc":"1.0"}, 2]')).toBeUndefined();
    expect(formatOfLine("[]")).toBeUndefined();
    expect(formatOfLine(`{"message":${rpcLine(1, "x")}}`)).toBe("jsonrpc");
    expect(formatOfLine('{"message":{"jsonrpc":"1.0"}}')).toBeUndefined();
    expect(formatOfLine('{"direction":"send","message":[]}')).toBe("jsonrpc");
  });

  it("tells the SDK's own shape only with string protocol and operation and a direction", () => {
    expect(formatOfLine(oatfLine("x"))).toBe("oatf");
    expect(formatOfLine(oatfLine("x", { direction: "response" }))).toBe("oatf");
    expect(formatOfLine(oatfLine("x", { direction: "sideways" }))).toBeUndefined();
    expect(formatOfLine(oatfLine("x", { protocol: 1 }))).toBeUndefined();
    expect(formatOfLine(JSON.stringify({ protocol: "mcp", direction: "request" }))).toBeUndefined();
  });

  it("tells AG-UI events and RunAgentInput bodies by their fields", () => {
    expect(formatOfLine('{"type":"RUN_STARTED"}')).toBe("ag_ui");
    expect(formatOfLine('{"type":"run_started"}')).toBeUndefined();
    expect(formatOfLine('{"type":3,"threadId":"t","runId":"r"}')).toBe("ag_ui");
    expect(formatOfLine('{"threadId":"t","runId":"r"}')).toBe("ag_ui");
    expect(formatOfLine('{"threadId":"t"}')).toBeUndefined();
    expect(formatOfLine('{"runId":"r"}')).toBeUndefined();
    expect(formatOfLine('data: {"threadId":"t","runId":"r"}')).toBe("ag_ui");
    expect(formatOfLine('data:{"jsonrpc":"2.0","id":1,"result":{}}')).toBe("jsonrpc");
    // SSE shows a format only by its data: neither an empty event nor a comment tells one.
    expect(formatOfLine("data: {}")).toBeUndefined();
    expect(formatOfLine(": comment")).toBeUndefined();
    // Only JSON-RPC and AG-UI travel as SSE: an OATF-shaped data line shows nothing.
    expect(
      formatOfLine('data: {"protocol":"mcp","direction":"request","operation":"x","content":{}}'),
    ).toBeUndefined();
  });

  it("tells nothing from scalars, null and text", () => {
    for (const text of ["null", "3", '"text"', "true", "not json", "{}"])
      expect(formatOfLine(text)).toBeUndefined();
  });
});

describe("format detection", () => {
  const unknown = (n: number) => Array.from({ length: n }, (_, i) => `{"n":${i}}`);

  it("gives up after DETECTION_LINES non-blank lines, naming the first and the candidates", () => {
    const records = readTraceText(["", ...unknown(DETECTION_LINES), rpcLine(1, "x")].join("\n"));
    expect(records).toEqual([
      {
        kind: "diagnostic",
        diagnostic: {
          severity: "error",
          rule: "T-FORMAT",
          code: "T-FORMAT",
          spec_ref: "SDK §4.1",
          range: lineRange(2),
          message:
            'cannot tell the trace format from its first lines; it is none of: oatf ({protocol, direction, operation, content}), jsonrpc (JSON-RPC 2.0, bare or wrapped), ag_ui (events with a \'type\', SSE or JSON), thoughtjack ({seq, actor, direction: Incoming|Outgoing, method, content}), har ({"log": {"entries": [...]}}). Name it with the format option (--trace-format)',
        },
      },
    ]);
  });

  it("still detects a format on the last line it looks at", () => {
    const records = readTraceText([...unknown(DETECTION_LINES - 1), rpcLine(1, "x")].join("\n"));
    expect(messages(records).map((m) => m.operation)).toEqual(["x"]);
    expect(diagnostics(records)).toHaveLength(DETECTION_LINES - 1);
  });

  it("reports an undetected short trace at its end, naming its first non-blank line", () => {
    const long = "x".repeat(20);
    const records = readTraceText([long, "  ", '{"a":1}'].join("\n"), { maxLineLength: 10 });
    // Issue 23 finding 6: the line dropped for its length is reported too.
    expect(diagnostics(records).map((d) => [d.severity, d.rule, d.range?.start.line])).toEqual([
      ["error", "T-LINE-TOO-LONG", 1],
      ["error", "T-FORMAT", 3],
    ]);
  });

  it("reads a trace of blank lines as nothing", () => {
    expect(readTraceText("\n  \n\n")).toEqual([]);
  });

  it("falls back to the SDK's shape when only it shows, in short and long traces", () => {
    const short = readTraceText([oatfLine("a"), '{"n":1}'].join("\n"));
    expect(messages(short).map((m) => [m.line, m.operation])).toEqual([[1, "a"]]);
    expect(diagnostics(short).map((d) => [d.range?.start.line, d.rule])).toEqual([[2, "T-SHAPE"]]);
    const long = readTraceText(
      [oatfLine("a"), ...unknown(DETECTION_LINES), oatfLine("b")].join("\n"),
    );
    expect(messages(long).map((m) => [m.line, m.operation])).toEqual([
      [1, "a"],
      [DETECTION_LINES + 2, "b"],
    ]);
    expect(diagnostics(long).every((d) => d.rule === "T-SHAPE" && d.severity === "error")).toBe(
      true,
    );
  });

  it("prefers another format shown in the first lines over the SDK's shape", () => {
    const records = readTraceText([oatfLine("card"), rpcLine(1, "tools/list")].join("\n"));
    expect(messages(records).map((m) => m.operation)).toEqual(["card", "tools/list"]);
  });

  it("uses the format option instead of detecting", () => {
    const decoder = new TraceDecoder({ format: "ag_ui" });
    expect(decoder.format).toBe("ag_ui");
    const out: TraceRecord[] = [];
    decoder.line({ line: 1, text: rpcLine(1, "x") }, out);
    expect(diagnostics(out).map((d) => d.rule)).toEqual(["T-SHAPE"]);
    expect(new TraceDecoder().format).toBeUndefined();
  });

  it("passes the protocol option to the JSON-RPC reader", () => {
    const records = readTraceText(rpcLine(1, "custom/x"), { protocol: "a2a" });
    expect(messages(records)[0]!.protocol).toBe("a2a");
  });

  it("skips blank lines outside AG-UI", () => {
    const records = readTraceText([rpcLine(1, "x"), "", "   ", rpcLine(2, "y")].join("\n"));
    expect(records.map((r) => r.kind)).toEqual(["message", "message"]);
  });

  it("reports a line over the limit with the limit, default or given", () => {
    const decoder = new TraceDecoder({ format: "jsonrpc" });
    const out: TraceRecord[] = [];
    decoder.line({ line: 4, text: "", tooLong: true }, out);
    expect(diagnostics(out)).toEqual([
      {
        severity: "error",
        rule: "T-LINE-TOO-LONG",
        code: "T-LINE-TOO-LONG",
        spec_ref: "format §12.1",
        range: lineRange(4),
        message: `line longer than ${16 * 1024 * 1024} characters: not read`,
      },
    ]);
    const given = readTraceText(`${rpcLine(1, "x")}\n${"y".repeat(50)}`, { maxLineLength: 40 });
    expect(diagnostics(given).map((d) => d.message)).toEqual([
      "line longer than 40 characters: not read",
    ]);
  });

  it("reads nothing more once stopped", () => {
    const decoder = new TraceDecoder();
    const out: TraceRecord[] = [];
    for (const [i, text] of unknown(DETECTION_LINES).entries())
      decoder.line({ line: i + 1, text }, out);
    expect(decoder.stopped).toBe(true);
    out.length = 0;
    decoder.line({ line: 9, text: rpcLine(1, "x") }, out);
    decoder.end(out);
    expect(out).toEqual([]);
  });
});

describe("readTrace", () => {
  it("stops pulling the source at a fatal problem", async () => {
    let pulled = 0;
    function* chunks() {
      for (let i = 0; i < 20; i++) {
        pulled++;
        yield `{"n":${i}}\n`;
      }
    }
    const records = await collect(chunks());
    expect(diagnostics(records).map((d) => d.rule)).toEqual(["T-FORMAT"]);
    expect(pulled).toBe(DETECTION_LINES);
  });

  it("yields records as lines arrive, before the source ends", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The format is told once more than half of DETECTION_LINES lines show it; from then on
    // each line is read as it comes.
    const first = DETECTION_LINES / 2 + 1;
    async function* chunks() {
      for (let i = 0; i < first; i++) yield `${rpcLine(i, `x${i}`)}\n`;
      await gate;
      yield `${rpcLine(first, "y")}\n`;
      await new Promise<void>(() => {}); // a live source: it never ends
    }
    const reading = readTrace(chunks());
    const read: TraceRecord[] = [];
    for (let i = 0; i < first; i++) read.push((await reading.next()).value!);
    expect(messages(read).map((m) => m.operation)).toEqual(["x0", "x1", "x2", "x3", "x4"]);
    release();
    expect((await reading.next()).value).toMatchObject({ message: { operation: "y" } });
  });

  it("reads a stream that only has getReader, releasing its lock", async () => {
    const chunks = [`${rpcLine(1, "x")}\n`, new TextEncoder().encode(rpcLine(2, "y"))];
    let released = false;
    const stream = {
      getReader: () => ({
        read: async () =>
          chunks.length > 0 ? { done: false, value: chunks.shift() } : { done: true },
        releaseLock: () => {
          released = true;
        },
      }),
    } as unknown as ReadableStream<string | Uint8Array>;
    const records = await collect(stream);
    expect(messages(records).map((m) => m.operation)).toEqual(["x", "y"]);
    expect(released).toBe(true);
  });

  it("serves next() calls made before earlier ones settle in order, and ends once", async () => {
    const lines = Array.from({ length: 600 }, (_, i) => rpcLine(i, `m${i}`));
    const text = lines.join("\n");
    const reading = readTrace(
      (async function* () {
        for (const line of lines) yield `${line}\n`;
      })(),
    );
    const results = await Promise.all(Array.from({ length: 603 }, () => reading.next()));
    expect(results.slice(0, 600).map((r) => (r.done ? "done" : r.value.kind))).toEqual(
      Array(600).fill("message"),
    );
    expect(results.slice(600).every((r) => r.done)).toBe(true);
    expect(messages(results.flatMap((r) => (r.done ? [] : [r.value])))).toEqual(
      messages(readTraceText(text)),
    );
  });

  it("releases a stream's lock when the reader stops early", async () => {
    let released = false;
    let reads = 0;
    const stream = {
      getReader: () => ({
        read: async () => {
          reads++;
          return { done: false, value: `${rpcLine(reads, "x")}\n` };
        },
        releaseLock: () => {
          released = true;
        },
      }),
    } as unknown as ReadableStream<string | Uint8Array>;
    const reading = readTrace(stream);
    for await (const record of reading) {
      expect(record.kind).toBe("message");
      break; // calls return()
    }
    expect(released).toBe(true);
    expect(await reading.next()).toEqual({ value: undefined, done: true });
  });

  it("decodes UTF-8 characters split across byte chunks", async () => {
    const bytes = new TextEncoder().encode(
      `${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "é€😀" })}\n`,
    );
    const chunks = Array.from(bytes, (b) => Uint8Array.of(b));
    const records = await collect(chunks);
    expect(messages(records).map((m) => m.operation)).toEqual(["é€😀"]);
  });
});

describe("the SDK's own JSONL shape", () => {
  it("reads each line as a message with its line, and reports bad lines", () => {
    const records = readTraceText(
      [oatfLine("a", { actor: "x" }), "{", oatfLine("b", { actor: 3 })].join("\n"),
      { format: "oatf" },
    );
    expect(records).toEqual([
      {
        kind: "message",
        message: {
          protocol: "mcp",
          direction: "request",
          operation: "a",
          content: {},
          actor: "x",
          line: 1,
        },
      },
      {
        kind: "diagnostic",
        diagnostic: {
          severity: "error",
          rule: "T-JSON",
          code: "T-JSON",
          spec_ref: "SDK §4.1",
          range: lineRange(2),
          message: expect.stringMatching(/^not JSON \(.+\)$/),
        },
      },
      {
        kind: "diagnostic",
        diagnostic: {
          severity: "error",
          rule: "T-SHAPE",
          code: "T-SHAPE",
          spec_ref: "SDK §4.1",
          range: lineRange(3),
          message: "'actor' must be a string",
        },
      },
    ]);
  });

  it("gives a line its source line over its own, and keeps a __proto__ key as data", () => {
    const text = `{"protocol":"mcp","direction":"request","operation":"a","line":99,"content":{},"__proto__":{"polluted":true}}`;
    const [message] = messages(readTraceText(`\n${text}`, { format: "oatf" }));
    expect(message!.line).toBe(2);
    expect(Object.keys(message!)).toEqual([
      "protocol",
      "direction",
      "operation",
      "line",
      "content",
      "__proto__",
    ]);
    expect(Object.getPrototypeOf(message)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe("timestamps", () => {
  const at = (timestamp: unknown) =>
    messages(
      readTraceText(JSON.stringify({ type: "RUN_STARTED", timestamp }), { format: "ag_ui" }),
    )[0]!.timestamp;

  it("keeps strings and turns epoch milliseconds into ISO 8601", () => {
    expect(at("2026-01-01T00:00:00Z")).toBe("2026-01-01T00:00:00Z");
    expect(at(0)).toBe("1970-01-01T00:00:00.000Z");
    expect(at(1000)).toBe("1970-01-01T00:00:01.000Z");
  });

  it("drops anything that is not a valid time", () => {
    for (const value of [true, null, {}, 1e20]) expect(at(value)).toBeUndefined();
  });
});

describe("LineSplitter", () => {
  it("cuts at CR, LF and CRLF by default, and keeps a last unterminated line", () => {
    const splitter = new LineSplitter();
    expect(splitter.push("a\r\nb")).toEqual([{ line: 1, text: "a" }]);
    expect(splitter.push("c\r\r\n\rd\r")).toEqual([
      { line: 2, text: "bc" },
      { line: 3, text: "" },
      { line: 4, text: "" },
      { line: 5, text: "d" },
    ]);
    // The LF of a CRLF split across chunks (an empty chunk between) ends no other line.
    expect(splitter.push("")).toEqual([]);
    expect(splitter.push("\ne\rf")).toEqual([{ line: 6, text: "e" }]);
    expect(splitter.end()).toEqual([{ line: 7, text: "f" }]);
  });

  it("cuts at line feeds only when told (lf), dropping a CR before them", () => {
    const splitter = new LineSplitter(undefined, { ends: "lf" });
    expect(splitter.push("a\r\nb")).toEqual([{ line: 1, text: "a" }]);
    expect(splitter.push("c\r\r\n\rd\n")).toEqual([
      { line: 2, text: "bc\r" },
      { line: 3, text: "\rd" },
    ]);
    expect(splitter.end()).toEqual([]);
    splitter.push("e");
    expect(splitter.end()).toEqual([{ line: 4, text: "e" }]);
  });

  it("drops a byte-order mark only at the very start", () => {
    const splitter = new LineSplitter();
    expect(splitter.push("")).toEqual([]);
    expect(splitter.push("\uFEFFa\n")).toEqual([{ line: 1, text: "a" }]);
    expect(splitter.push("\uFEFFb\n")).toEqual([{ line: 2, text: "\uFEFFb" }]);
    const later = new LineSplitter();
    later.push("x");
    expect(later.push("\uFEFFy\n")).toEqual([{ line: 1, text: "x\uFEFFy" }]);
  });

  it("marks lines over the limit without their text, counting each line on its own", () => {
    const splitter = new LineSplitter(5);
    expect(splitter.push("abcdef\nxy\n12345\n123")).toEqual([
      { line: 1, text: "", tooLong: true },
      { line: 2, text: "xy" },
      { line: 3, text: "12345" },
    ]);
    expect(splitter.push("456")).toEqual([]);
    expect(splitter.end()).toEqual([{ line: 4, text: "", tooLong: true }]);
  });
});
