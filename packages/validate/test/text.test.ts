// Issue 15 §1: validating text reports parse problems and every rule still checkable, in one
// pass, each problem exactly once, and no finding that follows from an unreadable part.
import { isParseError, parseRecovering } from "@oatf/model";
import {
  type ValidateOptions,
  validate as validateDocument,
  validateRecovered,
} from "@oatf/validate";
import { describe, expect, it } from "vitest";
import { celStub } from "./support.js";

/** Validating text: the recovering parse, then validateRecovered (what oatf's validate does). */
function validate(input: string | object, options: ValidateOptions) {
  return typeof input === "string"
    ? validateRecovered(parseRecovering(input), options)
    : validateDocument(input as never, options);
}

const rules = (text: string) => {
  const { errors, warnings } = validate(text, { cel: celStub });
  return {
    errors: errors.map((e) => `${e.rule} ${e.path}`),
    warnings: warnings.map((w) => `${w.rule} ${w.path}`),
    raw: errors,
  };
};

describe("validateRecovered: validate over text", () => {
  it("reports an unknown enum, a non-dot-path target and an invalid regex together", () => {
    const { errors } = rules(`oatf: "0.1"
attack:
  severity:
    level: apocalyptic
  execution:
    mode: mcp_server
    state: {}
  indicators:
    - target: "arguments[0]"
      pattern:
        regex: "(a)\\\\1"
`);
    expect(errors).toEqual([
      "V-005 attack.severity.level",
      "V-021 attack.indicators[0].target",
      "V-013 attack.indicators[0].pattern.regex",
    ]);
  });

  it("reports one problem of each kind, each exactly once", () => {
    const { errors, warnings, raw } = rules(`oatf: "0.1"
attack:
  status: finished
  description: [not, a, string]
  authr: me
  references:
    - title: missing its url
  execution:
    mode: voice_server
    state: {}
  indicators:
    - target: "a.b"
      pattern:
        regex: "(unclosed"
    - id: dup
      target: "a.b"
      pattern: {contains: x}
    - id: dup
      target: "a.b"
      pattern: {contains: y}
`);
    expect(errors).toEqual([
      "V-005 attack.status",
      "parse/type-mismatch attack.description",
      "parse/unknown-field attack.authr",
      "parse/missing-field attack.references[0].url",
      "V-013 attack.indicators[0].pattern.regex",
      "V-010 attack.indicators[2].id",
    ]);
    expect(warnings).toContain("W-002 attack.execution.mode");
    expect(new Set(errors).size).toBe(errors.length);
    expect(raw.filter(isParseError).map((e) => e.rule)).toEqual([
      "V-005",
      "parse/type-mismatch",
      "parse/unknown-field",
      "parse/missing-field",
    ]);
    for (const e of raw) expect(e.range).toBeDefined();
  });

  it("does not cascade: a misspelt detection key is one unknown field, not also V-012", () => {
    const { errors } = rules(`oatf: "0.1"
attack:
  execution:
    mode: mcp_server
    state: {}
  indicators:
    - target: "a.b"
      patern: {contains: x}
    - target: "a.b"
      pattern: {contains: x}
      confidence: 900
`);
    expect(errors).toEqual([
      "parse/unknown-field attack.indicators[0].patern",
      "V-025 attack.indicators[1].confidence",
    ]);
  });

  it("reports an unreadable execution once, and still checks the indicators", () => {
    const { errors } = rules(`oatf: "0.1"
attack:
  execution: [not, a, mapping]
  indicators:
    - target: "a.b"
      protocol: BAD
      pattern: {contains: x}
`);
    expect(errors).toEqual([
      "parse/type-mismatch attack.execution",
      "V-034 attack.indicators[0].protocol",
    ]);
  });

  it("reports a YAML feature once when the parse has other problems", () => {
    const { errors } = rules(`oatf: "0.1"
attack:
  status: nope
  execution:
    mode: mcp_server
    state: &s {}
`);
    expect(errors).toEqual(["V-005 attack.status", "V-020 attack.execution.state"]);
  });

  it("stops at invalid YAML syntax with the syntax errors only", () => {
    const { errors } = rules("oatf: [unclosed\nattack: {\n");
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.every((e) => e.startsWith("parse/syntax"))).toBe(true);
  });

  it("gives the same result as validating the parsed document when the text parses", () => {
    const text = `oatf: "0.1"
attack:
  execution:
    mode: mcp_server
    state: {}
  indicators:
    - target: "a.b"
      pattern: {regex: "("}
`;
    const fromText = validate(text, { cel: celStub });
    expect(fromText.errors.map((e) => e.rule)).toEqual(["V-013"]);
    expect(fromText.errors[0]).toMatchObject({
      severity: "error",
      spec_ref: "§6.2",
      path: "attack.indicators[0].pattern.regex",
      range: { start: { line: 8, column: 24 }, end: { line: 8, column: 27 } },
    });
  });

  it("names warnings by `rule` and by the spec's `code`, the same id", () => {
    const { warnings } = validate(
      `oatf: "0.1"\nattack:\n  execution:\n    mode: voice_server\n    state: {}\n`,
      { cel: celStub },
    );
    expect(warnings[0]).toMatchObject({
      severity: "warning",
      rule: "W-002",
      code: "W-002",
      spec_ref: "SDK §7.0",
    });
  });
});

describe("V-016 on hostile templates", () => {
  it("finds the first unclosed {{ of 2 MB of them (linear time: `pnpm bench`)", () => {
    const state = (text: string) => ({
      oatf: "0.1",
      attack: { execution: { mode: "mcp_server", state: { tools: [{ name: text }] } } },
    });
    // Quadratic (one search for `}}` per `{{`) took over 10 s here; bench/templates.bench.ts
    // measures it against a quarter of the input.
    const { errors } = validate(state("{{a ".repeat(500_000)) as never, { cel: celStub });
    expect(errors).toMatchObject([
      { rule: "V-016", message: expect.stringContaining('unclosed "{{" at offset 0') },
    ]);
    const offsetOf = (text: string) =>
      validate(state(text) as never, { cel: celStub }).errors.map(
        (e) => e.message.match(/offset (\d+)/)?.[1],
      );
    expect(offsetOf("{{a}} {{b")).toEqual(["6"]);
    expect(offsetOf("\\{{a {{b}} x}} {{c")).toEqual(["15"]);
    expect(offsetOf("\\{{ only escaped")).toEqual([]);
    expect(offsetOf("{{a {{b}}")).toEqual([]);
  });
});

describe("did you mean", () => {
  const head = `oatf: "0.1"\nattack:\n  execution:\n    mode: mcp_server\n    phases:\n      - state: {}\n        trigger: {event: tools/cal}\n      - name: b\n  indicators:\n`;
  const messages = (text: string) => {
    const { errors, warnings } = validate(text, { cel: celStub });
    return [...errors, ...warnings].map((d) => `${d.rule} ${d.message}`);
  };

  it("for a surface, a trigger event and an enum value validate checks", () => {
    const found = messages(
      `${head}    - surface: tools/lsit\n      target: x\n      pattern: {contains: y}\n`,
    );
    expect(found).toContain(
      'V-018 surface "tools/lsit" is not an operation of protocol mcp; did you mean `tools/list`?',
    );
    expect(found.find((m) => m.startsWith("V-029"))).toBe(
      'V-029 event "tools/cal" is not defined for mode mcp_server; did you mean `tools/call`?',
    );
    expect(
      validateDocument(
        {
          oatf: "0.1",
          attack: {
            execution: { mode: "mcp_server", state: {} },
            indicators: [{ target: "x", tier: "ingestd", pattern: { contains: "y" } }],
          },
        } as never,
        { cel: celStub },
      ).errors.map((e) => e.message),
    ).toEqual([
      "unknown tier `ingestd`; expected one of: ingested, local_action, boundary_breach; did you mean `ingested`?",
    ]);
  });
});
