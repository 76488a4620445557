// How parse reads each field against the document shape: the messages of type mismatches and
// unknown fields, keys without values, dates and integers, and what the recovering parse keeps.
import { type ParseError, parse, parseRecovering, serialize } from "@oatf/model";
import { describe, expect, it } from "vitest";
import { MINIMAL } from "./fixtures.js";

function errors(input: string): ParseError[] {
  const result = parse(input);
  if (result.ok) throw new Error("expected parse errors");
  return result.error;
}

const messages = (input: string) => errors(input).map((e) => [e.path, e.message]);

/** A document whose only phase has `lines` (indented under the phase). */
const phase = (lines: string) =>
  `oatf: "0.1"\nattack:\n  execution:\n    phases:\n      - state: {}\n${lines.replace(/^/gm, "        ")}\n`;

describe("reader: what a type mismatch says it found", () => {
  it.each([
    ["[1]", "a sequence"],
    ["{a: 1}", "a mapping"],
    ["true", "boolean true"],
    ['"x"', 'string "x"'],
    ["7.5", "number 7.5"],
    ["7.0", "number 7.0"],
  ])("version: %s is %s", (written, found) => {
    expect(messages(`${MINIMAL}  version: ${written}\n`)).toEqual([
      ["attack.version", `expected an integer, found ${found}`],
    ]);
  });

  it.each([
    ["7", "integer 7"],
    ["0x1F", "integer 0x1F"],
  ])("name: %s is %s", (written, found) => {
    expect(messages(`${MINIMAL}  name: ${written}\n`)).toEqual([
      ["attack.name", `expected a string, found ${found}`],
    ]);
  });

  it("a list item written empty is null", () => {
    expect(messages(phase("on_enter:\n  - \n  - ~"))).toEqual([
      ["attack.execution.phases[0].on_enter[0]", "expected a mapping (action), found null"],
      ["attack.execution.phases[0].on_enter[1]", "expected a mapping (action), found null"],
    ]);
  });

  it("hints to quote the version only for a numeric `oatf`", () => {
    expect(messages(MINIMAL.replace('"0.1"', "true"))).toEqual([
      ["oatf", "expected a string, found boolean true"],
    ]);
    expect(messages(MINIMAL.replace('"0.1"', "1"))).toEqual([
      ["oatf", 'expected a string (quote the version: oatf: "0.1"), found integer 1'],
    ]);
    expect(messages(`${MINIMAL}  version: 1.5\n`)[0]).toEqual([
      "attack.version",
      "expected an integer, found number 1.5",
    ]);
  });

  it("names the shape a mapping was expected for", () => {
    expect(messages('oatf: "0.1"\nattack: [1]\n')).toEqual([
      ["attack", "expected a mapping (attack), found a sequence"],
    ]);
    expect(messages(phase("on_enter: [5]"))).toEqual([
      ["attack.execution.phases[0].on_enter[0]", "expected a mapping (action), found integer 5"],
    ]);
    expect(messages(phase("trigger: {match: [x]}"))).toEqual([
      ["attack.execution.phases[0].trigger.match", "expected a mapping, found a sequence"],
    ]);
  });

  it("a severity is a level or a mapping with `level`", () => {
    const [error] = errors(`${MINIMAL}  severity: [high]\n`);
    expect(error).toMatchObject({
      rule: "V-005",
      path: "attack.severity",
      message: "expected a severity level or a mapping with `level`, found a sequence",
    });
    expect(messages(`${MINIMAL}  severity: {level: high, confidence: x}\n`)).toEqual([
      ["attack.severity.confidence", 'expected an integer, found string "x"'],
    ]);
  });

  it("a required field that is missing names the field and its shape", () => {
    expect(messages(phase("extractors: [{name: n, source: request, type: json_path}]"))).toEqual([
      [
        "attack.execution.phases[0].extractors[0].selector",
        "missing required field `selector` in extractor",
      ],
    ]);
  });
});

describe("reader: a key written without a value reads as null", () => {
  it("in a known action, a map of strings and a predicate", () => {
    expect(messages(phase("on_enter: [{send}]\nexpression: {cel: x}"))).toEqual([
      [
        "attack.execution.phases[0].on_enter[0].send",
        "expected a mapping (send action), found null",
      ],
      ["attack.execution.phases[0].expression", "unknown field `expression` in phase"],
    ]);
    const found = errors(
      `${MINIMAL}  indicators: [{target: t, expression: {cel: x, variables: {a}}}]\n`,
    );
    expect(found.map((e) => [e.path, e.message, e.range?.start.column])).toEqual([
      ["attack.indicators[0].expression.variables.a", "expected a string, found null", 61],
    ]);
  });

  it("keeps null in free-form content, conditions and binding-specific actions", () => {
    const recovered = parseRecovering(
      phase("trigger: {match: {a, b: 1}}\non_enter: [{x-note, custom}, {mcp: {k}}]"),
    );
    expect(recovered.errors).toEqual([]);
    expect(recovered.document!.attack.execution.phases![0]).toEqual({
      state: {},
      trigger: { match: { a: null, b: 1 } },
      on_enter: [{ custom: null, extensions: { "x-note": null } }, { mcp: { k: null } }],
    });
  });
});

describe("reader: unknown fields", () => {
  it("says where x- fields are not allowed, and when `exists` needs the standard form", () => {
    expect(
      messages(
        phase(
          "trigger: {x-a: 1, exists: true}\nextractors: [{exists: 1, name: n, source: request, type: regex, selector: s}]",
        ),
      ),
    ).toEqual([
      [
        "attack.execution.phases[0].trigger.x-a",
        "unknown field `x-a` in trigger (trigger does not allow `x-` extension fields)",
      ],
      ["attack.execution.phases[0].trigger.exists", "unknown field `exists` in trigger"],
      ["attack.execution.phases[0].extractors[0].exists", "unknown field `exists` in extractor"],
    ]);
    expect(
      messages(`${MINIMAL}  indicators: [{target: t, pattern: {exists: x, regx: y}}]\n`),
    ).toEqual([
      [
        "attack.indicators[0].pattern.exists",
        "unknown field `exists` in pattern (`exists` needs the standard form: `condition: {exists: …}`)",
      ],
      [
        "attack.indicators[0].pattern.regx",
        "unknown field `regx` in pattern; did you mean `regex`?",
      ],
    ]);
  });

  it("suggests the nearest field regardless of case, and nothing for a distant or long key", () => {
    expect(
      messages(`${MINIMAL}  Name: x\n  nmae: y\n  impactful: z\n  ${"n".repeat(30)}: w\n`),
    ).toEqual([
      ["attack.Name", "unknown field `Name` in attack; did you mean `name`?"],
      ["attack.nmae", "unknown field `nmae` in attack; did you mean `name`?"],
      ["attack.impactful", "unknown field `impactful` in attack"],
      [`attack.${"n".repeat(30)}`, `unknown field \`${"n".repeat(30)}\` in attack`],
    ]);
  });

  it("an action cannot have a key named `extensions`", () => {
    expect(messages(phase("on_enter: [{extensions: {x-a: 1}}]"))).toEqual([
      [
        "attack.execution.phases[0].on_enter[0].extensions",
        "`extensions` cannot be an action key (it holds the `x-` fields of the action)",
      ],
    ]);
  });
});

describe("reader: the recovering parse leaves out what it cannot read", () => {
  it("drops unreadable fields, map values and action parts, and skips collection keys", () => {
    const recovered = parseRecovering(`oatf: "0.1"
attack:
  name: 5
  description: d
  execution:
    state: {[k]: 1, kept: 2}
    phases:
      - state: {}
        trigger: {match: {[k]: 1, b: 2}}
        on_enter: [{send: 5, [k]: 1, log: {message: m}}]
        extractors: [{[k]: 1, name: n, source: request, type: regex, selector: s}]
  indicators: [{target: t, expression: {cel: c, variables: {v: 5, w: ok}}}]
`);
    expect(recovered.errors.map((e) => e.path)).toEqual([
      "attack.name",
      "attack.execution.state",
      "attack.execution.phases[0].trigger.match",
      "attack.execution.phases[0].on_enter[0].send",
      "attack.execution.phases[0].on_enter[0]",
      "attack.execution.phases[0].extractors[0]",
      "attack.indicators[0].expression.variables.v",
    ]);
    expect(recovered.document!.attack).toEqual({
      description: "d",
      indicators: [{ target: "t", expression: { cel: "c", variables: { w: "ok" } } }],
      execution: {
        state: { kept: 2 },
        phases: [
          {
            state: {},
            trigger: { match: { b: 2 } },
            on_enter: [{ log: { message: "m" } }],
            extractors: [{ name: "n", source: "request", type: "regex", selector: "s" }],
          },
        ],
      },
    });
  });
});

describe("reader: dates and integers", () => {
  it.each([
    ["2024-02-29", true],
    ["2023-02-29", false],
    ["2026-13-01", false],
    ["2026-00-10", false],
    ["2026-01-00", false],
    ["2026-01-32", false],
    ["2026-01-15T23:59:59Z", true],
    ["2026-01-15T23:59:60Z", true],
    ["2026-01-15T23:59:61Z", false],
    ["2026-01-15T23:60:00Z", false],
    ["2026-01-15T24:00:00Z", false],
    ["2026-01-15t00:00:00-05:30", true],
  ])("created: %s is a date: %s", (date, valid) => {
    const result = parse(`${MINIMAL}  created: "${date}"\n`);
    expect(result.ok).toBe(valid);
  });

  it("a date must be written as a string", () => {
    expect(messages(`${MINIMAL}  created: 20260115\n`)).toEqual([
      ["attack.created", "expected an ISO 8601 date or date-time, found integer 20260115"],
    ]);
  });

  it("an integer is written as one, within the exact range", () => {
    expect(parse(`${MINIMAL}  version: 0x10\n`).ok).toBe(true);
    expect(messages(`${MINIMAL}  version: 1e3\n`)).toEqual([
      ["attack.version", "expected an integer, found number 1e3"],
    ]);
    expect(messages(`${MINIMAL}  version: 1.0e20\n`)).toEqual([
      ["attack.version", "expected an integer, found number 1.0e20"],
    ]);
  });
});

describe("reader: x- fields keep their place among the known fields", () => {
  it("serializes each x- field after the known field it followed", () => {
    const result = parse(`oatf: "0.1"
attack:
  x-first: 1
  name: demo
  x-after-name: 2
  execution:
    mode: mcp_server
    state: {}
  x-last: 3
`);
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(serialize(result.value)).toBe(`oatf: "0.1"
attack:
  x-first: 1
  name: demo
  x-after-name: 2
  execution:
    mode: mcp_server
    state: {}
  x-last: 3
`);
    }
  });
});
