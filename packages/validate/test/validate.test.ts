import type { Document } from "@oatf/model";
import { getSourceInfo, PARSE_RULES, parse, VALIDATION_RULES, WARNING_RULES } from "@oatf/model";
import { V014_SKIPPED, validate } from "@oatf/validate";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { celStub } from "./support.js";

function parsed(yaml: string): Document {
  const result = parse(yaml);
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.value;
}

const BROKEN = `oatf: "0.1"
attack:
  id: acme-1
  version: 0
  execution:
    mode: mcp_server
    phases:
      - name: a
        trigger:
          count: 2
      - name: a
  indicators:
    - target: "tools[0]"
      confidence: 101
      pattern:
        regex: "(unclosed"
`;

describe("validate", () => {
  it("reports every violation at once, in source order, with spec refs and positions", () => {
    const document = parsed(BROKEN);
    const { errors } = validate(document, { cel: celStub });
    expect(errors.map((e) => [e.rule, e.path])).toEqual([
      ["V-023", "attack.id"],
      ["V-035", "attack.version"],
      ["V-009", "attack.execution.phases[0].state"],
      ["V-040", "attack.execution.phases[0].trigger"],
      ["V-019", "attack.execution.phases[0].trigger"],
      ["V-011", "attack.execution.phases[1].name"],
      ["V-021", "attack.indicators[0].target"],
      ["V-025", "attack.indicators[0].confidence"],
      ["V-013", "attack.indicators[0].pattern.regex"],
    ]);
    for (const error of errors) {
      expect(error.spec_ref).toBe(
        VALIDATION_RULES[error.rule as keyof typeof VALIDATION_RULES].spec_ref,
      );
      expect(error.message.length).toBeGreaterThan(10);
      expect(error.range?.start.line).toBeGreaterThan(0);
    }
    const info = getSourceInfo(document)!;
    expect(errors[0]).toMatchObject({ range: { start: info.positionOf("attack.id")! } });
    // A missing field points at its nearest present ancestor.
    expect(errors[2]).toMatchObject({
      range: { start: info.positionOf("attack.execution.phases[0]")! },
    });
  });

  it("accepts a valid document with no findings", () => {
    const document = parsed(`oatf: "0.1"
attack:
  execution:
    mode: mcp_server
    state:
      tools: []
  indicators:
    - surface: tools/call
      target: "arguments.path"
      pattern:
        contains: ".ssh"
`);
    expect(validate(document)).toEqual({ errors: [], warnings: [] });
  });

  it("does not mutate the document", () => {
    const document = parsed(BROKEN);
    const before = structuredClone(document);
    validate(document, { cel: celStub });
    expect(document).toEqual(before);
  });
});

describe("V-014 and the CEL checker", () => {
  const withCel = (cel: string) =>
    parsed(`oatf: "0.1"
attack:
  execution:
    mode: mcp_server
    state:
      tools: []
  indicators:
    - target: ""
      expression:
        cel: ${JSON.stringify(cel)}
    - target: ""
      expression:
        cel: "true"
`);

  it("reports syntax errors through the checker", () => {
    const { errors, warnings } = validate(withCel("size(message"), { cel: celStub });
    expect(errors).toMatchObject([{ rule: "V-014", path: "attack.indicators[0].expression.cel" }]);
    expect(warnings).toEqual([]);
  });

  it("warns once instead of passing silently when there is no checker", () => {
    for (const options of [{}, { cel: null }, { cel: { evaluate: celStub.evaluate } }]) {
      const { errors, warnings } = validate(withCel("size(message"), options);
      expect(errors).toEqual([]);
      expect(warnings).toMatchObject([
        { rule: V014_SKIPPED, severity: "warning", path: "attack.indicators[0].expression.cel" },
      ]);
      expect(warnings[0]!.message).toContain("2 CEL expression(s)");
    }
  });

  it("turns a throwing checker into a V-014 error", () => {
    const cel = {
      ...celStub,
      check: () => {
        throw new Error("boom");
      },
    };
    const { errors } = validate(withCel("true"), { cel });
    expect(errors.map((e) => e.rule)).toEqual(["V-014", "V-014"]);
  });

  it("does not warn about CEL when there is none", () => {
    expect(validate(parsed(BROKEN)).warnings.map((w) => w.rule)).not.toContain(V014_SKIPPED);
  });
});

describe("warnings", () => {
  const custom = parsed(`oatf: "0.1"
attack:
  execution:
    mode: acme_rpc_server
    phases:
      - state: {}
        trigger:
          event: anything/goes
      - name: end
  indicators:
    - protocol: acme_rpc
      surface: whatever
      target: ""
      pattern:
        contains: "x"
`);

  it("skips surface (V-018) and event (V-029) checks for unrecognized bindings", () => {
    const { errors, warnings } = validate(custom);
    expect(errors).toEqual([]);
    expect(warnings.map((w) => [w.rule, w.path])).toEqual([
      ["W-002", "attack.execution.mode"],
      ["W-003", "attack.indicators[0].protocol"],
    ]);
  });

  it("can suppress unrecognized-binding warnings", () => {
    expect(validate(custom, { suppressWarnings: ["W-002", "W-003"] }).warnings).toEqual([]);
  });

  it("uses only documented codes", () => {
    const { warnings } = validate(custom);
    for (const warning of warnings) expect(Object.keys(WARNING_RULES)).toContain(warning.rule);
  });
});

describe("documents built in code", () => {
  it("are validated without source positions, in document order", () => {
    const document = {
      attack: {
        execution: { mode: "mcp_server", state: { tools: [] } },
        indicators: [{ target: "x", confidence: 500, pattern: { contains: "y" } }],
        severity: "extreme",
      },
      oatf: "0.2",
    } as unknown as Document;
    const { errors, warnings } = validate(document);
    expect(errors.map((e) => [e.rule, e.path])).toEqual([
      ["V-025", "attack.indicators[0].confidence"],
      ["V-005", "attack.severity"],
      ["V-001", "oatf"],
    ]);
    expect(errors.every((e) => e.range === undefined)).toBe(true);
    expect(warnings.map((w) => w.rule)).toEqual(["W-001"]);
  });

  it("report cycles and extreme nesting as V-020 instead of walking them (issue 12 §5)", () => {
    const cyclic: Record<string, unknown> = { text: "{{missing}}" };
    cyclic.self = cyclic;
    let deep: unknown = "{{deep}}";
    for (let i = 0; i < 20_000; i++) deep = { nested: [deep] };
    for (const state of [cyclic, deep]) {
      const document = {
        oatf: "0.1",
        attack: { execution: { mode: "mcp_server", state } },
      } as unknown as Document;
      const result = validate(document);
      expect(result.errors.map((e) => [e.rule, e.path.slice(0, 30)])).toEqual([
        [
          "V-020",
          state === cyclic ? "attack.execution.state.self" : "attack.execution.state.nested[",
        ],
      ]);
    }
  });

  it("never throw, whatever the input", () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const result = validate(value as Document, { cel: celStub });
        expect(Array.isArray(result.errors)).toBe(true);
        expect(Array.isArray(result.warnings)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it("never throw on documents with arbitrary values in every field", () => {
    // One set lookup per error: an `expect` per error made this test several times slower.
    const KNOWN_RULES = new Set([...Object.keys(VALIDATION_RULES), ...Object.keys(PARSE_RULES)]);
    // Every field gets every JSON type; depth and length are bounded so that a run costs
    // ~1 ms instead of ~6 (documents of 14 kB on average), as deep values are exercised
    // by the V-020 tests above and the fuzz test.
    const anyValue = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constant(undefined));
    const LIST = { maxLength: 4 };
    const phase = fc.record(
      {
        name: anyValue,
        mode: anyValue,
        state: anyValue,
        extractors: fc.oneof(
          fc.array(fc.record({ name: anyValue, type: anyValue, selector: anyValue }), LIST),
          anyValue,
        ),
        on_enter: fc.oneof(
          fc.array(fc.dictionary(fc.string(), anyValue, { maxKeys: 4 }), LIST),
          anyValue,
        ),
        trigger: fc.oneof(
          fc.record({ event: anyValue, after: anyValue, match: anyValue }),
          anyValue,
        ),
      },
      { requiredKeys: [] },
    );
    const document = fc.record({
      oatf: anyValue,
      attack: fc.record(
        {
          id: anyValue,
          severity: anyValue,
          impact: anyValue,
          execution: fc.record(
            {
              mode: anyValue,
              state: anyValue,
              phases: fc.oneof(fc.array(phase, LIST), anyValue),
              actors: fc.oneof(
                fc.array(
                  fc.record({ name: anyValue, mode: anyValue, phases: fc.array(phase, LIST) }),
                  LIST,
                ),
                anyValue,
              ),
            },
            { requiredKeys: [] },
          ),
          indicators: fc.oneof(
            fc.array(
              fc.record(
                {
                  id: anyValue,
                  protocol: anyValue,
                  target: anyValue,
                  pattern: anyValue,
                  expression: fc.oneof(fc.record({ cel: anyValue, variables: anyValue }), anyValue),
                  semantic: anyValue,
                  method: anyValue,
                  actor: anyValue,
                },
                { requiredKeys: [] },
              ),
              LIST,
            ),
            anyValue,
          ),
          correlation: anyValue,
        },
        { requiredKeys: [] },
      ),
    });
    fc.assert(
      fc.property(document, (value) => {
        const result = validate(value as unknown as Document, { cel: celStub });
        // V-rules, or the parse rule for a field of the wrong type that no V-rule names.
        expect(result.errors.filter((e) => !KNOWN_RULES.has(e.rule))).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });
});

describe("generated identifiers never collide with explicit ones (issue 12 §2)", () => {
  const at = (doc: string, rule: string) =>
    validate(parsed(doc), { cel: celStub }).errors.filter((e) => e.rule === rule);

  it("V-010 at the indicator whose generated id repeats an explicit id, naming it", () => {
    const errors = at(
      `oatf: "0.1"
attack:
  id: ACME-003
  execution: { mode: mcp_server, state: { tools: [] } }
  indicators:
    - { id: ACME-003-02, target: text, pattern: { contains: a } }
    - { target: text, pattern: { contains: b } }
`,
      "V-010",
    );
    expect(errors).toEqual([
      expect.objectContaining({
        path: "attack.indicators[1].id",
        message: expect.stringContaining('"ACME-003-02"'),
      }),
    ]);
    expect(errors[0]!.message).toContain("attack.indicators[0]");
  });

  it("V-011 and V-031 at the unnamed phase whose generated name repeats an explicit one", () => {
    const doc = `oatf: "0.1"
attack:
  execution:
    actors:
      - name: server
        mode: mcp_server
        phases:
          - name: phase-2
            state: { tools: [] }
            trigger: { event: tools/call }
          - {}
`;
    for (const rule of ["V-011", "V-031"]) {
      expect(at(doc, rule)).toEqual([
        expect.objectContaining({
          path: "attack.execution.actors[0].phases[1].name",
          message: expect.stringContaining('"phase-2"'),
        }),
      ]);
    }
  });
});

describe("documents built in code are type-checked against the parse table (SDK §3.2)", () => {
  const base = () =>
    parsed(`oatf: "0.1"
attack:
  classification: { category: capability_poisoning, tags: [a] }
  execution:
    mode: mcp_server
    phases:
      - name: one
        description: first
        state: { tools: [] }
  indicators:
    - { target: "tools[*].description", pattern: { contains: x } }
`) as unknown as {
      attack: {
        classification: Record<string, unknown>;
        execution: { phases: unknown[] };
      };
    };
  const errorsOf = (document: unknown) =>
    validate(document as Document, { cel: celStub }).errors.map((e) => [e.rule, e.path]);

  it("the base document is valid", () => {
    expect(errorsOf(base())).toEqual([]);
  });

  it("reports classification.tags given as a mapping (parse needs a list of strings)", () => {
    const document = base();
    document.attack.classification.tags = { a: "b" };
    expect(errorsOf(document)).toEqual([["parse/type-mismatch", "attack.classification.tags"]]);
  });

  it("reports a phase that is a list (serialize would write it as {})", () => {
    const document = base();
    document.attack.execution.phases[0] = [{ name: "one", state: { tools: [] } }];
    expect(errorsOf(document)).toContainEqual([
      "parse/type-mismatch",
      "attack.execution.phases[0]",
    ]);
  });

  it("reports an undefined list item in free-form state (serialize would write null)", () => {
    const document = base();
    (document.attack.execution.phases[0] as { state: { tools: unknown[] } }).state.tools = [
      undefined,
    ];
    expect(errorsOf(document)).toEqual([
      ["parse/type-mismatch", "attack.execution.phases[0].state.tools[0]"],
    ]);
  });

  it("reports description: null (parse reads it as absent, serialize writes it)", () => {
    const document = base();
    (document.attack.execution.phases[0] as Record<string, unknown>).description = null;
    expect(errorsOf(document)).toEqual([
      ["parse/type-mismatch", "attack.execution.phases[0].description"],
    ]);
  });
});
