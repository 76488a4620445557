// The one line splitter gives exactly the lines a plain model of its rules gives (CR, LF, CRLF;
// a CR before LF dropped with `lf`; a BOM at the start; over-long lines dropped or cut), in
// every mode, however the text is cut into chunks; and readTrace over any chunking reads what
// readTraceText reads from the whole, over-long lines and CR/CRLF across chunks included.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readTrace, readTraceText, type TraceRecord } from "../src/index.js";
import { LineSplitter, type LineSplitterOptions, type SourceLine } from "../src/lines.js";

/** `text` cut at `cuts` (positions taken modulo its length). */
function pieces(text: string, cuts: number[]): string[] {
  const at = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
  return [...at, text.length].map((end, i) => text.slice(i === 0 ? 0 : at[i - 1], end));
}

/** The lines of the whole text by the rules as documented (lines.ts), written plainly. */
function model(text: string, max: number, options: Required<LineSplitterOptions>): SourceLine[] {
  const body = text.startsWith("\uFEFF") ? text.slice(1) : text;
  const raw = options.ends === "any" ? body.split(/\r\n|\r|\n/) : body.split("\n");
  if (raw[raw.length - 1] === "") raw.pop();
  const stripCr = (t: string) => (t.endsWith("\r") ? t.slice(0, -1) : t);
  return raw.map((t, i) => {
    const line = i + 1;
    if (options.overLong === "cut")
      return t.length <= max
        ? { line, text: stripCr(t) }
        : { line, text: stripCr(t.slice(0, max)), cut: t.length - max };
    return stripCr(t).length <= max
      ? { line, text: stripCr(t) }
      : { line, text: "", tooLong: true };
  });
}

const splitterText = fc
  .array(fc.constantFrom("a", "bc", "é", "\r", "\n", "\r\n", "\uFEFF"), { maxLength: 30 })
  .map((parts) => parts.join(""));
const splitterOptions = fc.record({
  ends: fc.constantFrom("any" as const, "lf" as const),
  overLong: fc.constantFrom("drop" as const, "cut" as const),
});

describe("LineSplitter", () => {
  it("gives the model's lines however the text is cut (property)", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("", "\uFEFF").chain((bom) => splitterText.map((t) => bom + t)),
        fc.integer({ min: 0, max: 6 }),
        splitterOptions,
        fc.array(fc.nat(), { maxLength: 6 }),
        (text, max, options, cuts) => {
          const expected = model(text, max, options);
          const pushed = new LineSplitter(max, options);
          const lines = pieces(text, cuts).flatMap((chunk) => pushed.push(chunk));
          expect([...lines, ...pushed.end()]).toEqual(expected);
        },
      ),
      { numRuns: 400 },
    );
  });
});

const rpcLine = (i: number, padding: string) =>
  JSON.stringify({ jsonrpc: "2.0", id: i, method: "tools/call", params: { name: padding } });
const oatfLine = (padding: string) =>
  JSON.stringify({ protocol: "mcp", direction: "request", operation: "x", content: { padding } });

async function collect(chunks: string[], maxLineLength: number): Promise<TraceRecord[]> {
  const out: TraceRecord[] = [];
  for await (const record of readTrace(chunks, { maxLineLength })) out.push(record);
  return out;
}

describe("readTrace over any chunking, lines over the limit among them", () => {
  it("reads what readTraceText reads from the whole text (property)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("oatf", "jsonrpc"),
        fc.array(fc.nat({ max: 120 }), { minLength: 1, maxLength: 12 }),
        fc.constantFrom("\n", "\r\n", "\r"),
        fc.constantFrom("", "\uFEFF"),
        fc.integer({ min: 60, max: 160 }),
        fc.array(fc.nat(), { maxLength: 8 }),
        async (format, lengths, eol, bom, maxLineLength, cuts) => {
          const lines = lengths.map((n, i) =>
            format === "oatf" ? oatfLine("p".repeat(n)) : rpcLine(i, "p".repeat(n)),
          );
          const text = bom + lines.join(eol) + eol;
          const expected = readTraceText(text, { maxLineLength });
          expect(await collect(pieces(text, cuts), maxLineLength)).toEqual(expected);
          expect(await collect([...text], maxLineLength)).toEqual(expected);
        },
      ),
      { numRuns: 150 },
    );
  });
});
