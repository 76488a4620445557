// SDK §3.2 with SDK §3.1's field tables: a document built in code is checked against the
// parse table, so what `serialize` would write differently from what it holds is reported
// under the rule parse would name, with parse's kind of message.
import { type Document, parse } from "@oatf/model";
import { validate } from "@oatf/validate";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { celStub } from "./support.js";

// biome-ignore lint/suspicious/noExplicitAny: documents built in code are edited freely here
type Doc = any;

/** A valid document built in code: a phase with a trigger, one pattern indicator. */
const base = (): Doc => ({
  oatf: "0.1",
  attack: {
    execution: {
      mode: "mcp_server",
      phases: [
        { name: "one", state: { tools: [] }, trigger: { event: "tools/call" } },
        { name: "two" },
      ],
    },
    indicators: [{ target: "x", pattern: { contains: "y" } }],
  },
});

/** The errors of `base()` after `edit`, as [rule, path, message]. */
function errorsAfter(edit: (document: Doc) => void): string[][] {
  const document = base();
  edit(document);
  return validate(document as Document, { cel: celStub }).errors.map((e) => [
    e.rule,
    e.path,
    e.message,
  ]);
}

const PHASE = "attack.execution.phases[0]";

describe("the base document", () => {
  it("is valid", () => {
    expect(errorsAfter(() => {})).toEqual([]);
  });
});

describe("scalar fields of the wrong type", () => {
  it("a string field", () => {
    expect(errorsAfter((d) => (d.attack.name = 5))).toEqual([
      ["parse/type-mismatch", "attack.name", "expected a string, found integer 5"],
    ]);
  });

  it("values that are not JSON are shown as JavaScript writes them", () => {
    expect(
      errorsAfter((d) => {
        d.attack.name = 10n;
        d.attack.description = () => 1;
      }),
    ).toEqual([
      ["parse/type-mismatch", "attack.name", "expected a string, found bigint 10"],
      ["parse/type-mismatch", "attack.description", "expected a string, found a function"],
    ]);
  });

  it("a date field, given a word or a number", () => {
    expect(errorsAfter((d) => (d.attack.created = "yesterday"))).toEqual([
      [
        "parse/type-mismatch",
        "attack.created",
        'expected an ISO 8601 date or date-time, found string "yesterday"',
      ],
    ]);
    expect(errorsAfter((d) => (d.attack.modified = 20240101))).toEqual([
      [
        "parse/type-mismatch",
        "attack.modified",
        "expected an ISO 8601 date or date-time, found integer 20240101",
      ],
    ]);
    expect(errorsAfter((d) => (d.attack.created = "2024-02-29"))).toEqual([]);
  });

  it("an integer field, given a fraction or an integer too large to be exact", () => {
    const count = (value: unknown) =>
      errorsAfter((d) => (d.attack.execution.phases[0].trigger.count = value));
    expect(count(1.5)).toEqual([
      ["parse/type-mismatch", `${PHASE}.trigger.count`, "expected an integer, found number 1.5"],
    ]);
    expect(count(2 ** 53)).toEqual([
      [
        "parse/type-mismatch",
        `${PHASE}.trigger.count`,
        "expected an integer between -9007199254740991 and 9007199254740991, found integer 9007199254740992",
      ],
    ]);
    expect(count(3)).toEqual([]);
  });

  it("an integer field given an object that cannot be compared (no prototype) is a type mismatch", () => {
    const errors = errorsAfter(
      (d) => (d.attack.execution.phases[0].trigger.count = Object.create(null)),
    );
    expect(errors.map(([rule, path]) => [rule, path])).toEqual([
      ["parse/type-mismatch", `${PHASE}.trigger.count`],
    ]);
  });

  it("a number field", () => {
    expect(errorsAfter((d) => (d.attack.indicators[0].pattern = { gt: "5" }))).toEqual([
      [
        "parse/type-mismatch",
        "attack.indicators[0].pattern.gt",
        'expected a number, found string "5"',
      ],
    ]);
    expect(errorsAfter((d) => (d.attack.indicators[0].pattern = { gt: 5.5 }))).toEqual([]);
  });

  it("a boolean field", () => {
    const exists = (value: unknown) =>
      errorsAfter((d) => (d.attack.indicators[0].pattern = { condition: { exists: value } }));
    expect(exists("yes")).toEqual([
      [
        "parse/type-mismatch",
        "attack.indicators[0].pattern.condition.exists",
        'expected true or false, found string "yes"',
      ],
    ]);
    expect(exists(false)).toEqual([]);
  });

  it("a closed enumeration written as null is V-005, listing the allowed values", () => {
    expect(errorsAfter((d) => (d.attack.status = null))).toEqual([
      [
        "V-005",
        "attack.status",
        "expected a status (one of: draft, experimental, stable, deprecated), found null",
      ],
    ]);
    expect(
      errorsAfter(
        (d) => (d.attack.execution.phases[0].on_enter = [{ log: { message: "m", level: null } }]),
      ),
    ).toEqual([
      [
        "V-005",
        `${PHASE}.on_enter[0].log.level`,
        "expected a log level (one of: info, warn, error), found null",
      ],
    ]);
  });
});

describe("severity: a level or a {level, confidence} mapping", () => {
  it("null is checked as a level", () => {
    expect(errorsAfter((d) => (d.attack.severity = null))).toEqual([
      [
        "V-005",
        "attack.severity",
        "expected a severity level (one of: informational, low, medium, high, critical), found null",
      ],
    ]);
  });

  it("a level and a mapping are both accepted", () => {
    expect(errorsAfter((d) => (d.attack.severity = "high"))).toEqual([]);
    expect(errorsAfter((d) => (d.attack.severity = { level: "high", confidence: 80 }))).toEqual([]);
  });

  it("a mapping is checked field by field", () => {
    expect(errorsAfter((d) => (d.attack.severity = { level: "high", extra: 1 }))).toEqual([
      ["parse/unknown-field", "attack.severity.extra", "unknown field `extra` in severity"],
    ]);
    expect(errorsAfter((d) => (d.attack.severity = { level: null }))).toEqual([
      [
        "parse/missing-field",
        "attack.severity.level",
        "missing required field `level` in severity",
      ],
    ]);
  });
});

describe("lists, mappings and objects", () => {
  it("a list field given a scalar", () => {
    expect(errorsAfter((d) => (d.attack.impact = "data_exfiltration"))).toEqual([
      [
        "parse/type-mismatch",
        "attack.impact",
        'expected a sequence, found string "data_exfiltration"',
      ],
    ]);
  });

  it("a map field given a scalar", () => {
    expect(
      errorsAfter(
        (d) =>
          (d.attack.indicators[0] = { target: "x", expression: { cel: "true", variables: "x" } }),
      ),
    ).toEqual([
      [
        "parse/type-mismatch",
        "attack.indicators[0].expression.variables",
        'expected a mapping, found string "x"',
      ],
    ]);
  });

  it("each entry of a map field is checked", () => {
    expect(
      errorsAfter((d) => (d.attack.execution.phases[0].trigger.match = { "a.b": { contains: 5 } })),
    ).toEqual([
      [
        "parse/type-mismatch",
        `${PHASE}.trigger.match.a.b.contains`,
        "expected a string, found integer 5",
      ],
    ]);
  });

  it("an object field given a scalar names the object", () => {
    expect(errorsAfter((d) => (d.attack.classification = "x"))).toEqual([
      [
        "parse/type-mismatch",
        "attack.classification",
        'expected a mapping (classification), found string "x"',
      ],
    ]);
  });

  it("a required field that is missing or null", () => {
    expect(errorsAfter((d) => (d.attack.references = [{ title: "t" }]))).toEqual([
      [
        "parse/missing-field",
        "attack.references[0].url",
        "missing required field `url` in reference",
      ],
    ]);
    expect(errorsAfter((d) => (d.attack.references = [{ url: null }]))).toEqual([
      [
        "parse/missing-field",
        "attack.references[0].url",
        "missing required field `url` in reference",
      ],
    ]);
  });

  it("an optional field that is missing is fine; null is not (serialize would write it)", () => {
    expect(errorsAfter((d) => (d.attack.references = [{ url: "https://x.test" }]))).toEqual([]);
    expect(errorsAfter((d) => (d.attack.description = null))).toEqual([
      ["parse/type-mismatch", "attack.description", "expected a string, found null"],
    ]);
  });

  it("free-form values may hold null", () => {
    expect(
      errorsAfter(
        (d) => (d.attack.execution.phases[0].on_enter = [{ send: { method: "m", params: null } }]),
      ),
    ).toEqual([]);
  });
});

describe("unknown fields", () => {
  it("are reported with the shape's name", () => {
    expect(errorsAfter((d) => (d.attack.foo = 1))).toEqual([
      ["parse/unknown-field", "attack.foo", "unknown field `foo` in attack"],
    ]);
  });

  it("do not count when they hold undefined (serialize leaves them out)", () => {
    expect(errorsAfter((d) => (d.attack.foo = undefined))).toEqual([]);
    expect(
      errorsAfter(
        (d) => (d.attack.indicators[0].pattern = { contains: "a", starts_with: undefined }),
      ),
    ).toEqual([]);
  });

  it("an `x-` key outside `extensions` says where it goes", () => {
    expect(errorsAfter((d) => (d.attack["x-note"] = 1))).toEqual([
      [
        "parse/unknown-field",
        "attack.x-note",
        "unknown field `x-note` in attack (`x-` fields of a document built in code go in `extensions`)",
      ],
    ]);
  });

  it("`extensions` is a field only of shapes that take `x-` keys", () => {
    expect(errorsAfter((d) => (d.attack.extensions = { "x-a": 1 }))).toEqual([]);
    expect(errorsAfter((d) => (d.extensions = { "x-a": 1 }))).toEqual([
      ["parse/unknown-field", "extensions", "unknown field `extensions` in document"],
    ]);
  });
});

describe("constraints across fields", () => {
  it("are reported at the object", () => {
    expect(
      errorsAfter((d) => (d.attack.indicators[0].pattern = { contains: "a", ends_with: "b" })),
    ).toEqual([
      [
        "parse/type-mismatch",
        "attack.indicators[0].pattern",
        "the shorthand form takes one operator, found `contains`, `ends_with`; write several in `condition: {…}`",
      ],
    ]);
  });

  it("or at the field they name", () => {
    expect(errorsAfter((d) => (d.attack.execution.phases[0].trigger.count = 0))).toEqual([
      [
        "parse/type-mismatch",
        `${PHASE}.trigger.count`,
        "trigger count must be at least 1, found 0",
      ],
    ]);
  });
});

describe("entry actions", () => {
  it("known actions are checked against their shape", () => {
    const onEnter = (action: unknown) =>
      errorsAfter((d) => (d.attack.execution.phases[0].on_enter = [action]));
    expect(onEnter({ send: { method: 5 } })).toEqual([
      [
        "parse/type-mismatch",
        `${PHASE}.on_enter[0].send.method`,
        "expected a string, found integer 5",
      ],
    ]);
    expect(onEnter({ send: "x" })).toEqual([
      [
        "parse/type-mismatch",
        `${PHASE}.on_enter[0].send`,
        'expected a mapping (send action), found string "x"',
      ],
    ]);
    expect(onEnter({ log: { message: "m", extra: 1 } })).toEqual([
      [
        "parse/unknown-field",
        `${PHASE}.on_enter[0].log.extra`,
        "unknown field `extra` in log action",
      ],
    ]);
    expect(onEnter({ send: { method: null } })).toEqual([
      [
        "parse/missing-field",
        `${PHASE}.on_enter[0].send.method`,
        "missing required field `method` in send action",
      ],
    ]);
    expect(onEnter({ log: { message: "m", level: "warn" } })).toEqual([]);
    expect(onEnter(null)).toEqual([
      [
        "V-041",
        `${PHASE}.on_enter[0]`,
        "an action needs exactly one action key: send, log or a binding-specific action",
      ],
    ]);
  });
});

describe("match predicates: a condition mapping or a bare value", () => {
  const match = (value: unknown) =>
    errorsAfter((d) => (d.attack.execution.phases[0].trigger.match = { "a.b": value }));

  it("a mapping with an operator key is a condition, checked as one", () => {
    expect(match({ foo: 1, contains: "x" })).toEqual([
      [
        "parse/unknown-field",
        `${PHASE}.trigger.match.a.b.foo`,
        "unknown field `foo` in match condition",
      ],
    ]);
  });

  it("an operator key holding undefined does not make a condition", () => {
    expect(match({ contains: undefined, foo: 1 })).toEqual([]);
  });

  it("an any_of item that is undefined is not a value (serialize would write null)", () => {
    expect(match({ any_of: [undefined, "x", { contains: "y" }] })).toEqual([
      [
        "parse/type-mismatch",
        `${PHASE}.trigger.match.a.b.any_of[0]`,
        "expected a value, found undefined",
      ],
    ]);
  });

  it("a mapping without operator keys is a bare value", () => {
    expect(match({ foo: 1, bar: [1, "x"] })).toEqual([]);
    expect(match({ foo: () => 1 })).toEqual([
      [
        "parse/type-mismatch",
        `${PHASE}.trigger.match.a.b.foo`,
        "expected plain data, found a function",
      ],
    ]);
  });
});

describe("free-form values (state, params) hold only data YAML can write", () => {
  const state = (value: unknown) =>
    errorsAfter((d) => (d.attack.execution.phases[0].state = value));

  it("null, strings, numbers, booleans, lists and mappings, even with operator names as keys", () => {
    expect(state({ tools: [], n: 1, z: null, b: true, s: "x", contains: 5 })).toEqual([]);
  });

  it("a key holding undefined is absent", () => {
    expect(state({ tools: [], u: undefined })).toEqual([]);
  });

  it("a list item that is undefined is not (serialize would write null)", () => {
    expect(state({ tools: [undefined] })).toEqual([
      ["parse/type-mismatch", `${PHASE}.state.tools[0]`, "expected a value, found undefined"],
    ]);
  });

  it("functions, bigints and symbols are not data", () => {
    expect(state({ tools: [], f: () => 1, b: 1n, s: Symbol("s") })).toEqual([
      ["parse/type-mismatch", `${PHASE}.state.f`, "expected plain data, found a function"],
      ["parse/type-mismatch", `${PHASE}.state.b`, "expected plain data, found a bigint"],
      ["parse/type-mismatch", `${PHASE}.state.s`, "expected plain data, found a symbol"],
    ]);
  });
});

describe("messages name the expected kind with its article", () => {
  it("a mapping whose name starts with a vowel", () => {
    const [indicator] = errorsAfter((d) => (d.attack.indicators = [5]));
    expect(indicator?.[2]).toBe("expected a mapping (indicator), found integer 5");
  });
});

describe("one walk: a document built in code gets parse's findings for the same data", () => {
  // Each line is one problem in otherwise valid YAML; yaml's own reading of the text is
  // the document built in code.
  const problems = [
    "  name: 5",
    "  description: [a]",
    "  foo: 1",
    "  references: [{title: t}]",
    "  classification: {tags: {a: 1}}",
    "  references: [{url: u, titel: t}]",
    "  indicators: [{target: x, pattern: {condition: {exists: yes}}}]",
    '  x-note: "kept"\n  created: yesterday',
  ];
  it.each(problems)("%s", (line) => {
    const text = `oatf: "0.1"\nattack:\n  execution: {mode: mcp_server, phases: [{name: one, state: {tools: []}}]}\n${line}\n`;
    const parsed = parse(text);
    expect(parsed.ok).toBe(false);
    const fromParse = parsed.ok ? [] : parsed.error.map((e) => [e.rule, e.path, e.message]);
    const built = parseYaml(text) as Doc;
    // parse moves `x-` keys into `extensions`; a document built in code holds them there.
    if (built.attack["x-note"] !== undefined) {
      built.attack.extensions = { "x-note": built.attack["x-note"] };
      delete built.attack["x-note"];
    }
    const fromValidate = validate(built as Document, { cel: celStub }).errors.map((e) => [
      e.rule,
      e.path,
      e.message,
    ]);
    expect(fromValidate).toEqual(fromParse);
  });
});

describe("a document built in code is only read", () => {
  const deepFreeze = (value: unknown): unknown => {
    if (typeof value === "object" && value !== null) {
      for (const item of Object.values(value)) deepFreeze(item);
      Object.freeze(value);
    }
    return value;
  };

  it("a frozen document with problems gets the same findings", () => {
    const edit = (d: Doc) => {
      d.attack.tags = ["x"];
      d.attack.impact = "data_exfiltration";
      d.attack.execution.phases[0].on_enter = [{ send: { method: 5 }, "x-a": 1 }, null];
      d.attack.indicators.push({ target: "y", pattern: { contains: "a", ends_with: "b" } });
    };
    const thawed = base();
    edit(thawed);
    const frozen = base();
    edit(frozen);
    deepFreeze(frozen);
    const findings = (d: Doc) =>
      validate(d as Document, { cel: celStub }).errors.map((e) => [e.rule, e.path, e.message]);
    expect(findings(thawed).length).toBeGreaterThan(3);
    expect(findings(frozen)).toEqual(findings(thawed));
    expect(frozen).toEqual(thawed);
  });
});
