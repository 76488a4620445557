// Issue 32 reviewed from the spec text alone (SDK §7 tables, format §6 trace filtering, §9.1/§9.2
// verdicts, V-008), through public entry points only: `oatf`, `oatf/advanced` and the per-package
// entries. Every expectation below is read off the spec or the issue, not off the implementation;
// the enumerations are copied from the spec tables on purpose (not imported from the SDK).
import { parse as modelParse } from "@oatf/model";
import { normalize as packageNormalize } from "@oatf/normalize";
import { readTraceText as packageReadTraceText } from "@oatf/trace";
import { validate as packageValidate } from "@oatf/validate";
import {
  type Diagnostic,
  type Document,
  type EvaluationError,
  evaluateExpression,
  evaluateIndicator,
  evaluatePattern,
  evaluateTrace,
  interpolateTemplate,
  interpolateValue,
  load,
  normalize,
  type ParseError,
  parse,
  readTraceText,
  type TraceMessage,
  type ValidationError,
  validate,
} from "oatf";
import { describe, expect, it } from "vitest";

// SDK §7.0 / §7.1 / §7.3, as the tables list them.
const SEVERITIES = ["error", "warning"];
const PARSE_ERROR_KINDS = ["syntax", "type_mismatch", "unknown_variant"];
const EVALUATION_ERROR_KINDS = [
  "path_resolution",
  "regex_timeout",
  "cel_error",
  "type_error",
  "semantic_error",
  "unsupported_method",
];

/** SDK §7.0: `severity`, `code` (String), `path?` (String), `message` (String); §7.2/§7.1 need `rule`. */
function expectDiagnostic(d: Diagnostic, severity?: string) {
  expect(SEVERITIES).toContain(d.severity);
  if (severity !== undefined) expect(d.severity).toBe(severity);
  expect(typeof d.code).toBe("string");
  expect(d.code.length).toBeGreaterThan(0);
  // The issue: `rule` stays (the conformance fixtures read it), the same identifier as `code`.
  expect(d.rule).toBe(d.code);
  expect(typeof d.message).toBe("string");
  expect(d.message.length).toBeGreaterThan(0);
  if ("path" in d && d.path !== undefined) expect(typeof d.path).toBe("string");
}

/** SDK §7.2: `rule`, `spec_ref` (a section reference), `message`, `path` (all Strings). */
function expectValidationError(e: ValidationError) {
  expectDiagnostic(e, "error");
  expect(typeof e.rule).toBe("string");
  expect(typeof e.spec_ref).toBe("string");
  expect(e.spec_ref).toMatch(/§/);
  expect(typeof e.path).toBe("string");
}

/** SDK §7.1: `kind` (ParseErrorKind), `message`, `path?`, `line?`, `column?` (1-based integers). */
function expectParseError(e: ParseError) {
  expectDiagnostic(e, "error");
  expect(PARSE_ERROR_KINDS).toContain(e.kind);
  for (const n of [e.line, e.column]) {
    if (n === undefined) continue;
    expect(Number.isInteger(n)).toBe(true);
    expect(n).toBeGreaterThanOrEqual(1);
  }
}

/** SDK §7.3: `kind` (EvaluationErrorKind), `message`, `indicator_id?`. */
function expectEvaluationError(e: EvaluationError) {
  expect(EVALUATION_ERROR_KINDS).toContain(e.kind);
  expect(typeof e.message).toBe("string");
  expect(e.message.length).toBeGreaterThan(0);
  if (e.indicator_id !== undefined) expect(typeof e.indicator_id).toBe("string");
}

const head = `oatf: "0.1"\nattack:\n`;
const single = (indicators: string) =>
  `${head}  execution:\n    mode: mcp_server\n    state: {tools: []}\n  indicators:\n${indicators}`;

describe("§7 declarations carry the spec's field names and types", () => {
  it("type-checks a consumer written against the §7 tables", () => {
    // Compiled by `pnpm typecheck`: a renamed or retyped field breaks this function.
    const consume = (
      d: Diagnostic,
      p: ParseError,
      v: ValidationError,
      e: EvaluationError,
    ): unknown[] => {
      const diagnostic: [string, string, string | undefined, string] = [
        d.severity,
        d.code,
        d.path,
        d.message,
      ];
      const parseError: [
        string,
        string,
        string | undefined,
        number | undefined,
        number | undefined,
      ] = [p.kind, p.message, p.path, p.line, p.column];
      const validationError: [string, string, string, string] = [
        v.rule,
        v.spec_ref,
        v.message,
        v.path,
      ];
      const evaluationError: [string, string, string | undefined] = [
        e.kind,
        e.message,
        e.indicator_id,
      ];
      return [diagnostic, parseError, validationError, evaluationError];
    };
    expect(consume).toBeTypeOf("function");
  });
});

describe("§7.1 ParseError from parse", () => {
  it("a syntax error deep in the YAML has kind syntax and its 1-based line and column", () => {
    let text = `${head}  x-deep:\n`;
    for (let i = 0; i < 40; i++) text += `${" ".repeat(4 + 2 * i)}k:\n`;
    // Line 44 (3 header lines, 40 keys), the quote at column 88 (84 spaces, `v: `).
    text += `${" ".repeat(84)}v: "unterminated\n`;
    for (const entry of [parse, modelParse]) {
      const result = entry(text);
      expect(result.ok).toBe(false);
      if (result.ok) return;
      const [error] = result.error;
      expectParseError(error!);
      expect(error).toMatchObject({ kind: "syntax", line: 44, column: 88 });
    }
  });

  it("an unclosed flow sequence is reported at its `[`", () => {
    const result = parse(`${head}  status: [x\n`);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expectParseError(result.error[0]!);
    expect(result.error[0]).toMatchObject({ kind: "syntax", line: 3, column: 11 });
  });

  it("a type mismatch and an unknown variant carry their kind, dot-path, line and column", () => {
    const mismatch = parse(
      `${head}  execution:\n    mode: mcp_server\n    phases:\n      - state: {}\n        trigger:\n          event: tools/call\n          count: "three"\n`,
    );
    expect(mismatch.ok).toBe(false);
    if (mismatch.ok) return;
    const error = mismatch.error.find((e) => e.kind === "type_mismatch");
    expectParseError(error!);
    expect(error).toMatchObject({
      path: "attack.execution.phases[0].trigger.count",
      line: 9,
      column: 18,
    });

    const variant = parse(`${head}  status: wat\n  execution: {mode: mcp_server, state: {}}\n`);
    expect(variant.ok).toBe(false);
    if (variant.ok) return;
    expectParseError(variant.error[0]!);
    expect(variant.error[0]).toMatchObject({
      kind: "unknown_variant",
      path: "attack.status",
      line: 3,
      column: 11,
    });
  });

  it("a byte order mark does not shift lines or columns", () => {
    const result = parse(
      `\uFEFF${head}  status: wat\n  execution: {mode: mcp_server, state: {}}\n`,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error[0]).toMatchObject({ kind: "unknown_variant", line: 3, column: 11 });
  });

  it("nesting past the limit is a positioned ParseError, never a thrown stack overflow", () => {
    const flow = `${head}  x-a: ${"[".repeat(100_000)}${"]".repeat(100_000)}\n`;
    let block = `${head}  x-deep:\n`;
    for (let i = 0; i < 200; i++) block += `${" ".repeat(4 + 2 * i)}k:\n`;
    for (const text of [flow, block]) {
      const result = parse(text);
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expectParseError(result.error[0]!);
      expect(result.error[0]!.line).toBeGreaterThanOrEqual(3);
      expect(result.error[0]!.column).toBeGreaterThanOrEqual(1);
    }
  });
});

describe("§7.2 ValidationError and §7.0 warnings from validate", () => {
  const errorsOf = (text: string) => validate(text).errors;
  const warningsOf = (text: string) => validate(text).warnings;

  it("V-rule errors carry rule, spec_ref, message and path, through `oatf` and `@oatf/validate`", () => {
    const text = `${head}  severity: {level: high, confidence: 500}\n  execution: {mode: mcp_server, state: {}}\n`;
    const [viaOatf] = errorsOf(text);
    expectValidationError(viaOatf!);
    expect(viaOatf).toMatchObject({
      rule: "V-017",
      code: "V-017",
      path: "attack.severity.confidence",
    });
    const parsed = parse(text);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const [viaPackage] = packageValidate(parsed.value).errors;
    expectValidationError(viaPackage!);
    expect(viaPackage!.rule).toBe("V-017");
  });

  it.each([
    ["W-001", `attack:\n  execution: {mode: mcp_server, state: {}}\noatf: "0.1"\n`],
    ["W-002", `${head}  execution: {mode: mpc_server, state: {}}\n`],
    ["W-003", single(`    - protocol: mpc\n      target: ""\n      pattern: {contains: x}\n`)],
    [
      "W-004",
      `${head}  execution:\n    mode: mcp_server\n    state:\n      tools:\n        - name: t\n          description: "{{nope}}"\n          inputSchema: {type: object}\n`,
    ],
    ["W-005", single(`    - protocol: a2a\n      target: ""\n      pattern: {contains: x}\n`)],
    [
      "W-006",
      `${head}  execution:\n    mode: mcp_server\n    state:\n      tools:\n        - name: t\n          description: d\n          inputSchema: {type: object}\n          responses:\n            - synthesize: {prompt: "make it"}\n`,
    ],
    ["W-007", single(`    - target: ""\n      semantic: {intent: "x"}\n`)],
  ])("%s is a warning Diagnostic with code and rule", (code, text) => {
    const warning = warningsOf(text).find((w) => w.code === code);
    expect(warning, `${code} in ${JSON.stringify(warningsOf(text))}`).toBeDefined();
    expectDiagnostic(warning!, "warning");
    expect(warning!.rule).toBe(code);
    expect(errorsOf(text)).toEqual([]);
  });

  it("parse problems inside validate(text) are ParseErrors with kind, line and column", () => {
    const [error] = errorsOf(`${head}  status: [x\n`);
    expectParseError(error as ParseError);
    expect(error).toMatchObject({ kind: "syntax", line: 3, column: 11 });
  });
});

describe("V-008: a misplaced terminal phase and more than one terminal phase are two findings", () => {
  const v008 = (text: string) => validate(text).errors.filter((e) => e.rule === "V-008");
  const phases = (list: string) =>
    `${head}  execution:\n    mode: mcp_server\n    phases:\n${list}`;
  const actor = (list: string) =>
    `${head}  execution:\n    actors:\n      - name: agent\n        mode: mcp_server\n        phases:\n${list}`;
  const indent = (list: string, by: number) =>
    list
      .split("\n")
      .map((l) => (l === "" ? l : `${" ".repeat(by)}${l}`))
      .join("\n");

  const misplaced = `      - name: a\n        state: {tools: []}\n      - name: b\n        trigger: {event: tools/call}\n`;
  const twoTerminal = `      - name: a\n        state: {tools: []}\n        trigger: {event: tools/call}\n      - name: b\n      - name: c\n`;

  it("in attack.execution.phases: the misplaced terminal phase at the phase", () => {
    const errors = v008(phases(misplaced));
    expect(errors).toHaveLength(1);
    expectValidationError(errors[0]!);
    expect(errors[0]!.path).toBe("attack.execution.phases[0]");
  });

  it("in attack.execution.phases: more than one terminal phase at the list", () => {
    const errors = v008(phases(twoTerminal));
    const atList = errors.filter((e) => e.path === "attack.execution.phases");
    expect(atList).toHaveLength(1);
    expectValidationError(atList[0]!);
    // Never reported as if it were only about the second phase.
    expect(errors.map((e) => e.path)).not.toContain("attack.execution.phases[2]");
  });

  it("in an actor's phases: the same two findings at the actor's phase and list", () => {
    const misplacedErrors = v008(actor(indent(misplaced, 4)));
    expect(misplacedErrors.map((e) => e.path)).toEqual(["attack.execution.actors[0].phases[0]"]);
    const twoErrors = v008(actor(indent(twoTerminal, 4)));
    expect(twoErrors.map((e) => e.path)).toContain("attack.execution.actors[0].phases");
    expect(twoErrors.map((e) => e.path)).not.toContain("attack.execution.actors[0].phases[2]");
  });

  it("one terminal phase, last, is valid", () => {
    expect(
      v008(
        phases(
          `      - state: {tools: []}\n        trigger: {event: tools/call}\n      - name: b\n`,
        ),
      ),
    ).toEqual([]);
  });
});

describe("CEL in validate", () => {
  const celDoc = (cel: string) =>
    single(`    - target: ""\n      expression:\n        cel: ${cel}\n`);

  it("`size(message.arguments` points at the missing `)`, not at the `(`", () => {
    const text = celDoc("size(message.arguments");
    const [error] = validate(text).errors;
    expectValidationError(error!);
    expect(error!.rule).toBe("V-014");
    expect(error!.message).toMatch(/\)/);
    expect(error!.message).not.toMatch(/found \( but expecting end of input/);
    // Line 9 is `        cel: size(message.arguments`: the expression ends at column 35, so the
    // missing `)` is column 36.
    expect(error!.range?.start).toMatchObject({ line: 9, column: 36 });
  });

  it("the position survives YAML escapes before it", () => {
    const text = celDoc(`"message.a == \\"x\\" && size(message.b"`);
    const [error] = validate(text).errors;
    const line = text.split("\n")[error!.range!.start.line - 1]!;
    // At the closing quote: just past `message.b`, where the `)` is missing.
    expect(line[error!.range!.start.column - 1]).toBe('"');
    expect(line.slice(0, error!.range!.start.column - 1)).toMatch(/size\(message\.b$/);
  });

  it("`contans` is a warning with did-you-mean `contains` (a custom evaluator may declare more)", () => {
    for (const cel of [`'message.arguments.contans("x")'`, `'contans(message.arguments, "x")'`]) {
      const result = validate(celDoc(cel));
      expect(result.errors).toEqual([]);
      const warning = result.warnings.find((w) => /contans/.test(w.message));
      expect(warning).toBeDefined();
      expectDiagnostic(warning!, "warning");
      expect(warning!.message).toMatch(/did you mean `?contains`?/);
      expect(warning!.path).toBe("attack.indicators[0].expression.cel");
    }
  });
});

describe("load, normalize and interpolateTemplate", () => {
  it("load's warnings are §7.0 Diagnostics with code (W-005 here), beside the normalized document", () => {
    const outcome = load(
      single(`    - protocol: a2a\n      target: ""\n      pattern: {contains: x}\n`),
    );
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    const warning = outcome.value.warnings.find((w) => w.code === "W-005");
    expectDiagnostic(warning!, "warning");
    expect(outcome.value.document.attack.execution.actors[0]!.name).toBe("default");
  });

  it("load returns parse errors first, else validation errors (§7.4), each in its §7 shape", () => {
    const parseFailure = load(`${head}  status: [x\n`);
    expect(parseFailure.ok).toBe(false);
    if (!parseFailure.ok) expectParseError(parseFailure.error[0] as ParseError);
    const invalid = load(`${head}  execution: {}\n`);
    expect(invalid.ok).toBe(false);
    if (!invalid.ok) expectValidationError(invalid.error[0] as ValidationError);
  });

  it("normalize (oatf and @oatf/normalize) is idempotent and leaves its input as it was", () => {
    const parsed = parse(single(`    - target: x\n      pattern: {contains: y}\n`));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const before = JSON.stringify(parsed.value);
    for (const entry of [normalize, packageNormalize]) {
      const once = entry(parsed.value);
      expect(JSON.stringify(entry(once))).toBe(JSON.stringify(once));
      expect(JSON.stringify(parsed.value)).toBe(before);
      expect(once.attack.indicators?.[0]?.id).toBe("indicator-01");
    }
  });

  it("interpolateTemplate's W-004 diagnostics carry code and rule, both sub-cases (SDK §5.5)", () => {
    const { value, diagnostics } = interpolateTemplate(
      "a={{nope}} b={{request.x.y}} c={{response.z}} d=\\{{kept}}",
      {},
      {},
      { z: 1 },
    );
    expect(value).toBe("a= b= c=1 d={{kept}}");
    expect(diagnostics).toHaveLength(2);
    for (const d of diagnostics) {
      expectDiagnostic(d, "warning");
      expect(d.code).toBe("W-004");
    }
  });
});

describe("§7.3 EvaluationError from the evaluators", () => {
  it("evaluateExpression: non-boolean is type_error, a missing field a cel_error, no evaluator unsupported", () => {
    const nonBoolean = evaluateExpression({ cel: "1 + 1" }, {});
    const missing = evaluateExpression({ cel: "message.a.b == 1" }, {});
    const none = evaluateExpression({ cel: "true" }, {}, null);
    for (const [result, kind] of [
      [nonBoolean, "type_error"],
      [missing, "cel_error"],
      [none, undefined],
    ] as const) {
      expect(result.ok).toBe(false);
      if (result.ok) continue;
      expectEvaluationError(result.error);
      if (kind !== undefined) expect(result.error.kind).toBe(kind);
    }
  });

  it("evaluatePattern's failure is an EvaluationError, and evaluators that throw never escape", () => {
    const bad = evaluatePattern({ target: "a", condition: { regex: "(" } }, { a: "x" });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expectEvaluationError(bad.error);

    const indicator = { id: "X-01", protocol: "mcp", target: "", expression: { cel: "true" } };
    const throwing = {
      evaluate: () => {
        throw new Error("boom");
      },
    };
    expect(evaluateIndicator(indicator, {}, { cel: throwing }).result).toBe("error");
    const thrown = evaluateExpression(indicator.expression, {}, throwing);
    expect(thrown.ok).toBe(false);
    if (!thrown.ok) expectEvaluationError(thrown.error);
  });
});

describe("trace readers: diagnostics with code", () => {
  it.each([
    ["oatf", '{"protocol":"mcp","direction":"request","operation":"x","content":{}}\n{bad\n'],
    ["jsonrpc", '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{}}\n{bad\n'],
    ["ag_ui", 'data: {"type":"RUN_STARTED","threadId":"t","runId":"r"}\n\ndata: {bad\n\n'],
    ["har", '{"log":{"version":"1.2","entries":[{bad}]}}\n'],
  ] as const)(
    "%s: a line that is not JSON is a Diagnostic (code, rule, severity, message)",
    (format, text) => {
      for (const read of [readTraceText, packageReadTraceText]) {
        const diagnostics = read(text, { format }).flatMap((r) =>
          r.kind === "diagnostic" ? [r.diagnostic] : [],
        );
        expect(diagnostics.length).toBeGreaterThan(0);
        for (const d of diagnostics) expectDiagnostic(d);
      }
    },
  );
});

// ---------------------------------------------------------------------------------------------
// Format §6 trace filtering and §9.1/§9.2: an indicator that no message reached is `skipped`.

const documentOf = (text: string): Document => {
  const parsed = parse(text);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.error));
  return parsed.value;
};
const call = (args: Record<string, string>, extra: Partial<TraceMessage> = {}): TraceMessage => ({
  protocol: "mcp",
  direction: "request",
  operation: "tools/call",
  content: { name: "send", arguments: args },
  ...extra,
});
const misspelt = documentOf(
  single(
    `    - surface: tools/cal\n      direction: request\n      target: arguments\n      pattern: {contains: "PRIVATE KEY"}\n`,
  ),
);
const leak = call({ body: "-----BEGIN PRIVATE KEY-----" });

describe("blind indicators (format §6, §9.1, §9.2)", () => {
  it("a misspelt surface is skipped (never not_matched) and the document's verdict is error", () => {
    const verdict = evaluateTrace(
      misspelt,
      Array.from({ length: 12 }, () => leak),
    );
    expect(verdict.indicator_verdicts[0]!.result).toBe("skipped");
    expect(verdict.evaluation_summary).toEqual({
      matched: 0,
      not_matched: 0,
      error: 0,
      skipped: 1,
    });
    expect(verdict.result).toBe("error");
    const warning = verdict.coverage[0]!.warning!;
    expect(warning).toMatch(/tools\/cal/);
    expect(warning).toMatch(/tools\/call \(12\)/);
  });

  it("the nearest surfaces come first, bounded, whatever their counts", () => {
    const noise = ["ping", "ping", "ping", "initialize", "resources/read", "prompts/get"].map(
      (operation): TraceMessage => ({
        protocol: "mcp",
        direction: "request",
        operation,
        content: {},
      }),
    );
    const warning = evaluateTrace(misspelt, [...noise, ...noise, leak]).coverage[0]!.warning!;
    expect(warning.indexOf("tools/call (1)")).toBeGreaterThan(-1);
    expect(warning.indexOf("tools/call")).toBeLessThan(warning.indexOf("ping") >>> 0);
  });

  it("some blind indicators: the verdict stands on the others, the summary counts the skipped", () => {
    const both = documentOf(
      single(
        `    - surface: tools/cal\n      target: arguments\n      pattern: {contains: "PRIVATE KEY"}\n    - surface: tools/call\n      target: arguments\n      pattern: {contains: "PRIVATE KEY"}\n`,
      ),
    );
    const verdict = evaluateTrace(both, [leak]);
    expect(verdict.result).toBe("exploited");
    expect(verdict.evaluation_summary).toEqual({
      matched: 1,
      not_matched: 0,
      error: 0,
      skipped: 1,
    });
    const sum = Object.values(verdict.evaluation_summary).reduce((a, b) => a + b, 0);
    expect(sum).toBe(2);
  });

  it("an uncaptured target (an OTel span without arguments) is skipped with a warning, not not_matched", () => {
    const fixed = documentOf(
      single(
        `    - surface: tools/call\n      target: arguments\n      pattern: {contains: "PRIVATE KEY"}\n`,
      ),
    );
    const verdict = evaluateTrace(fixed, [
      {
        protocol: "mcp",
        direction: "request",
        operation: "tools/call",
        content: { name: "x" },
        uncaptured: ["arguments"],
      },
    ]);
    expect(verdict.indicator_verdicts[0]!.result).toBe("skipped");
    expect(verdict.result).toBe("error");
    expect(verdict.coverage[0]!.warning).toBeTruthy();
  });

  it("surfaces named like Object.prototype members are only strings", () => {
    for (const surface of ["constructor", "__proto__", "toString", "hasOwnProperty"]) {
      const document = documentOf(
        single(`    - surface: "${surface}"\n      target: ""\n      pattern: {contains: x}\n`),
      );
      expect(evaluateTrace(document, [leak]).indicator_verdicts[0]!.result).toBe("skipped");
      const own: TraceMessage = {
        protocol: "mcp",
        direction: "request",
        operation: surface,
        content: "x",
      };
      expect(evaluateTrace(document, [own]).indicator_verdicts[0]!.result).toBe("matched");
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe("hostile documents and messages: nothing throws, nothing is polluted", () => {
  const proto = `${head}__proto__: {polluted: 1}\n  constructor: 1\n  execution:\n    mode: mcp_server\n    state:\n      __proto__: {tools: 1}\n      tools: []\n  indicators:\n    - target: "__proto__.x"\n      pattern: {contains: x, __proto__: 1}\n`;

  it("`__proto__` keys are reported (or kept as data) by parse, validate and load", () => {
    expect(() => [parse(proto), validate(proto), load(proto)]).not.toThrow();
    const result = validate(proto);
    expect(result.errors.length).toBeGreaterThan(0);
    for (const e of result.errors) expectDiagnostic(e, "error");
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).tools).toBeUndefined();
  });

  it("validate, normalize and evaluateTrace take any value as a document", () => {
    const values: unknown[] = [
      null,
      undefined,
      1,
      "x",
      [],
      {},
      { attack: null },
      { oatf: "0.1", attack: { execution: null } },
      { oatf: "0.1", attack: { execution: { phases: [null, 1] }, indicators: [null, 1, "x"] } },
      JSON.parse(
        '{"oatf":"0.1","__proto__":{"polluted":1},"attack":{"__proto__":{"indicators":[]}}}',
      ),
    ];
    for (const value of values) {
      const document = value as Document;
      expect(() => validate(document)).not.toThrow();
      expect(() => normalize(document)).not.toThrow();
      expect(() => evaluateTrace(document, [leak])).not.toThrow();
      expect(evaluateTrace(document, [leak]).result).toBe("error");
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("a message nested 100,000 deep and a huge template are evaluated or refused without a throw", () => {
    const deep: Record<string, unknown> = {};
    let cursor = deep;
    for (let i = 0; i < 100_000; i++) {
      const next: Record<string, unknown> = {};
      cursor.a = next;
      cursor = next;
    }
    const message = deep as never;
    const pattern = {
      id: "X-01",
      protocol: "mcp",
      target: "",
      pattern: { target: "", condition: { contains: "x" } },
    };
    const expression = {
      id: "X-02",
      protocol: "mcp",
      target: "",
      expression: { cel: "message.a.a.a == 1" },
    };
    expect(() => evaluateIndicator(pattern, message)).not.toThrow();
    expect(() => evaluateIndicator(expression, message)).not.toThrow();
    expect(() => interpolateValue(message, {}, undefined, undefined)).not.toThrow();
    expect(() => interpolateTemplate("{{".repeat(100_000), {}, undefined, undefined)).not.toThrow();
    const { diagnostics } = interpolateTemplate("{{__proto__}} {{constructor}}", {}, {}, {});
    expect(diagnostics.map((d) => d.code)).toEqual(["W-004", "W-004"]);
  });
});
