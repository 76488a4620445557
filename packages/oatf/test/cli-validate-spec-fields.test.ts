// `oatf validate --format json` read as SDK §7 (sdk/diagnostics.md) says: every diagnostic a
// Diagnostic (severity, code, path?, message), a parse problem a ParseError (kind, 1-based line
// and column), a rule violation a ValidationError (rule, spec_ref, message, path). A CI script
// written from the spec's tables reads these fields from the JSON, not the SDK's `range`.
import { MAX_DEPTH } from "@oatf/model/internal";
import { describe, expect, it } from "vitest";
import { runValidate, toJson } from "../src/cli/validate/report.js";
import { memoryInputs, text } from "./memory-inputs.js";

const FILES = {
  "unclosed.yaml": 'oatf: "0.1"\nattack:\n  name: [x\n',
  "duplicate.yaml":
    'oatf: "0.1"\nattack:\n  name: a\n  name: b\n  execution: {mode: mcp_server, state: {}}\n',
  "deep.yaml": `oatf: "0.1"\nattack:\n  x: ${"[".repeat(MAX_DEPTH + 8)}${"]".repeat(MAX_DEPTH + 8)}\n`,
  "variant.yaml":
    'oatf: "0.1"\nattack:\n  status: nope\n  execution: {mode: mcp_server, state: {}}\n',
  "invalid.yaml":
    'oatf: "0.1"\nattack:\n  severity: {level: high, confidence: 150}\n  execution: {mode: mcp_server, state: {}}\n',
  "warned.yaml":
    'attack:\n  execution: {mode: mcp_server, state: {}}\n  indicators:\n    - surface: tools/cal\n      target: x\n      pattern: {contains: y}\noatf: "0.1"\n',
};

interface JsonDiagnostic {
  severity: string;
  code: string;
  rule: string;
  path?: string;
  message: string;
  kind?: string;
  line?: number;
  column?: number;
  spec_ref?: string;
  range?: { start: { line: number; column: number } };
}

async function jsonDiagnostics(): Promise<Record<string, JsonDiagnostic[]>> {
  const inputs = Object.fromEntries(Object.entries(FILES).map(([f, t]) => [f, text(t)]));
  const report = await runValidate(memoryInputs(inputs).list, -1);
  // Through JSON, as a script reading the output sees it.
  const json = JSON.parse(JSON.stringify(toJson(report.files))) as {
    files: { file: string; diagnostics: JsonDiagnostic[] }[];
  };
  return Object.fromEntries(json.files.map((f) => [f.file, f.diagnostics]));
}

const isParse = (d: JsonDiagnostic) => d.code.startsWith("parse/") || d.kind !== undefined;

describe("oatf validate --format json, field by field (SDK §7)", () => {
  it("every diagnostic is a Diagnostic: severity, code, message, path a string when present", async () => {
    const all = Object.values(await jsonDiagnostics()).flat();
    expect(all.length).toBeGreaterThan(6);
    for (const d of all) {
      expect(["error", "warning"]).toContain(d.severity);
      expect(typeof d.code).toBe("string");
      expect(typeof d.message).toBe("string");
      if (d.path !== undefined) expect(typeof d.path).toBe("string");
    }
  });

  it("a parse problem is a ParseError: its kind, and the 1-based line and column where it is", async () => {
    const files = await jsonDiagnostics();
    const first = (file: keyof typeof FILES) => files[file]!.find(isParse)!;
    expect(first("unclosed.yaml")).toMatchObject({ kind: "syntax", line: 3, column: 9 });
    expect(first("duplicate.yaml")).toMatchObject({ kind: "syntax", line: 4, column: 3 });
    expect(first("variant.yaml")).toMatchObject({ kind: "unknown_variant", line: 3, column: 11 });
    const deep = first("deep.yaml");
    expect(deep).toMatchObject({ code: "parse/too-large", kind: "syntax", line: 3 });
    expect(FILES["deep.yaml"].split("\n")[2]![deep.column! - 1]).toBe("[");
    for (const d of Object.values(files).flat().filter(isParse)) {
      expect(["syntax", "type_mismatch", "unknown_variant"]).toContain(d.kind);
      expect(d.line).toBe(d.range?.start.line);
      expect(d.column).toBe(d.range?.start.column);
    }
  });

  it("a file over the size limit is a ParseError too", async () => {
    const report = await runValidate(
      memoryInputs({ "big.yaml": { ok: false, reason: "too large", tooLarge: 10 } }).list,
      -1,
    );
    expect(report.files[0]!.diagnostics[0]).toMatchObject({
      code: "parse/too-large",
      kind: "syntax",
    });
  });

  it("a rule violation is a ValidationError, and warnings carry their code", async () => {
    const files = await jsonDiagnostics();
    expect(files["invalid.yaml"]).toContainEqual(
      expect.objectContaining({
        rule: "V-017",
        code: "V-017",
        spec_ref: "§4.3",
        path: "attack.severity.confidence",
      }),
    );
    expect(files["warned.yaml"]!.map((d) => [d.severity, d.code])).toEqual(
      expect.arrayContaining([
        ["warning", "W-001"],
        ["warning", "V-018"],
      ]),
    );
  });
});
