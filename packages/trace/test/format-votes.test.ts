// Format detection that one line cannot steer: the format is the one most of the first lines
// show, so a peer that writes a whole line of a recording (a stdio server in a bare JSON-RPC
// capture) and puts another format's line first no longer has every real line read as that
// format, unjudged; the line that disagrees is said (T-FORMAT-MIXED). Decided as soon as the
// rest of the first lines cannot change it, identically under any chunking.
import { createTraceEvaluator } from "@oatf/evaluate";
import { boundedJson } from "@oatf/evaluate/internal";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DETECTION_LINES,
  readTrace,
  readTraceText,
  TraceDecoder,
  type TraceRecord,
} from "../src/index.js";
import { cutBytes } from "./cut-bytes.js";
import { leakDocument } from "./leak-document.js";

const RUNS = Number(process.env.OATF_FUZZ_RUNS ?? 100);
const LEAK = leakDocument("VOTE-1");

const rpc = (message: object) => JSON.stringify({ jsonrpc: "2.0", ...message });
const oatfLine = (operation: string) =>
  JSON.stringify({ protocol: "mcp", direction: "request", operation, content: {} });
const agUi = '{"type":"RUN_STARTED","threadId":"t","runId":"r"}';
const thoughtJack = JSON.stringify({
  seq: 0,
  actor: "default",
  direction: "Incoming",
  method: "tools/call",
  content: { name: "x" },
});

/** Lines a peer may put in front: each shows a format other than JSON-RPC. */
const HOSTILE = {
  ag_ui: agUi,
  ag_ui_sse: `data: ${agUi}`,
  thoughtjack: thoughtJack,
  oatf: oatfLine("tools/call"),
};

/** An MCP session whose tools/call answer leaks a private key: five JSON-RPC lines. */
const SESSION = [
  rpc({ id: 0, method: "initialize", params: {} }),
  rpc({ id: 0, result: { protocolVersion: "2025-11-25" } }),
  rpc({ method: "notifications/initialized" }),
  rpc({ id: 1, method: "tools/call", params: { name: "read_file" } }),
  rpc({ id: 1, result: { content: [{ type: "text", text: "-----BEGIN PRIVATE KEY-----" }] } }),
];

const messages = (records: TraceRecord[]) =>
  records.flatMap((r) => (r.kind === "message" ? [r.message] : []));
const said = (records: TraceRecord[]) =>
  records.flatMap((r) =>
    r.kind === "diagnostic" ? [[r.diagnostic.rule, r.diagnostic.range?.start.line]] : [],
  );

function verdict(records: TraceRecord[]) {
  const evaluator = createTraceEvaluator([LEAK]);
  for (const message of messages(records)) evaluator.push(message);
  return evaluator.verdicts()[0]!.result;
}

describe("format detection by the first lines' votes", () => {
  it.each(Object.entries(HOSTILE))(
    "a hostile first line (%s) does not decide: the exploit is read and judged",
    (kind, hostile) => {
      const records = readTraceText([hostile, ...SESSION].join("\n"), { documents: [LEAK] });
      expect(verdict(records)).toBe("exploited");
      expect(messages(records).filter((m) => m.protocol === "mcp").length).toBeGreaterThan(4);
      // The line is said where it is, before what the JSON-RPC reader makes of it; an OATF
      // line is a synthetic line of a JSON-RPC log (read, not contested).
      const first = said(records)[0];
      if (kind === "oatf") expect(said(records)).toEqual([]);
      else expect(first).toEqual(["T-FORMAT-MIXED", 1]);
    },
  );

  it("a hostile first line that opens a HAR leaves the rest unread, as an error", () => {
    // A HAR is told by its opening, before any line: what follows it is not read, and says so
    // as an error (it was a warning: a harmless entry first then gave a silent not_exploited).
    const harmless = {
      request: {
        method: "POST",
        url: "http://h/mcp",
        headers: [],
        postData: { mimeType: "application/json", text: SESSION[3] },
      },
      response: {
        status: 200,
        headers: [],
        content: {
          mimeType: "application/json",
          text: rpc({ id: 1, result: { content: [{ type: "text", text: "fine" }] } }),
        },
      },
    };
    const text = [JSON.stringify({ log: { entries: [harmless] } }), ...SESSION].join("\n");
    const records = readTraceText(text, { documents: [LEAK] });
    expect(verdict(records)).toBe("not_exploited");
    expect(records).toContainEqual({
      kind: "diagnostic",
      diagnostic: expect.objectContaining({ severity: "error", code: "T-HAR-TRAILING" }),
    });
  });

  it("a JSON-RPC line injected in the SDK's own JSON Lines does not turn it into a log", () => {
    const lines = [oatfLine("a"), rpc({ id: 9, method: "x" }), oatfLine("b"), oatfLine("c")];
    const records = readTraceText(lines.join("\n"));
    expect(messages(records).map((m) => m.operation)).toEqual(["a", "b", "c"]);
    expect(said(records)).toEqual([
      ["T-FORMAT-MIXED", 2],
      ["T-SHAPE", 2],
    ]);
    const mixed = records.find((r) => r.kind === "diagnostic")!;
    expect(mixed).toMatchObject({
      diagnostic: {
        severity: "warning",
        code: "T-FORMAT-MIXED",
        message: "a line of format jsonrpc in a trace read as oatf",
      },
    });
  });

  it("breaks ties by the format shown first, the SDK's own shape losing every tie", () => {
    const format = (lines: string[]) => {
      const decoder = new TraceDecoder();
      const out: TraceRecord[] = [];
      for (const [i, text] of lines.entries()) decoder.line({ line: i + 1, text }, out);
      decoder.end(out);
      return decoder.format;
    };
    const call = rpc({ id: 1, method: "tools/call" });
    expect(format([agUi, call])).toBe("ag_ui");
    expect(format([call, agUi])).toBe("jsonrpc");
    expect(format([oatfLine("a"), call])).toBe("jsonrpc");
    expect(format([call, oatfLine("a")])).toBe("jsonrpc");
    expect(format([oatfLine("a"), agUi])).toBe("ag_ui");
    expect(format([agUi, call, call])).toBe("jsonrpc");
    // A one-line trace is still read.
    expect(messages(readTraceText(call)).map((m) => m.operation)).toEqual(["tools/call"]);
  });

  it("decides as soon as more than half of the first lines show one format (live use)", () => {
    const firstRecordAfter = (lines: string[]) => {
      const decoder = new TraceDecoder();
      const out: TraceRecord[] = [];
      for (const [i, text] of lines.entries()) {
        decoder.line({ line: i + 1, text }, out);
        if (out.length > 0) return i + 1;
      }
      return undefined;
    };
    const majority = DETECTION_LINES / 2 + 1;
    const calls = Array.from({ length: DETECTION_LINES }, (_, i) => rpc({ id: i, method: "x" }));
    expect(firstRecordAfter(calls)).toBe(majority);
    const own = Array.from({ length: DETECTION_LINES }, (_, i) => oatfLine(`o${i}`));
    expect(firstRecordAfter(own)).toBe(majority);
    // An MCP SSE capture: `event:` lines take their place among the first lines, and an event
    // votes when it ends; the 8th non-blank line (the 11th) decides.
    const sse = SESSION.flatMap((line) => ["event: message", `data: ${line}`, ""]);
    expect(firstRecordAfter(sse)).toBe(11);
    // A contested start waits for the lines that settle it, never past DETECTION_LINES.
    expect(firstRecordAfter([agUi, ...calls])).toBe(majority + 1);
    expect(firstRecordAfter([agUi, thoughtJack, ...Array(6).fill("{}"), ...calls])).toBe(
      DETECTION_LINES,
    );
  });
});

// ---------------------------------------------------------------- property

async function collect(source: Iterable<string | Uint8Array>): Promise<TraceRecord[]> {
  const out: TraceRecord[] = [];
  for await (const r of readTrace(source, { documents: [LEAK] })) out.push(r);
  return out;
}
const textOf = (records: TraceRecord[]) => boundedJson(records, { maxLength: 2 ** 24 }).text;

/**
 * The session with hostile lines put in front of it and between its first lines: fewer of
 * them among the first DETECTION_LINES lines than the session's own.
 */
const contested = fc
  .tuple(
    fc.array(fc.constantFrom(...Object.values(HOSTILE)), { minLength: 1, maxLength: 2 }),
    fc.array(fc.nat({ max: 3 }), { minLength: 2, maxLength: 2 }),
    fc.constantFrom("\n", "\r\n", "\r"),
  )
  .map(([hostile, at, eol]) => {
    const lines = [...SESSION];
    // The first hostile line first; the rest among the session's first lines.
    for (const [i, line] of hostile.entries()) lines.splice(i === 0 ? 0 : at[i]! + 1, 0, line);
    return new TextEncoder().encode(lines.join(eol));
  });

describe("a hostile minority of the first lines, under any chunking (property)", () => {
  it("the exploit is judged, each hostile line said, the same however the bytes are cut", async () => {
    await fc.assert(
      fc.asyncProperty(
        contested,
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 8 }),
        async (bytes, at) => {
          const whole = await collect([bytes]);
          expect(verdict(whole)).toBe("exploited");
          expect(textOf(await collect(cutBytes(bytes, at)))).toBe(textOf(whole));
          expect(textOf(await collect(Array.from(bytes, (b) => Uint8Array.of(b))))).toBe(
            textOf(whole),
          );
          expect(
            textOf(readTraceText(new TextDecoder().decode(bytes), { documents: [LEAK] })),
          ).toBe(textOf(whole));
        },
      ),
      { numRuns: RUNS },
    );
  });
});
