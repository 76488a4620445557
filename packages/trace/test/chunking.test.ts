// The same bytes give the same records however they are cut into chunks: cuts inside a
// UTF-8 character, between a CR and its LF, in invalid UTF-8, in every format the reader
// tells (OATF JSON Lines, JSON-RPC, SSE, HAR), lines ended by LF, CRLF, a lone CR or a mix. The decoding of byte chunks (utf8.ts) is
// checked against one streaming TextDecoder, the WHATWG behaviour it replaces.

import { boundedJson } from "@oatf/evaluate/internal";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readTrace, readTraceText, type TraceRecord } from "../src/index.js";
import { Utf8Decoder } from "../src/utf8.js";
import { cutBytes } from "./cut-bytes.js";

const RUNS = Number(process.env.OATF_FUZZ_RUNS ?? 150);

const utf8 = (text: string) => new TextEncoder().encode(text);
const concat = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

// Bytes as hostile input has them: text with characters of 1 to 4 bytes, line ends, lone
// bytes that are no UTF-8 (continuations, leads of any length, C0, F5–FF) and characters cut
// short.
const fragment = fc.oneof(
  fc.string({ unit: "binary", maxLength: 8 }).map(utf8),
  fc.constantFrom("\n", "\r\n", "\r", "é", "€", "😀", "\uFEFF").map(utf8),
  fc.uint8Array({ minLength: 1, maxLength: 3, min: 0x80, max: 0xff }),
  fc.constantFrom("€", "😀").map((c) => utf8(c).subarray(0, -1)),
);
const fractions = fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 8 });

describe("Utf8Decoder", () => {
  it("decodes any bytes cut anywhere as one streaming TextDecoder does (property)", () => {
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 24 }), fractions, (parts, at) => {
        const bytes = concat(parts);
        const whole = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
        const decoder = new Utf8Decoder();
        const text =
          cutBytes(bytes, at)
            .map((c) => decoder.decode(c))
            .join("") + decoder.end();
        expect(text).toBe(whole);
      }),
      { numRuns: RUNS * 4 },
    );
  });
});

// ---------------------------------------------------------------- whole traces

const text = fc.oneof(
  fc.string({ unit: "binary", maxLength: 6 }),
  fc.constantFrom("é€😀", "\r", "\u2028"),
);
const rpc = (id: number, method: string, params: string) =>
  JSON.stringify({ jsonrpc: "2.0", id, method, params: { name: params } });
const oatfLine = (operation: string) =>
  JSON.stringify({ protocol: "mcp", direction: "request", operation, content: { x: operation } });
const harEntry = (id: number, body: string) =>
  JSON.stringify({
    startedDateTime: `2026-01-01T00:00:0${id % 10}Z`,
    request: {
      method: "POST",
      url: "http://h/mcp",
      headers: [],
      postData: { mimeType: "application/json", text: rpc(id, "tools/call", body) },
    },
    response: {
      status: 200,
      headers: [],
      content: {
        mimeType: "application/json",
        text: JSON.stringify({ jsonrpc: "2.0", id, result: { text: body } }),
      },
    },
  });

/** Line ends: LF, CRLF, a lone CR (old Mac files, or a peer's choice), or a mix of them. */
const EOLS = ["\n", "\r\n", "\r"];
const lineEnds = fc.oneof(
  fc.constantFrom(...EOLS).map((eol) => () => eol),
  fc.array(fc.nat({ max: 2 }), { minLength: 1, maxLength: 5 }).map((picks) => {
    let i = 0;
    let last = "";
    // A CR then an LF would be one CRLF, not two line ends as in the LF copy.
    return () => {
      const eol = EOLS[picks[i++ % picks.length]!]!;
      last = last === "\r" && eol === "\n" ? "\r\n" : eol;
      return last;
    };
  }),
);

/** A trace of one format, its lines ended as `eol` says (called in text order). */
function traceText(format: string, items: [string, boolean][], eol: () => string): string {
  let text = "";
  if (format === "har") text += `{"log": {"version": "1.2",${eol()}"entries": [${eol()}`;
  items.forEach(([t, bad], i) => {
    if (i > 0) text += eol();
    if (bad && format !== "har") text += `{"bad": ${JSON.stringify(t)}`;
    else if (format === "oatf") text += oatfLine(t);
    else if (format === "jsonrpc") text += rpc(i, "tools/call", t);
    else if (format === "sse")
      text += `data: ${JSON.stringify({ type: "RUN_STARTED", t })}${eol()}`;
    else text += `${i === 0 ? "" : ","}${harEntry(i, t)}`;
  });
  if (format === "har") text += `${eol()}]}}${eol()}`;
  return text;
}

/**
 * A trace of one format with bad lines and bad bytes among them, and the same trace with LF
 * line ends: CR, LF and CRLF end a line alike, so both read to the same records.
 */
const trace = fc
  .tuple(
    fc.constantFrom("oatf", "jsonrpc", "sse", "har"),
    fc.array(fc.tuple(text, fc.boolean()), { minLength: 1, maxLength: 8 }),
    lineEnds,
    fc.constantFrom("", "\uFEFF"),
  )
  .map(([format, items, eol, bom]) => ({
    format,
    bytes: utf8(bom + traceText(format, items, eol)),
    lf: bom + traceText(format, items, () => "\n"),
  }));

/** Invalid UTF-8 put in at a fraction of the bytes (a lone continuation, a cut lead). */
const spoiled = fc
  .tuple(trace, fc.option(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fragment)))
  .map(([{ format, bytes, lf }, spoil]) => {
    if (spoil === null) return { format, bytes, lf };
    const at = Math.floor(spoil[0] * bytes.length);
    const spoilt = concat([bytes.subarray(0, at), spoil[1], bytes.subarray(at)]);
    return { format, bytes: spoilt, lf: undefined };
  });

async function collect(source: Iterable<string | Uint8Array>): Promise<TraceRecord[]> {
  const out: TraceRecord[] = [];
  for await (const r of readTrace(source)) out.push(r);
  return out;
}
const textOf = (records: TraceRecord[]) => boundedJson(records, { maxLength: 2 ** 24 }).text;

describe("readTrace under any chunking", () => {
  it("gives the same records for the same bytes however they are cut (property)", async () => {
    await fc.assert(
      fc.asyncProperty(spoiled, fractions, async ({ bytes, lf }, at) => {
        const expected = textOf(await collect([bytes]));
        // Unspoilt, the CR and CRLF line ends read as LF ones do, line numbers included.
        if (lf !== undefined) expect(textOf(readTraceText(lf))).toBe(expected);
        expect(textOf(await collect(cutBytes(bytes, at)))).toBe(expected);
        // One byte at a time: every cut at once.
        expect(textOf(await collect(Array.from(bytes, (b) => Uint8Array.of(b))))).toBe(expected);
        const decoded = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
        expect(textOf(readTraceText(decoded))).toBe(expected);
      }),
      { numRuns: RUNS },
    );
  });

  it("reads a file whose lines end in a lone CR line by line, not as one line over the limit", async () => {
    const lines = Array.from({ length: 3_000 }, (_, i) => rpc(i, "tools/call", `é€😀 ${i}`));
    const bytes = utf8(`${lines.join("\r")}\r`);
    const records = await collect(cutBytes(bytes, [0.3, 0.6]));
    expect(records.filter((r) => r.kind === "diagnostic")).toEqual([]);
    const read = records.flatMap((r) => (r.kind === "message" ? [r.message.line] : []));
    expect(read).toEqual(lines.map((_, i) => i + 1));
    const limited = readTraceText(new TextDecoder().decode(bytes), { maxLineLength: 200 });
    expect(limited.filter((r) => r.kind === "message")).toHaveLength(3_000);
  });

  it("reads a long trace cut into 64 KiB chunks as it reads the whole", async () => {
    const lines = Array.from({ length: 3_000 }, (_, i) => rpc(i, "tools/call", `é€😀 ${i}`));
    const bytes = utf8(`${lines.join("\r\n")}\r\n`);
    const chunks = Array.from({ length: Math.ceil(bytes.length / 65_536) }, (_, i) =>
      bytes.subarray(i * 65_536, (i + 1) * 65_536),
    );
    const records = await collect(chunks);
    expect(records.filter((r) => r.kind === "message")).toHaveLength(3_000);
    expect(textOf(records)).toBe(textOf(readTraceText(new TextDecoder().decode(bytes))));
  });
});
