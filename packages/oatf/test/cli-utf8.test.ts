// Documents are UTF-8 (SDK §2 entry points: parse's input is a UTF-8 string): a file with other
// bytes is refused at its first bad byte, never read with U+FFFD in their place.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { decodeUtf8 } from "../src/cli/shared/utf8.js";
import { runCaptured } from "./cli-capture.js";

const DOC =
  'oatf: "0.1"\nattack:\n  name: "Caf\u00e9 X"\n  execution:\n    mode: mcp_server\n    state:\n      tools: []\n  indicators:\n    - surface: tools/call\n      target: arguments\n      pattern: { contains: "KEY" }\n';

/** DOC with the `X` of line 3 replaced by `bad` bytes. */
const withBytes = (bad: number[]) => {
  const [before, after] = DOC.split("X");
  return Buffer.concat([Buffer.from(before!), Buffer.from(bad), Buffer.from(after!)]);
};

function inDir(files: Record<string, Buffer | string>): string {
  const dir = mkdtempSync(join(tmpdir(), "oatf-utf8-"));
  for (const [name, bytes] of Object.entries(files)) writeFileSync(join(dir, name), bytes);
  return dir;
}

describe("decodeUtf8", () => {
  it("decodes well-formed UTF-8, a U+FFFD written in the file included", () => {
    const text = "a\u00e9\u20ac\u{1f600}\ufffd";
    expect(decodeUtf8(Buffer.from(text))).toEqual({ ok: true, text });
  });

  it.each([
    ["a lone continuation byte", [0x80]],
    ["a byte never in UTF-8", [0xff]],
    ["an overlong encoding", [0xc0, 0xaf]],
    ["an encoded surrogate", [0xed, 0xa0, 0x80]],
    ["a code point past U+10FFFF", [0xf4, 0x90, 0x80, 0x80]],
    ["a truncated sequence", [0xe2, 0x82]],
  ])("refuses %s at its line and column (UTF-16 units, as the parser counts)", (_, bad) => {
    const decoded = decodeUtf8(withBytes(bad));
    // Line 3 is `  name: "Café ` before the bad bytes: column 15.
    expect(decoded).toMatchObject({ ok: false, line: 3, column: 15 });
    if (!decoded.ok)
      expect(decoded.reason).toMatch(/^is not UTF-8: byte 0x[0-9A-F]{2} at line 3, column 15$/);
  });

  it("refuses a bad first byte at line 1, column 1, whatever lines follow", () => {
    const bytes = Buffer.concat([Buffer.from([0xff]), Buffer.from("a\nb\nc\n")]);
    expect(decodeUtf8(bytes)).toMatchObject({ ok: false, line: 1, column: 1 });
  });

  it("refuses a sequence cut at the end of the file", () => {
    expect(decodeUtf8(Buffer.from([0x61, 0x0a, 0xf0, 0x9f]))).toMatchObject({
      ok: false,
      line: 2,
      column: 1,
    });
  });
});

describe("oatf on a document that is not UTF-8", () => {
  it("validate reports a parse error at the byte and goes on to the next file", async () => {
    const dir = inDir({ "a.yaml": withBytes([0xff]), "b.yaml": DOC });
    const r = await runCaptured(["validate", "--format", "json", "a.yaml", "b.yaml"], dir, {
      env: {},
    });
    expect(r.code).toBe(1);
    const { files } = JSON.parse(r.stdout) as {
      files: { valid: boolean; diagnostics: Record<string, unknown>[] }[];
    };
    const [a, b] = files;
    expect(a!.valid).toBe(false);
    expect(a!.diagnostics).toEqual([
      expect.objectContaining({
        severity: "error",
        code: "parse/syntax",
        kind: "syntax",
        line: 3,
        column: 15,
      }),
    ]);
    expect(b!.valid).toBe(true);
  });

  it("normalize --write leaves the file as it was and exits 1", async () => {
    const bytes = withBytes([0xc3, 0x28]);
    const dir = inDir({ "a.yaml": bytes });
    const r = await runCaptured(["normalize", "--write", "a.yaml"], dir, { env: {} });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("is not UTF-8: byte 0xC3 at line 3, column 15");
    expect(readFileSync(join(dir, "a.yaml")).equals(bytes)).toBe(true);
  });

  it("evaluate says why it cannot read the document", async () => {
    const dir = inDir({ "a.yaml": withBytes([0xff]), "t.jsonl": "" });
    const r = await runCaptured(["evaluate", "a.yaml", "--trace", "t.jsonl"], dir, { env: {} });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("is not UTF-8: byte 0xFF at line 3, column 15");
  });
});
