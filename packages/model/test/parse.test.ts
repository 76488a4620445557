import { type Document, getSourceInfo, type ParseError, parse } from "@oatf/model";
import { positionOrAncestor } from "@oatf/model/internal";
import { describe, expect, it } from "vitest";
import { at } from "./at.js";
import { MINIMAL } from "./fixtures.js";

function ok(input: string): Document {
  const result = parse(input);
  if (!result.ok) throw new Error(`expected a document: ${JSON.stringify(result.error)}`);
  return result.value;
}

function errors(input: string): ParseError[] {
  const result = parse(input);
  if (result.ok) throw new Error("expected parse errors");
  return result.error;
}

/** MINIMAL with `lines` added to the attack mapping (two-space indented). */
const withAttack = (lines: string) => `${MINIMAL}${lines.replace(/^/gm, "  ")}\n`;

describe("parse: the document model", () => {
  it("maps a minimal document to plain data", () => {
    expect(ok(MINIMAL)).toEqual({
      oatf: "0.1",
      attack: { execution: { mode: "mcp_server", state: { tools: [] } } },
    });
  });

  it("keeps $schema, and x- fields in extensions where the schema allows them", () => {
    const document = ok(`oatf: "0.1"
$schema: https://oatf.io/schemas/v0.1.json
attack:
  x-a: 1
  execution:
    x-b: [1]
    actors:
      - name: one
        mode: mcp_server
        x-c: {d: e}
        phases:
          - state: {x-in-state: kept}
            x-d: null
            on_enter:
              - delay_ms: 500
                x-e: true
  indicators:
    - target: ""
      expression: {cel: "true"}
      x-f: f
`);
    expect(document.$schema).toBe("https://oatf.io/schemas/v0.1.json");
    expect(document.attack.extensions).toEqual({ "x-a": 1 });
    const execution = document.attack.execution;
    expect(execution.extensions).toEqual({ "x-b": [1] });
    const actor = execution.actors![0]!;
    expect(actor.extensions).toEqual({ "x-c": { d: "e" } });
    expect(actor.phases[0]).toEqual({
      state: { "x-in-state": "kept" },
      on_enter: [{ delay_ms: 500, extensions: { "x-e": true } }],
      extensions: { "x-d": null },
    });
    expect(document.attack.indicators![0]!.extensions).toEqual({ "x-f": "f" });
  });

  it("rejects x- fields where the schema forbids them (root, trigger, pattern, severity ...)", () => {
    const found = errors(`oatf: "0.1"
x-root: 1
attack:
  severity: {level: high, x-s: 1}
  execution:
    phases:
      - state: {}
        trigger: {event: e, x-t: 1}
  indicators:
    - target: t
      pattern: {contains: c, x-p: 1}
`);
    expect(found.map((e) => e.path)).toEqual([
      "x-root",
      "attack.severity.x-s",
      "attack.execution.phases[0].trigger.x-t",
      "attack.indicators[0].pattern.x-p",
    ]);
    expect(found[0]!.message).toContain("does not allow `x-` extension fields");
  });

  it("parses severity as a scalar or an object", () => {
    expect(ok(withAttack("severity: high")).attack.severity).toBe("high");
    expect(ok(withAttack("severity: {level: low, confidence: 10}")).attack.severity).toEqual({
      level: "low",
      confidence: 10,
    });
  });

  it("parses pattern shorthand, standard form, bare and operator conditions", () => {
    const document = ok(
      withAttack(`indicators:
  - target: a
    pattern: {regex: "x+"}
  - target: a
    pattern: {target: b, condition: "ls"}
  - target: a
    pattern: {condition: {contains: x, gt: 1.5, any_of: [1, "2", null]}}
  - target: a
    pattern: {condition: {kind: bare-object}}
  - target: a
    pattern: {condition: null}
  - target: a
    pattern: {condition: [1, 2]}`),
    );
    expect(document.attack.indicators!.map((i) => i.pattern)).toEqual([
      { regex: "x+" },
      { target: "b", condition: "ls" },
      { condition: { contains: "x", gt: 1.5, any_of: [1, "2", null] } },
      { condition: { kind: "bare-object" } },
      { condition: null },
      { condition: [1, 2] },
    ]);
  });

  it("rejects `exists` in pattern shorthand: it is standard form only (format §6.2)", () => {
    expect(errors(withAttack("indicators:\n  - target: a\n    pattern: {exists: true}"))).toEqual([
      expect.objectContaining({
        kind: "type_mismatch",
        path: "attack.indicators[0].pattern.exists",
        ...at(9, 17),
        message:
          "unknown field `exists` in pattern (`exists` needs the standard form: `condition: {exists: …}`)",
      }),
    ]);
    expect(
      ok(withAttack("indicators:\n  - target: a\n    pattern: {condition: {exists: true}}")).attack
        .indicators![0]!.pattern,
    ).toEqual({ condition: { exists: true } });
  });

  it("rejects the pattern, examples and trigger shapes the schema's oneOf and minimums forbid", () => {
    const found = errors(
      withAttack(`indicators:
  - {target: a, pattern: {}}
  - {target: a, pattern: {target: b}}
  - {target: a, pattern: {condition: x, regex: y}}
  - {target: a, pattern: {contains: x, starts_with: y}}
  - {target: a, semantic: {intent: i, examples: {}}}`).replace(
        "    state:\n      tools: []",
        "    phases:\n      - state: {}\n        trigger: {event: tools/call, count: 0}",
      ),
    );
    expect(found.map((e) => [e.path, e.message])).toEqual([
      ["attack.execution.phases[0].trigger.count", "trigger count must be at least 1, found 0"],
      [
        "attack.indicators[0].pattern",
        "a pattern needs `condition` or one condition operator (e.g. contains)",
      ],
      [
        "attack.indicators[1].pattern",
        "a pattern needs `condition` or one condition operator (e.g. contains)",
      ],
      [
        "attack.indicators[2].pattern",
        "a pattern has either `condition` (standard form) or one operator (shorthand), not both; move `regex` into `condition`",
      ],
      [
        "attack.indicators[3].pattern",
        "the shorthand form takes one operator, found `contains`, `starts_with`; write several in `condition: {…}`",
      ],
      ["attack.indicators[4].semantic.examples", "examples needs `positive` or `negative`"],
    ]);
    expect(found.every((e) => e.kind === "type_mismatch" && e.range !== undefined)).toBe(true);
  });

  it("rejects a MatchCondition whose operators are all written without a value (SDK §2.11)", () => {
    const EMPTY_CONDITION =
      "a match condition needs at least one operator with a value (an operator written without one, such as `contains: ~`, is absent)";
    // `contains:` (null) is absent: the mapping had an operator key, so it is no bare value,
    // and read as `{}` it became equality with an empty object, matching nothing (silent green).
    const found = errors(
      withAttack(`indicators:
  - target: a
    pattern: {condition: {contains: null}}
execution:
  phases:
    - state: {}
      trigger: {event: tools/call, match: {name: {regex: ~}}}`).replace(
        / {2}execution:\n {4}mode: mcp_server\n {4}state:\n {6}tools: \[\]\n/,
        "",
      ),
    );
    expect(found.map((e) => [e.kind, e.path, e.message])).toEqual([
      ["type_mismatch", "attack.indicators[0].pattern.condition", EMPTY_CONDITION],
      ["type_mismatch", "attack.execution.phases[0].trigger.match.name", EMPTY_CONDITION],
    ]);
    const kept = ok(
      withAttack("indicators:\n  - target: a\n    pattern: {condition: {contains: ~, regex: x}}"),
    );
    expect(kept.attack.indicators![0]!.pattern).toEqual({ condition: { regex: "x" } });
  });

  it("checks operator types inside a MatchCondition and predicate entries", () => {
    const found = errors(
      withAttack(`indicators:
  - target: a
    pattern: {condition: {contains: 5, unknown_op: 1}}
execution:
  phases:
    - state: {}
      trigger:
        event: tools/call
        match:
          arguments.command: {starts_with: [x]}
          arguments.mode: standard`).replace(
        / {2}execution:\n {4}mode: mcp_server\n {4}state:\n {6}tools: \[\]\n/,
        "",
      ),
    );
    expect(found.map((e) => [e.kind, e.path])).toEqual([
      ["type_mismatch", "attack.indicators[0].pattern.condition.contains"],
      ["type_mismatch", "attack.indicators[0].pattern.condition.unknown_op"],
      ["type_mismatch", "attack.execution.phases[0].trigger.match.arguments.command.starts_with"],
    ]);
  });

  it("keeps every action key (validate checks the cardinality, V-041)", () => {
    const document = ok(`oatf: "0.1"
attack:
  execution:
    phases:
      - state: {}
        on_enter:
          - send: {method: notifications/tools/list_changed, params: {uri: x}}
            log: {message: hi, level: warn}
          - {}
`);
    expect(document.attack.execution.phases![0]!.on_enter).toEqual([
      {
        send: { method: "notifications/tools/list_changed", params: { uri: "x" } },
        log: { message: "hi", level: "warn" },
      },
      {},
    ]);
  });

  it("checks the known actions' fields", () => {
    const found = errors(`oatf: "0.1"
attack:
  execution:
    phases:
      - state: {}
        on_enter:
          - send: {params: {}}
          - log: {message: m, level: loud}
          - send: text
          - extensions: {}
`);
    expect(found.map((e) => [e.kind, e.path, e.rule])).toEqual([
      [
        "type_mismatch",
        "attack.execution.phases[0].on_enter[0].send.method",
        "parse/missing-field",
      ],
      ["unknown_variant", "attack.execution.phases[0].on_enter[1].log.level", "V-005"],
      ["type_mismatch", "attack.execution.phases[0].on_enter[2].send", "parse/type-mismatch"],
      ["type_mismatch", "attack.execution.phases[0].on_enter[3].extensions", "parse/unknown-field"],
    ]);
  });

  it("leaves state and message content free-form", () => {
    const state = ok(
      withAttack("").replace("tools: []", "{tools: [{name: 1, x: [true, null, 1.5]}], 200: ok}"),
    ).attack.execution.state;
    expect(state).toEqual({ tools: [{ name: 1, x: [true, null, 1.5] }], "200": "ok" });
  });

  it("treats an empty optional field as absent, but keeps null in free-form values", () => {
    const document = ok(`oatf: "0.1"
attack:
  name:
  description: ~
  execution:
    mode: mcp_server
    state:
`);
    expect(document.attack).toEqual({ execution: { mode: "mcp_server", state: null } });
  });

  it("does not reject semantic problems: those are validate's", () => {
    ok(`oatf: "9.9"
attack:
  id: not-an-id
  version: 0
  grace_period: not-a-duration
  severity: {level: high, confidence: 500}
  impact: [data_tampering, data_tampering]
  execution:
    mode: NOT A MODE
    state: "not an object"
    phases: []
    actors: []
  indicators:
    - id: dup
      target: "tools[0]"
      confidence: -3
      pattern: {regex: "(a*)\\\\1"}
      expression: {cel: "((("}
    - id: dup
      target: x
      method: semantic
      semantic: {intent: i, threshold: 7}
  correlation: {logic: all}
`);
  });
});

describe("parse: errors and their rules", () => {
  it("V-001: missing oatf, or a number instead of a version string", () => {
    expect(errors("attack:\n  execution: {}\n")).toEqual([
      expect.objectContaining({ kind: "type_mismatch", path: "oatf", rule: "V-001", ...at(1) }),
    ]);
    const [wrongType] = errors(MINIMAL.replace('"0.1"', "0.1"));
    expect(wrongType).toMatchObject({ path: "oatf", rule: "V-001", ...at(1, 7) });
    expect(wrongType!.message).toContain('quote the version: oatf: "0.1"');
  });

  it("V-003: attack missing, not a mapping, or given twice", () => {
    expect(errors('oatf: "0.1"\n')[0]).toMatchObject({ path: "attack", rule: "V-003" });
    expect(errors('oatf: "0.1"\nattack: [1]\n')[0]).toMatchObject({
      path: "attack",
      rule: "V-003",
    });
    expect(errors('oatf: "0.1"\nattack:\n')[0]).toMatchObject({ path: "attack", rule: "V-003" });
    expect(errors(`${MINIMAL}attack: {}\n`)).toContainEqual(
      expect.objectContaining({ kind: "syntax", path: "attack", rule: "V-003", ...at(7) }),
    );
  });

  it("V-004: execution missing", () => {
    expect(errors('oatf: "0.1"\nattack:\n  name: x\n')).toEqual([
      expect.objectContaining({ path: "attack.execution", rule: "V-004", ...at(2, 1) }),
    ]);
  });

  it("names the expected enumeration with its article", () => {
    const [found] = errors(withAttack("impact: [{a: 1}]"));
    expect(found?.message).toMatch(/^expected an impact \(one of: behavior_manipulation, /);
    const [category] = errors(withAttack("classification: {category: 5}"));
    expect(category?.message).toMatch(/^expected a category \(one of: /);
  });

  it("V-005: every closed enumeration, at the path validate reports", () => {
    const found = errors(`oatf: "0.1"
attack:
  status: live
  severity: {level: extreme}
  impact: [data_tampering, mayhem]
  classification:
    category: other
    mappings: [{framework: custom, id: X, relationship: cousin}]
  execution:
    phases:
      - state: {}
        extractors: [{name: n, source: body, type: xpath, selector: s}]
  indicators:
    - target: t
      direction: sideways
      method: magic
      severity: 5
      tier: outer_space
      semantic: {intent: i, intent_class: mischief}
  correlation: {logic: majority}
`);
    expect(found.map((e) => [e.path, e.rule])).toEqual([
      ["attack.status", "V-005"],
      ["attack.severity.level", "V-005"],
      ["attack.impact[1]", "V-005"],
      ["attack.classification.category", "V-005"],
      ["attack.classification.mappings[0].relationship", "V-005"],
      ["attack.execution.phases[0].extractors[0].source", "V-005"],
      ["attack.execution.phases[0].extractors[0].type", "V-005"],
      ["attack.indicators[0].direction", "V-005"],
      ["attack.indicators[0].method", "V-005"],
      ["attack.indicators[0].severity", "V-005"],
      ["attack.indicators[0].tier", "V-005"],
      ["attack.indicators[0].semantic.intent_class", "V-005"],
      ["attack.correlation.logic", "V-005"],
    ]);
    expect(found[0]).toMatchObject({ kind: "unknown_variant", ...at(3, 11) });
    expect(found[0]!.message).toBe(
      "unknown status `live`; expected one of: draft, experimental, stable, deprecated",
    );
    expect(found[9]!.kind).toBe("type_mismatch"); // severity: 5 is not even a string
  });

  it("V-035, V-036, V-046: a version or duration of the wrong type carries the rule validate checks", () => {
    const found = errors(`oatf: "0.1"
attack:
  version: 1.5
  grace_period: 30
  execution:
    phases:
      - state: {}
        trigger: {after: 10}
      - state: {}
`);
    expect(found.map((e) => [e.kind, e.path, e.rule])).toEqual([
      ["type_mismatch", "attack.version", "V-035"],
      ["type_mismatch", "attack.grace_period", "V-046"],
      ["type_mismatch", "attack.execution.phases[0].trigger.after", "V-036"],
    ]);
  });

  it("accepts every tier value and open enumerations with any string", () => {
    const document = ok(
      withAttack(`classification: {mappings: [{framework: my_framework, id: X}]}
indicators:
  - {target: a, tier: ingested, protocol: zz, surface: made/up, pattern: {contains: x}}
  - {target: a, tier: local_action, pattern: {contains: x}}
  - {target: a, tier: boundary_breach, pattern: {contains: x}}`),
    );
    expect(document.attack.indicators!.map((i) => i.tier)).toEqual([
      "ingested",
      "local_action",
      "boundary_breach",
    ]);
  });

  it("type mismatches: strings, integers, numbers, booleans, dates, lists", () => {
    const found = errors(`oatf: "0.1"
attack:
  name: 42
  version: 1.0
  created: "2025-02-30"
  modified: 2025-01-01 10:00
  impact: data_tampering
  references: [{url: 5}]
  execution:
    phases:
      - state: {}
        trigger: {event: e, count: "2"}
  indicators:
    - target: t
      confidence: 99999999999999999999
      semantic: {intent: i, threshold: high}
      pattern: {condition: {exists: "yes"}}
`);
    expect(found.map((e) => [e.path, e.message])).toEqual([
      ["attack.name", "expected a string, found integer 42"],
      ["attack.version", "expected an integer, found number 1.0"],
      ["attack.created", 'expected an ISO 8601 date or date-time, found string "2025-02-30"'],
      [
        "attack.modified",
        'expected an ISO 8601 date or date-time, found string "2025-01-01 10:00"',
      ],
      ["attack.impact", 'expected a sequence, found string "data_tampering"'],
      ["attack.references[0].url", "expected a string, found integer 5"],
      ["attack.execution.phases[0].trigger.count", 'expected an integer, found string "2"'],
      [
        "attack.indicators[0].confidence",
        "expected an integer between -9007199254740991 and 9007199254740991, found integer 99999999999999999999",
      ],
      ["attack.indicators[0].semantic.threshold", 'expected a number, found string "high"'],
      [
        "attack.indicators[0].pattern.condition.exists",
        'expected true or false, found string "yes"',
      ],
    ]);
  });

  it("accepts dates and date-times with a timezone", () => {
    const document = ok(withAttack('created: 2026-01-15\nmodified: "2026-02-15T14:00:00.5+01:00"'));
    expect(document.attack.created).toBe("2026-01-15");
    expect(document.attack.modified).toBe("2026-02-15T14:00:00.5+01:00");
  });

  it("missing required fields are type mismatches at the field's path", () => {
    const found = errors(`oatf: "0.1"
attack:
  references: [{title: t}]
  classification: {mappings: [{id: x}]}
  execution:
    actors:
      - phases: []
    phases:
      - state: {}
        extractors: [{}]
  indicators:
    - pattern: {contains: x}
    - {target: t, expression: {}, semantic: {}}
`);
    expect(found.map((e) => e.path)).toEqual([
      "attack.references[0].url",
      "attack.classification.mappings[0].framework",
      "attack.execution.actors[0].name",
      "attack.execution.actors[0].mode",
      "attack.execution.phases[0].extractors[0].name",
      "attack.execution.phases[0].extractors[0].source",
      "attack.execution.phases[0].extractors[0].type",
      "attack.execution.phases[0].extractors[0].selector",
      "attack.indicators[0].target",
      "attack.indicators[1].expression.cel",
      "attack.indicators[1].semantic.intent",
    ]);
    expect(found.every((e) => e.kind === "type_mismatch")).toBe(true);
  });

  it("unknown fields are errors, with a suggestion for near misses", () => {
    const [error] = errors(withAttack("indicator:\n  - target: x"));
    expect(error).toMatchObject({
      kind: "type_mismatch",
      path: "attack.indicator",
      ...at(7, 3),
    });
    expect(error!.message).toBe("unknown field `indicator` in attack; did you mean `indicators`?");
  });

  it("reports several errors, in source order", () => {
    const found = errors(`attack:
  status: nope
  version: x
`);
    expect(found.map((e) => e.range?.start.line)).toEqual([1, 1, 2, 3]);
    expect(found.map((e) => e.path)).toEqual([
      "attack.execution",
      "oatf",
      "attack.status",
      "attack.version",
    ]);
  });

  it("syntax errors: empty input, several documents, bad YAML, duplicate keys", () => {
    expect(errors("")).toMatchObject([
      { kind: "syntax", rule: "parse/syntax", message: "the input is empty", ...at(1, 1) },
    ]);
    expect(errors("  \n# comment\n")[0]!.message).toBe("the input is empty");
    expect(errors(`${MINIMAL}---\n${MINIMAL}`)[0]).toMatchObject({ kind: "syntax", ...at(7) });
    expect(errors(`---\n${MINIMAL}---\n`)).toMatchObject([
      {
        kind: "syntax",
        message:
          "an OATF file holds exactly one YAML document, found 2 (the second is empty: remove its `---`)",
        ...at(8, 1),
      },
    ]);
    expect(ok(`---\n${MINIMAL}...\n`).oatf).toBe("0.1");
    expect(errors("oatf: [\n")[0]).toMatchObject({ kind: "syntax", ...at(1, 7) });
    expect(errors(withAttack("name: a\nname: b"))).toEqual([
      expect.objectContaining({
        kind: "syntax",
        rule: "parse/duplicate-key",
        path: "attack.name",
        message: "duplicate key `name`",
        ...at(8),
        range: {
          start: { line: 8, column: 3, offset: expect.any(Number) },
          end: { line: 8, column: 7, offset: expect.any(Number) },
        },
      }),
    ]);
  });

  it("reads %YAML 1.1 and 1.2 documents as YAML 1.2 (YAML §6.8.1) and refuses other major versions", () => {
    for (const version of ["1.1", "1.2", "1.3"]) {
      const document = ok(`%YAML ${version}\n---\n${withAttack("name: yes\nversion: 010")}`);
      expect(document.attack).toMatchObject({ name: "yes", version: 10 });
    }
    expect(errors(`# c\n%YAML 2.0\n---\n${MINIMAL}`)).toMatchObject([
      {
        kind: "syntax",
        message: "OATF documents are YAML 1.2; a %YAML 2.0 directive names another major version",
        ...at(2, 1),
      },
    ]);
  });

  it("does not count a leading byte order mark as a column", () => {
    expect(errors("\ufeffoatf: 0.1\nattack: {execution: {}}\n")[0]).toMatchObject({
      path: "oatf",
      ...at(1, 7),
    });
  });

  it("reads CR LF and lone CR line breaks like LF (YAML 1.2 §5.4), with the same lines", () => {
    for (const eol of ["\r\n", "\r"]) {
      const text = withAttack('description: "a\n  b"\nname: 5').replace(/\n/g, eol);
      expect(errors(text)).toEqual([expect.objectContaining({ path: "attack.name", ...at(9) })]);
      expect(ok(text.replace("name: 5", "name: n")).attack).toMatchObject({
        description: "a b",
        name: "n",
      });
    }
  });

  it("rejects collection keys", () => {
    expect(errors(withAttack("? [a, b]\n: c"))[0]).toMatchObject({
      kind: "type_mismatch",
      path: "attack",
    });
  });
});

describe("parse: YAML features V-020 forbids", () => {
  it("reads !!float on an integer as a number (YAML 1.2 core schema), untagged 1 as an integer", () => {
    const document = ok(
      withAttack(
        "indicators:\n  - target: a\n    semantic: {intent: i, threshold: !!float 1}",
      ).replace("tools: []", "{a: !!float -2, b: !!float 0, c: 3, d: !!float 0x10}"),
    );
    expect(document.attack.indicators![0]!.semantic!.threshold).toBe(1);
    expect(document.attack.execution.state).toEqual({ a: -2, b: 0, c: 3, d: "0x10" });
  });

  it("parses custom tags as plain data and records them for validate", () => {
    const document = ok(
      `oatf: "0.1"\nattack:\n  execution:\n    mode: mcp_server\n    state: !include "external.yaml"\n`,
    );
    expect(document.attack.execution.state).toBe("external.yaml");
    expect(getSourceInfo(document)!.yamlFeatures).toMatchObject([
      {
        kind: "custom_tag",
        path: "attack.execution.state",
        line: 5,
        column: 21,
        detail: "!include",
      },
    ]);
  });

  it("resolves anchors and aliases, and records both", () => {
    const document = ok(`oatf: "0.1"
attack:
  execution:
    mode: mcp_server
    state:
      a: &shared {x: 1}
      b: *shared
      <<: *shared
      d: {"<<": quoted keys are plain keys}
      c: !!str 5
`);
    expect(document.attack.execution.state).toEqual({
      a: { x: 1 },
      b: { x: 1 },
      "<<": { x: 1 },
      d: { "<<": "quoted keys are plain keys" },
      c: "5",
    });
    expect(getSourceInfo(document)!.yamlFeatures.map((f) => [f.kind, f.path, f.detail])).toEqual([
      ["anchor", "attack.execution.state.a", "shared"],
      ["alias", "attack.execution.state.b", "shared"],
      ["merge_key", "attack.execution.state.<<", undefined],
      ["alias", "attack.execution.state.<<", "shared"],
    ]);
  });

  it("reports the V-020 uses when parse fails for another reason", () => {
    const found = errors(`oatf: "0.1"\nattack:\n  execution: &e {state: {}}\nextra: *e\n`);
    expect(found.map((e) => [e.rule, e.path])).toEqual([
      ["V-020", "attack.execution"],
      ["parse/unknown-field", "extra"],
      ["V-020", "extra"],
    ]);
  });
});

describe("parse: source information", () => {
  const source = `attack:
  execution:
    actors:
      - name: a
        mode: mcp_server
        phases:
          - state:
              tools:
                - {name: t1}
                - name: t2
  indicators:
    - target: "x"
      pattern:
        regex: "a+"
      x-note: n
oatf: "0.1"
`;
  const info = getSourceInfo(ok(source))!;

  it("keeps the root key order (W-001)", () => {
    expect(info.rootKeys).toEqual(["attack", "oatf"]);
    expect(info.yamlFeatures).toEqual([]);
  });

  it.each([
    ["", 1, 1],
    ["attack", 1, 1],
    ["attack.execution", 2, 3],
    ["attack.execution.actors[0]", 4, 9],
    ["attack.execution.actors[0].name", 4, 15],
    ["attack.execution.actors[0].phases[0].state", 7, 13],
    ["attack.execution.actors[0].phases[0].state.tools[0]", 9, 19],
    ["attack.execution.actors[0].phases[0].state.tools[0].name", 9, 26],
    ["attack.execution.actors[0].phases[0].state.tools[1].name", 10, 25],
    ["attack.indicators[0].pattern.regex", 14, 16],
    ["attack.indicators[0].x-note", 15, 15],
    ["oatf", 16, 7],
  ])("positionOf(%j) is line %i, column %i", (path, line, column) => {
    expect(info.positionOf(path)).toEqual({ line, column });
  });

  it("has no position for absent paths; positionOrAncestor falls back", () => {
    expect(info.positionOf("attack.indicators[0].pattern.target")).toBeUndefined();
    expect(positionOrAncestor(info, "attack.indicators[0].pattern.target")).toEqual({
      line: 13,
      column: 7,
    });
  });

  it("documents built in code have no source information", () => {
    expect(getSourceInfo(JSON.parse(JSON.stringify(ok(source))))).toBeUndefined();
  });
});
