// SDK §7 (sdk/diagnostics.md), field by field. The tables below are the spec's, written out
// here from its text (not from the SDK's own constants), and checked on real objects from
// every entry point that reports one, and on the declared types. The SDK's extras (`rule` on
// every diagnostic, `range`, `source`) may be there too; none of the spec's fields may be
// missing, renamed or of another type.

import { MAX_DEPTH } from "@oatf/model/internal";
import {
  createMonitor,
  createTraceEvaluator,
  type Diagnostic,
  type Document,
  type EvaluationError,
  evaluateExpression,
  evaluateIndicator,
  evaluatePattern,
  evaluateTrace,
  type Indicator,
  interpolateTemplate,
  interpolateValue,
  load,
  normalize,
  type OATFError,
  type ParseError,
  parse,
  readTrace,
  readTraceText,
  type TraceMessage,
  type TraceRecord,
  type ValidationError,
  type ValidationResult,
  validate,
} from "oatf";
import { describe, expect, expectTypeOf, it } from "vitest";

// ---- The spec's tables ---------------------------------------------------------------------

/** A field's type as the tables write it; `Optional<T>` is written `T?`. */
type FieldType = "String" | "Integer" | Enumeration;
type Enumeration = keyof typeof ENUMERATIONS;
type Table = Readonly<Record<string, FieldType | `${FieldType}?`>>;

/** The "One of: …" of each enumeration the tables use (SDK §7.0, §7.1, §7.3). */
const ENUMERATIONS = {
  DiagnosticSeverity: ["error", "warning"],
  ParseErrorKind: ["syntax", "type_mismatch", "unknown_variant"],
  EvaluationErrorKind: [
    "path_resolution",
    "regex_timeout",
    "cel_error",
    "type_error",
    "semantic_error",
    "unsupported_method",
  ],
} as const;

const TABLES = {
  /** SDK §7.0 Diagnostic. */
  Diagnostic: {
    severity: "DiagnosticSeverity",
    code: "String",
    path: "String?",
    message: "String",
  },
  /** SDK §7.1 ParseError. */
  ParseError: {
    kind: "ParseErrorKind",
    message: "String",
    path: "String?",
    line: "Integer?",
    column: "Integer?",
  },
  /** SDK §7.2 ValidationError. */
  ValidationError: { rule: "String", spec_ref: "String", message: "String", path: "String" },
  /** SDK §7.3 EvaluationError. */
  EvaluationError: { kind: "EvaluationErrorKind", message: "String", indicator_id: "String?" },
} as const satisfies Record<string, Table>;

type SpecType = keyof typeof TABLES;

/** What `value` breaks of `type`. */
function typeProblem(value: unknown, type: FieldType): string | undefined {
  if (type === "String") return typeof value === "string" ? undefined : "not a String";
  if (type === "Integer") return Number.isInteger(value) ? undefined : "not an Integer";
  const members: readonly string[] = ENUMERATIONS[type];
  return members.includes(value as string) ? undefined : `not one of ${members.join(", ")}`;
}

/** Every field of `table` that `object` leaves out (when required) or gives another type. */
function tableProblems(object: object, table: Table): string[] {
  const problems: string[] = [];
  for (const [field, written] of Object.entries(table)) {
    const optional = written.endsWith("?");
    const type = written.replace("?", "") as FieldType;
    const value = (object as Record<string, unknown>)[field];
    if (value === undefined) {
      if (!optional) problems.push(`${field}: missing`);
      continue;
    }
    const problem = typeProblem(value, type);
    if (problem) problems.push(`${field}: ${problem} (${JSON.stringify(value)})`);
  }
  return problems;
}

/**
 * What `object` breaks of the tables of `types`, and of what the SDK promises beside them:
 * a diagnostic's `code` is its `rule`; a ParseError's `line`/`column` are 1-based and are its
 * range's start when it has one.
 */
function problemsOf(object: object, types: readonly SpecType[]): string[] {
  const problems = types.flatMap((type) =>
    tableProblems(object, TABLES[type]).map((p) => `${type}.${p}`),
  );
  const d = object as Partial<ParseError>;
  if (types.includes("Diagnostic") && d.code !== d.rule) problems.push("code is not rule");
  if (types.includes("ParseError")) {
    for (const field of ["line", "column"] as const) {
      const value = d[field];
      if (value !== undefined && value < 1) problems.push(`${field} is not 1-based`);
      if (d.range && value !== d.range.start[field]) problems.push(`${field} is not range's`);
    }
  }
  return problems;
}

// ---- Real objects from every entry point --------------------------------------------------

interface Sample {
  /** The entry point that returned it. */
  entry: string;
  /** The spec types it is an instance of. */
  types: readonly SpecType[];
  object: object;
}

const PARSE_ERROR = ["Diagnostic", "ParseError"] as const;
const VALIDATION_ERROR = ["Diagnostic", "ValidationError"] as const;
const WARNING = ["Diagnostic"] as const;

/** Every warning of SDK §7.0's table (W-001..W-007), V-018 and V-029 among them. */
const WARNED = `attack:
  execution:
    mode: voice_server
    phases:
      - name: a
        state:
          tools:
            - name: t
              description: "{{nope}}"
        trigger:
          event: tools/call
      - name: b
  indicators:
    - protocol: fooproto
      target: x
      semantic:
        intent: x
    - protocol: a2a
      surface: tools/cal
      target: x
      pattern: {contains: y}
oatf: "0.1"
`;
const SYNTHESIZED = `oatf: "0.1"
attack:
  execution:
    mode: mcp_server
    phases:
      - state:
          tools:
            - name: t
              responses:
                - synthesize: {prompt: x}
                  content: []
        trigger:
          event: message/send
      - name: end
`;
const INVALID = `oatf: "0.1"
attack:
  severity: {level: high, confidence: 150}
  execution:
    mode: mcp_server
    state: {}
`;
const UNPARSABLE = `oatf: "0.1"
attack:
  status: nope
  name: 5
  execution:
    mode: mcp_server
    state: {}
`;
/** Block mappings nested past the depth limit: the error is deep in the text. */
const DEEP_BLOCK = `oatf: "0.1"\nattack:\n  x:\n${Array.from(
  { length: MAX_DEPTH + 8 },
  (_, i) => `${"  ".repeat(i + 2)}k:\n`,
).join("")}`;
/** Flow sequences nested past the depth limit, all on line 3. */
const DEEP_FLOW = `oatf: "0.1"\nattack:\n  x: ${"[".repeat(MAX_DEPTH + 8)}${"]".repeat(MAX_DEPTH + 8)}\n`;

function parseErrors(text: string): ParseError[] {
  const result = parse(text);
  if (result.ok) throw new Error("expected parse errors");
  return result.error;
}

function parsed(text: string): Document {
  const result = parse(text);
  if (!result.ok) throw new Error(`fixture does not parse: ${result.error[0]?.message}`);
  return result.value;
}

const tagged = (entry: string, types: readonly SpecType[], objects: readonly object[]) =>
  objects.map((object): Sample => ({ entry, types, object }));

/** The errors and warnings of a ValidationResult, ParseErrors told apart by their `kind`. */
function ofResult(entry: string, result: ValidationResult): Sample[] {
  return [
    ...result.errors.map(
      (object): Sample => ({
        entry,
        types: "kind" in object ? PARSE_ERROR : VALIDATION_ERROR,
        object,
      }),
    ),
    ...tagged(entry, WARNING, result.warnings),
  ];
}

function ofLoad(text: string): Sample[] {
  const outcome = load(text);
  const errors: OATFError[] = outcome.ok ? [] : outcome.error;
  return [
    ...ofResult("load", { errors: errors as ValidationError[], warnings: outcome.warnings }),
    ...(outcome.ok ? tagged("load", WARNING, outcome.value.warnings) : []),
  ];
}

const NO_INDICATORS = parsed(
  `oatf: "0.1"\nattack:\n  execution:\n    mode: mcp_server\n    state: {}\n`,
);
const MESSAGE: TraceMessage = {
  protocol: "mcp",
  direction: "request",
  operation: "tools/call",
  content: { a: 1 },
};
const CEL_FAILS: Indicator = {
  id: "X-01",
  protocol: "mcp",
  surface: "tools/call",
  target: "",
  expression: { cel: "message.a.b" },
};

function verdictDiagnostics(entry: string, verdicts: readonly { diagnostics?: Diagnostic[] }[]) {
  return tagged(
    entry,
    WARNING,
    verdicts.flatMap((v) => v.diagnostics ?? []),
  );
}

const traceDiagnostics = (records: readonly TraceRecord[]) =>
  records.flatMap((r) => (r.kind === "diagnostic" ? [r.diagnostic] : []));

async function samples(): Promise<Sample[]> {
  const evaluator = createTraceEvaluator([NO_INDICATORS]);
  evaluator.push(MESSAGE);
  const monitor = createMonitor([NO_INDICATORS]);
  monitor.push(MESSAGE);
  const streamed: TraceRecord[] = [];
  for await (const record of readTrace(["{\n", '{"protocol":"mcp"}\n'], { format: "oatf" })) {
    streamed.push(record);
  }
  const evaluationErrors = [
    evaluateExpression({ cel: "message.a.b" }, { a: 1 }),
    evaluateExpression({ cel: "1" }, {}),
    evaluateExpression({ cel: "true" }, {}, null),
    evaluatePattern({ target: "a[", contains: "x" }, {}),
    evaluatePattern(5 as never, {}),
  ].flatMap((r) => (r.ok ? [] : [r.error]));
  return [
    ...tagged("parse", PARSE_ERROR, [
      ...parseErrors("oatf: [unclosed"),
      ...parseErrors(UNPARSABLE),
      ...parseErrors(DEEP_BLOCK),
      ...parseErrors(DEEP_FLOW),
    ]),
    ...ofResult("validate", validate(WARNED)),
    ...ofResult("validate", validate(SYNTHESIZED)),
    ...ofResult("validate", validate(INVALID)),
    ...ofResult("validate", validate(UNPARSABLE)),
    ...ofResult("validate", validate(parsed(INVALID))),
    ...ofResult("validate", validate(parsed(WARNED))),
    ...ofLoad(WARNED),
    ...ofLoad(INVALID),
    ...ofLoad(UNPARSABLE),
    ...ofResult("normalize", validate(normalize(parsed(WARNED)))),
    ...tagged("interpolateTemplate", WARNING, [
      ...interpolateTemplate("{{x}}", {}).diagnostics,
      ...interpolateTemplate("{{response.a}}", {}, null, { b: 1 }).diagnostics,
      ...interpolateValue({ s: "{{y}}" }, {}).diagnostics,
    ]),
    ...tagged("evaluateExpression, evaluatePattern", ["EvaluationError"], evaluationErrors),
    ...verdictDiagnostics("evaluateTrace", [evaluateTrace(NO_INDICATORS, [MESSAGE])]),
    ...verdictDiagnostics("createTraceEvaluator", evaluator.verdicts()),
    ...verdictDiagnostics("createMonitor", monitor.verdicts()),
    ...tagged("readTraceText", WARNING, traceDiagnostics(readTraceText("x\ny\n"))),
    ...tagged("readTrace", WARNING, traceDiagnostics(streamed)),
  ];
}

const all = await samples();
const objectsOf = (entry: string) => all.filter((s) => s.entry === entry).map((s) => s.object);

describe("SDK §7 on real objects", () => {
  it("every entry point gives objects with every field of the spec's tables, typed as they say", () => {
    const failures = all.flatMap(({ entry, types, object }) =>
      problemsOf(object, types).map((p) => `${entry}: ${JSON.stringify(object)}: ${p}`),
    );
    expect(failures).toEqual([]);
  });

  it("covers each entry point, each §7.0 warning and each §7.1 and §7.3 kind", () => {
    const entries = new Set(all.map((s) => s.entry));
    expect([...entries].sort()).toEqual(
      [
        "createMonitor",
        "createTraceEvaluator",
        "evaluateExpression, evaluatePattern",
        "evaluateTrace",
        "interpolateTemplate",
        "load",
        "normalize",
        "parse",
        "readTrace",
        "readTraceText",
        "validate",
      ].sort(),
    );
    const warnings = new Set(
      all.flatMap(({ object }) =>
        (object as Diagnostic).severity === "warning" ? [(object as Diagnostic).code] : [],
      ),
    );
    for (const code of ["W-001", "W-002", "W-003", "W-004", "W-005", "W-006", "W-007"]) {
      expect(warnings).toContain(code);
    }
    expect(warnings).toContain("V-018");
    expect(warnings).toContain("V-029");
    const kinds = (types: SpecType) =>
      new Set(all.filter((s) => s.types.includes(types)).map((s) => (s.object as ParseError).kind));
    expect([...kinds("ParseError")].sort()).toEqual(["syntax", "type_mismatch", "unknown_variant"]);
    expect([...kinds("EvaluationError")].sort()).toEqual([
      "cel_error",
      "path_resolution",
      "type_error",
      "unsupported_method",
    ]);
  });

  it("load's warnings, and its errors of both kinds, carry their codes", () => {
    expect(objectsOf("load").map((d) => (d as Diagnostic).code)).toEqual(
      expect.arrayContaining(["W-001", "W-002", "V-017", "V-005", "parse/type-mismatch"]),
    );
    const { object } = all.find((s) => s.entry === "load" && s.types === VALIDATION_ERROR)!;
    expect(object).toMatchObject({
      code: "V-017",
      rule: "V-017",
      spec_ref: "§4.3",
      path: "attack.severity.confidence",
    });
  });

  it("parse errors give the 1-based line and column where they are, deep YAML included", () => {
    const [unclosed] = parseErrors("oatf: [unclosed");
    expect(unclosed).toMatchObject({ kind: "syntax", code: "parse/syntax", line: 1, column: 7 });
    const [flow] = parseErrors(DEEP_FLOW);
    expect(flow).toMatchObject({ code: "parse/too-large", line: 3 });
    expect(DEEP_FLOW.split("\n")[2]![flow!.column! - 1]).toBe("[");
    const [block] = parseErrors(DEEP_BLOCK);
    expect(block?.code).toBe("parse/too-large");
    // The depth limit is passed on the line of the key nested one level too deep.
    expect(block?.line).toBeGreaterThan(MAX_DEPTH - 3);
    expect(DEEP_BLOCK.split("\n")[block!.line! - 1]).toMatch(/^ +k:$/);
    expect(parseErrors(UNPARSABLE).map((e) => [e.code, e.kind, e.line, e.column])).toEqual([
      ["V-005", "unknown_variant", 3, 11],
      ["parse/type-mismatch", "type_mismatch", 4, 9],
    ]);
  });

  it("evaluateIndicator turns an EvaluationError into an error verdict with its message", () => {
    const error = evaluateExpression({ cel: "message.a.b" }, { a: 1 });
    expect(error.ok).toBe(false);
    const verdict = evaluateIndicator(CEL_FAILS, { a: 1 });
    expect(verdict).toMatchObject({ indicator_id: "X-01", result: "error" });
    expect(verdict.evidence).toBe(error.ok ? undefined : error.error.message);
  });
});

// ---- The declarations ----------------------------------------------------------------------

/** The spec's types as TypeScript, from the tables above. */
interface SpecDiagnostic {
  severity: "error" | "warning";
  code: string;
  path?: string;
  message: string;
}
interface SpecParseError {
  kind: "syntax" | "type_mismatch" | "unknown_variant";
  message: string;
  path?: string;
  line?: number;
  column?: number;
}
interface SpecValidationError {
  rule: string;
  spec_ref: string;
  message: string;
  path: string;
}
interface SpecEvaluationError {
  kind:
    | "path_resolution"
    | "regex_timeout"
    | "cel_error"
    | "type_error"
    | "semantic_error"
    | "unsupported_method";
  message: string;
  indicator_id?: string;
}

describe("SDK §7 in the declarations", () => {
  it("declares each type with the spec's fields, required where the spec requires them", () => {
    expectTypeOf<Diagnostic>().toExtend<SpecDiagnostic>();
    expectTypeOf<ParseError>().toExtend<SpecDiagnostic & SpecParseError>();
    expectTypeOf<ValidationError>().toExtend<SpecDiagnostic & SpecValidationError>();
    expectTypeOf<EvaluationError>().toEqualTypeOf<SpecEvaluationError>();
    // Optional fields are declared too (extending a type says nothing of its optional keys).
    expectTypeOf<Diagnostic>().toHaveProperty("path");
    expectTypeOf<ParseError>().toHaveProperty("line");
    expectTypeOf<ParseError>().toHaveProperty("column");
    expectTypeOf<ParseError["line"]>().toEqualTypeOf<number | undefined>();
    expectTypeOf<ParseError["column"]>().toEqualTypeOf<number | undefined>();
    expectTypeOf<Diagnostic["code"]>().toEqualTypeOf<Diagnostic["rule"]>();
  });

  it("declares the entry points to return them", () => {
    expectTypeOf(parse).returns.toExtend<
      { ok: true; value: Document } | { ok: false; error: SpecParseError[] }
    >();
    expectTypeOf(validate).returns.toExtend<{
      errors: SpecValidationError[];
      warnings: SpecDiagnostic[];
    }>();
    expectTypeOf(load).returns.toHaveProperty("warnings").toExtend<SpecDiagnostic[]>();
    expectTypeOf(interpolateTemplate)
      .returns.toHaveProperty("diagnostics")
      .toExtend<SpecDiagnostic[]>();
    expectTypeOf(evaluateExpression).returns.toExtend<
      { ok: true; value: boolean } | { ok: false; error: SpecEvaluationError }
    >();
    expectTypeOf(evaluatePattern).returns.toExtend<
      { ok: true; value: boolean } | { ok: false; error: SpecEvaluationError }
    >();
    expectTypeOf(readTraceText).returns.toExtend<
      ({ kind: "message" } | { kind: "diagnostic"; diagnostic: SpecDiagnostic })[]
    >();
  });
});
