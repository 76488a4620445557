// Indicators and correlation (format §4.7, §6; SDK §3.2): ids (V-010, V-024), scope
// (V-028, V-034, V-048, W-003, W-005, V-018), detection keys (V-012, V-049), patterns
// (V-013, V-021), CEL expressions (V-014, V-026, V-039), semantic detection (V-022, W-007)
// and closed values (V-005): each finding's rule, path and message.
import type { CelEvaluator } from "@oatf/model";
import {
  CORRELATION_LOGICS,
  DIRECTIONS,
  INDICATOR_METHODS,
  SEMANTIC_INTENT_CLASSES,
  SEVERITY_LEVELS,
  TIERS,
} from "@oatf/model";
import { knownProtocols } from "@oatf/registries";
import { describe, expect, it } from "vitest";
import { findings, notAllowed, withAttack } from "./findings.js";
import { celStub } from "./support.js";

const PATTERN = { contains: "secret" };
/** An indicator with a pattern, and `fields`. */
const indicator = (fields: Record<string, unknown> = {}) => ({
  target: "content[*].text",
  pattern: PATTERN,
  ...fields,
});
/** Findings for an attack (MCP server, single phase) with these indicators and fields. */
const withIndicators = (indicators: unknown[], fields: Record<string, unknown> = {}) =>
  findings(withAttack({ indicators, ...fields }));
const errorsOf = (fields: Record<string, unknown>) => withIndicators([indicator(fields)]).errors;

describe("the indicator list and correlation", () => {
  it("V-006: the list is not empty", () => {
    expect(withIndicators([]).errors).toEqual([
      {
        rule: "V-006",
        path: "attack.indicators",
        message: "`indicators` needs at least one entry; omit it for a simulation-only document",
      },
    ]);
  });

  it("V-047: correlation needs indicators; V-005: its logic", () => {
    expect(findings(withAttack({ correlation: { logic: "any" } })).errors).toEqual([
      {
        rule: "V-047",
        path: "attack.correlation",
        message: "`correlation` only applies with `indicators`; add indicators or remove it",
      },
    ]);
    expect(withIndicators([indicator()], { correlation: { logic: "xor" } }).errors).toEqual([
      notAllowed("attack.correlation.logic", "xor", CORRELATION_LOGICS),
    ]);
  });

  it("V-005: direction, severity and tier take their closed values", () => {
    expect(errorsOf({ direction: "both", severity: "dire", tier: "total" })).toEqual([
      notAllowed("attack.indicators[0].direction", "both", DIRECTIONS),
      notAllowed("attack.indicators[0].severity", "dire", SEVERITY_LEVELS),
      notAllowed("attack.indicators[0].tier", "total", TIERS),
    ]);
  });

  it("V-025: confidence is an integer percentage", () => {
    expect(errorsOf({ confidence: "90" })).toEqual([
      {
        rule: "V-025",
        path: "attack.indicators[0].confidence",
        message: 'confidence must be an integer from 0 to 100, got "90"',
      },
    ]);
  });
});

describe("indicator ids", () => {
  const ids = (attackId: unknown, ...indicatorIds: unknown[]) =>
    withIndicators(
      indicatorIds.map((id) => (id === undefined ? indicator() : indicator({ id }))),
      { id: attackId },
    ).errors.filter((e) => e.rule === "V-010" || e.rule === "V-024");

  it("V-010: ids are unique", () => {
    expect(ids(undefined, "probe", "probe")).toEqual([
      {
        rule: "V-010",
        path: "attack.indicators[1].id",
        message: 'indicator id "probe" is already used; ids must be unique',
      },
    ]);
  });

  it("V-010: a generated id must not be another indicator's explicit id (the first one's)", () => {
    expect(ids("ACME-001", "ACME-001-03", "ACME-001-03", undefined)).toEqual([
      {
        rule: "V-010",
        path: "attack.indicators[1].id",
        message: 'indicator id "ACME-001-03" is already used; ids must be unique',
      },
      {
        rule: "V-010",
        path: "attack.indicators[2].id",
        message:
          'this indicator has no id, and the one normalization generates for it, "ACME-001-03", is the explicit id of attack.indicators[0]; give this indicator its own id or rename the other',
      },
    ]);
  });

  it("items that are not objects have no id and take part in none", () => {
    const { errors } = withIndicators([
      null,
      "probe",
      indicator({ id: "indicator-03" }),
      indicator(),
    ]);
    expect(errors.filter((e) => e.rule === "V-010")).toEqual([]);
  });

  it("V-024: with an attack id, an indicator id is that id and two or more digits", () => {
    expect(ids("ACME-001", "ACME-001-01", "ACME-001-123")).toEqual([]);
    const v024 = (attackId: string, id: unknown) => ({
      rule: "V-024",
      path: "attack.indicators[0].id",
      message: `indicator id ${JSON.stringify(id)} must be "${attackId}-NN" (two or more digits), e.g. ${attackId}-01`,
    });
    for (const id of ["ACME-001-1", "ACME-001-01x", "ACME-002-01", 1]) {
      expect(ids("ACME-001", id)).toEqual([v024("ACME-001", id)]);
    }
    // The pattern holds even when the attack id breaks V-023.
    expect(ids("aCME-001", "aCME-001-01")).toEqual([v024("aCME-001", "aCME-001-01")]);
  });
});

describe("protocol and actor scope", () => {
  const TWO_ACTORS = {
    actors: [
      { name: "server", mode: "mcp_server", phases: [{ state: { tools: [] } }] },
      { name: "client", mode: "a2a_client", phases: [{ state: {} }] },
    ],
  };

  it("V-034: a protocol is a lowercase name, nothing before or after", () => {
    for (const protocol of ["9mcp", "mcp-x", ["mcp"]]) {
      expect(errorsOf({ protocol })).toEqual([
        {
          rule: "V-034",
          path: "attack.indicators[0].protocol",
          message: `protocol ${JSON.stringify(protocol)} must match [a-z][a-z0-9_]*, e.g. mcp`,
        },
      ]);
    }
  });

  it("W-003: a well-formed protocol no included binding defines", () => {
    expect(withIndicators([indicator({ protocol: "smtp" })]).warnings).toContainEqual({
      rule: "W-003",
      path: "attack.indicators[0].protocol",
      message: `protocol "smtp" is not defined by an included binding (${knownProtocols().join(", ")}); check for a typo`,
    });
  });

  it("V-028: without an execution mode to inherit, the protocol is declared", () => {
    const { errors } = withIndicators([indicator()], { execution: TWO_ACTORS });
    expect(errors).toEqual([
      {
        rule: "V-028",
        path: "attack.indicators[0].protocol",
        message:
          "with no `execution.mode` to inherit from (mode-less phases or multi-actor form), every indicator must declare `protocol`, e.g. mcp",
      },
    ]);
  });

  it("V-048: the actor exists", () => {
    expect(
      withIndicators([indicator({ protocol: "mcp", actor: "ghost" })], { execution: TWO_ACTORS }),
    ).toEqual({
      errors: [
        {
          rule: "V-048",
          path: "attack.indicators[0].actor",
          message: 'actor "ghost" does not exist; actors: server, client',
        },
      ],
      warnings: [],
    });
    expect(
      findings({ oatf: "0.1", attack: { indicators: [indicator({ actor: "ghost" })] } }).errors,
    ).toContainEqual({
      rule: "V-048",
      path: "attack.indicators[0].actor",
      message: 'actor "ghost" does not exist; actors: (none)',
    });
  });

  it("W-005: no actor the indicator sees speaks its protocol", () => {
    const warnings = (fields: Record<string, unknown>, execution?: unknown) =>
      withIndicators([indicator(fields)], execution ? { execution } : {}).warnings;
    expect(warnings({ protocol: "mcp" })).toEqual([]);
    expect(warnings({ protocol: "mcp", actor: "server" }, TWO_ACTORS)).toEqual([]);
    expect(warnings({ protocol: "a2a" })).toEqual([
      {
        rule: "W-005",
        path: "attack.indicators[0].protocol",
        message:
          'no actor speaks protocol "a2a" (the execution profile uses mcp); this indicator will see no traffic',
      },
    ]);
    expect(warnings({ protocol: "ag_ui" }, TWO_ACTORS)).toEqual([
      {
        rule: "W-005",
        path: "attack.indicators[0].protocol",
        message:
          'no actor speaks protocol "ag_ui" (the execution profile uses mcp, a2a); this indicator will see no traffic',
      },
    ]);
    expect(warnings({ protocol: "mcp", actor: "client" }, TWO_ACTORS)).toEqual([
      {
        rule: "W-005",
        path: "attack.indicators[0].protocol",
        message:
          'no actor speaks protocol "mcp" (actor "client" uses a2a); this indicator will see no traffic',
      },
    ]);
  });

  it("V-018: the surface is an operation of the protocol, when the protocol is known", () => {
    expect(withIndicators([indicator({ surface: "tools/call" })]).warnings).toEqual([]);
    const unknown = withIndicators([indicator({ surface: "send", protocol: "smtp" })]).warnings;
    expect(unknown.map((w) => w.rule)).toEqual(["W-003", "W-005"]);
    expect(withIndicators([indicator({ surface: "tools/run" })]).warnings).toEqual([
      {
        rule: "V-018",
        path: "attack.indicators[0].surface",
        message:
          'surface "tools/run" is not an operation of protocol mcp; check the binding\'s operation names (e.g. initialize, ping, tools/list)',
      },
    ]);
  });
});

describe("detection keys", () => {
  it("V-012: exactly one of pattern, expression and semantic", () => {
    expect(withIndicators([{ target: "" }]).errors).toEqual([
      {
        rule: "V-012",
        path: "attack.indicators[0]",
        message: "an indicator needs one detection key: pattern, expression or semantic",
      },
    ]);
    expect(errorsOf({ expression: { cel: "true" } })).toEqual([
      {
        rule: "V-012",
        path: "attack.indicators[0]",
        message:
          "an indicator has exactly one detection key, found pattern and expression; split it into separate indicators",
      },
    ]);
  });

  it("V-005 and V-049: `method` names a method the indicator has", () => {
    expect(errorsOf({ method: "pattern" })).toEqual([]);
    expect(errorsOf({ method: "regex" })).toEqual([
      notAllowed("attack.indicators[0].method", "regex", INDICATOR_METHODS),
    ]);
    expect(errorsOf({ method: "semantic" })).toEqual([
      {
        rule: "V-049",
        path: "attack.indicators[0].method",
        message: 'method is "semantic" but the indicator has no `semantic` block (found pattern)',
      },
    ]);
    expect(errorsOf({ method: "semantic", expression: { cel: "true" } })).toContainEqual({
      rule: "V-049",
      path: "attack.indicators[0].method",
      message:
        'method is "semantic" but the indicator has no `semantic` block (found pattern, expression)',
    });
    expect(withIndicators([{ target: "", method: "expression" }]).errors).toContainEqual({
      rule: "V-049",
      path: "attack.indicators[0].method",
      message: 'method is "expression" but the indicator has no `expression` block',
    });
  });
});

describe("targets and patterns (V-021, V-013)", () => {
  const v021 = (path: string, why: string) => ({
    rule: "V-021",
    path,
    message: `target must be a wildcard dot-path such as tools[*].description, without numeric indexes (${why})`,
  });

  it("a missing target is not a V-021 (the indicator's is required, the pattern's is not)", () => {
    expect(errorsOf({ target: undefined }).map((e) => e.rule)).toEqual(["parse/missing-field"]);
    expect(errorsOf({ pattern: { target: undefined, ...PATTERN } })).toEqual([]);
  });

  it("a target is a wildcard dot-path", () => {
    expect(errorsOf({ target: 5 })).toEqual([v021("attack.indicators[0].target", "got 5")]);
    const [error] = errorsOf({ target: "tools[0]" });
    expect(error).toMatchObject({ rule: "V-021", path: "attack.indicators[0].target" });
    expect(error!.message).toMatch(/\(invalid .*tools\[0\].*\)$/);
  });

  it("checks the pattern's own target", () => {
    expect(errorsOf({ pattern: { target: 5, ...PATTERN } })).toEqual([
      v021("attack.indicators[0].pattern.target", "got 5"),
    ]);
  });

  it("compiles regexes of both pattern forms, with the compiler's position when it has one", () => {
    expect(
      errorsOf({ pattern: { regex: "(a)\\1" } }).concat(
        errorsOf({ pattern: { condition: { regex: "(" } } }),
        errorsOf({ pattern: { regex: 5 } }),
      ),
    ).toEqual([
      {
        rule: "V-013",
        path: "attack.indicators[0].pattern.regex",
        message: "invalid RE2 regular expression: invalid escape sequence: `\\1` (at offset 3)",
      },
      {
        rule: "V-013",
        path: "attack.indicators[0].pattern.condition.regex",
        message: "invalid RE2 regular expression: missing closing ): `(`",
      },
      {
        rule: "V-013",
        path: "attack.indicators[0].pattern.regex",
        message: "regular expression must be a string, got 5",
      },
    ]);
  });
});

describe("CEL expressions", () => {
  const expression = (fields: Record<string, unknown>) =>
    withIndicators([{ target: "", expression: { cel: "true", ...fields } }]).errors;
  const withChecker = (check: CelEvaluator["check"]) =>
    findings(withAttack({ indicators: [{ target: "", expression: { cel: "size(x)" } }] }), {
      cel: { ...celStub, check },
    }).errors;
  const v014 = (message: string) => ({
    rule: "V-014",
    path: "attack.indicators[0].expression.cel",
    message,
  });

  it("V-014: `cel` is a string", () => {
    expect(expression({ cel: 5 })).toEqual([v014("`cel` must be a CEL expression string, got 5")]);
  });

  it("V-014: the checker's error, with its position when it has one", () => {
    expect(withChecker(() => ({ ok: true, value: undefined }))).toEqual([]);
    expect(
      withChecker(() => ({ ok: false, error: { message: "no", line: 2, column: 7 } })),
    ).toEqual([v014("CEL syntax error at 2:7: no")]);
    expect(withChecker(() => ({ ok: false, error: { message: "no", column: 7 } }))).toEqual([
      v014("CEL syntax error at 1:7: no"),
    ]);
    expect(withChecker(() => ({ ok: false, error: { message: "no" } }))).toEqual([
      v014("CEL syntax error: no"),
    ]);
    expect(
      withChecker(() => {
        throw new Error("boom");
      }),
    ).toEqual([v014("CEL syntax error: the CEL checker failed: Error: boom")]);
  });

  it("V-039: variable names are CEL identifiers, with a suggestion", () => {
    const variables = { _ok1: "arguments.a", "9a-1": "arguments.b", "a-1": "arguments.c" };
    expect(expression({ variables })).toEqual([
      {
        rule: "V-039",
        path: "attack.indicators[0].expression.variables.9a-1",
        message:
          'variable name "9a-1" is not a CEL identifier; use letters, digits and _, not starting with a digit, e.g. _9a_1',
      },
      {
        rule: "V-039",
        path: "attack.indicators[0].expression.variables.a-1",
        message:
          'variable name "a-1" is not a CEL identifier; use letters, digits and _, not starting with a digit, e.g. a_1',
      },
    ]);
  });

  it("V-026: variable sources are simple dot-paths", () => {
    expect(expression({ variables: { a: 5, b: "arguments[0]" } })).toEqual([
      {
        rule: "V-026",
        path: "attack.indicators[0].expression.variables.a",
        message: "variable source must be a simple dot-path without [*] or [0] (got 5)",
      },
      {
        rule: "V-026",
        path: "attack.indicators[0].expression.variables.b",
        message:
          'variable source must be a simple dot-path without [*] or [0] (invalid simple dot-path "arguments[0]" at position 9: numeric index; numeric indices are not supported; use a CEL expression for positional access)',
      },
    ]);
  });
});

describe("semantic detection", () => {
  const semantic = (fields: Record<string, unknown>) =>
    findings(withAttack({ indicators: [{ target: "", semantic: { intent: "leak", ...fields } }] }));

  it("W-007: semantic detection is experimental", () => {
    expect(semantic({})).toEqual({
      errors: [],
      warnings: [
        {
          rule: "W-007",
          path: "attack.indicators[0].semantic",
          message:
            "semantic detection is experimental and model-dependent; results may differ between tools (give examples)",
        },
      ],
    });
  });

  it("V-022: the threshold is a number from 0 to 1", () => {
    expect(semantic({ threshold: 0 }).errors).toEqual([]);
    expect(semantic({ threshold: 1 }).errors).toEqual([]);
    for (const threshold of [-0.1, 1.5, "0.5"]) {
      expect(semantic({ threshold }).errors).toEqual([
        {
          rule: "V-022",
          path: "attack.indicators[0].semantic.threshold",
          message: `threshold must be a number from 0.0 to 1.0, got ${JSON.stringify(threshold)}`,
        },
      ]);
    }
  });

  it("V-021 and V-005: its target and intent class", () => {
    expect(semantic({ target: 5, intent_class: "mischief" }).errors).toEqual([
      {
        rule: "V-021",
        path: "attack.indicators[0].semantic.target",
        message:
          "target must be a wildcard dot-path such as tools[*].description, without numeric indexes (got 5)",
      },
      notAllowed("attack.indicators[0].semantic.intent_class", "mischief", SEMANTIC_INTENT_CLASSES),
    ]);
  });
});
