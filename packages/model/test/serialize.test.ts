import { type Document, parse, serialize } from "@oatf/model";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { document } from "./arbitrary.js";
import { fixtureText, MINIMAL, suite, upstreamFiles } from "./fixtures.js";

function parsed(input: string): Document {
  const result = parse(input);
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.value;
}

function roundTrips(document: Document): void {
  const text = serialize(document);
  const again = parse(text);
  if (!again.ok) throw new Error(`${JSON.stringify(again.error)}\n${text}`);
  expect(again.value).toEqual(document);
}

describe("serialize", () => {
  it("writes oatf first, then attack fields in spec order, x- fields where they were", () => {
    const text = serialize(
      parsed(`attack:
  x-first: 1
  execution:
    x-e: 1
    state: {b: 1, a: 2}
    mode: mcp_server
  indicators:
    - pattern: {contains: c}
      target: t
      id: I-1
  severity: high
  name: the name
  id: A-001
$schema: s
oatf: "0.1"
`),
    );
    // x-first and x-e came before every known field of their object, so they come first.
    expect(text).toBe(`oatf: "0.1"
$schema: s
attack:
  x-first: 1
  id: A-001
  name: the name
  severity: high
  execution:
    x-e: 1
    mode: mcp_server
    state:
      b: 1
      a: 2
  indicators:
    - id: I-1
      target: t
      pattern:
        contains: c
`);
  });

  it("writes every nested object in its spec-table order", () => {
    const text = serialize(
      parsed(`oatf: "0.1"
attack:
  correlation: {logic: all}
  classification: {tags: [t], mappings: [{relationship: related, id: X, framework: atlas}], category: oversight_bypass}
  execution:
    actors:
      - phases:
          - trigger: {after: 5s, match: {a.b: {regex: r, contains: c}}, count: 2, event: e}
            on_enter: [{x-a: 1, log: {level: info, message: m}}]
            extractors: [{selector: s, type: regex, source: request, name: n}]
            state: {}
            name: p
        mode: mcp_server
        name: a
  indicators:
    - semantic: {examples: {negative: [n], positive: [p]}, threshold: 0.5, intent: i, target: t}
      target: t
`),
    );
    const order = (yaml: string) => [...yaml.matchAll(/^\s*(?:- )?([a-z_$]+):/gm)].map((m) => m[1]);
    expect(order(text)).toEqual(
      order(`oatf:
attack:
  classification:
    category:
    mappings:
      - framework:
        id:
        relationship:
    tags:
  execution:
    actors:
      - name:
        mode:
        phases:
          - name:
            state:
            extractors:
              - name:
                source:
                type:
                selector:
            on_enter:
              - log:
                  message:
                  level:
            trigger:
              event:
              count:
              match:
                a.b:
                  contains:
                  regex:
              after:
  indicators:
    - target:
      semantic:
        target:
        intent:
        threshold:
        examples:
          positive:
          negative:
  correlation:
    logic:
`),
    );
  });

  it("uses block style and quotes strings only where a YAML reader would misread them", () => {
    const document = parsed(MINIMAL);
    document.attack.name = "plain words";
    document.attack.description = "two\nlines";
    document.attack.author = "yes";
    document.attack.id = "2026-01-01";
    const text = serialize(document);
    expect(text).toContain("  name: plain words\n");
    expect(text).toContain("  description: |-\n    two\n    lines\n");
    expect(text).toContain('  author: "yes"\n'); // a YAML 1.1 boolean
    expect(text).toContain('  id: "2026-01-01"\n'); // a YAML 1.1 timestamp
    expect(text).toContain("    state:\n      tools: []\n");
  });

  it("escapes what YAML forbids raw or YAML 1.1 reads as a line break; quotes `=` and tabs", () => {
    const document = parsed(MINIMAL);
    const strings = ["\x7f", "a\x85b", "\u2028", "\u2029", "\ufeffx", "\x9b", "\r", "=", "a\tb"];
    document.attack.execution.state = { strings, "\x85key": "\x01" };
    const text = serialize(document);
    expect(text).toContain(
      [
        '        - "\\x7f"',
        '        - "a\\Nb"',
        '        - "\\L"',
        '        - "\\P"',
        '        - "\\ufeffx"',
        '        - "\\x9b"',
        '        - "\\r"',
        '        - "="', // YAML 1.1's value key: PyYAML cannot construct a plain `=`
        '        - "a\\tb"', // PyYAML ends a plain scalar at a tab
        '      "\\Nkey": "\\x01"',
      ].join("\n"),
    );
    expect(text).not.toMatch(/[\x7f-\x9f\u2028\u2029\ufeff]/);
    roundTrips(document);
    expect(parseYaml(text, { version: "1.1" })).toEqual(parseYaml(text, { version: "1.2" }));
  });

  it("round-trips every short string of spaces, tabs, newlines and text, wherever it sits", () => {
    const alphabet = [" ", "\t", "\n", "a", "#"];
    let strings = [""];
    const all: string[] = [];
    for (let length = 1; length <= 5; length++) {
      strings = strings.flatMap((prefix) => alphabet.map((c) => prefix + c));
      all.push(...strings);
    }
    for (const text of all) {
      roundTrips({
        oatf: "0.1",
        attack: {
          description: text,
          execution: { mode: "mcp_server", state: { [`k${text.length}`]: [text, { v: text }] } },
          indicators: [{ target: "", pattern: { condition: text } }],
        },
      } as Document);
    }
  });

  it("writes numbers that YAML 1.2 and 1.1 readers both read as numbers", () => {
    const document = parsed(MINIMAL);
    const numbers = [1e21, 1e-7, 5e-324, -2e300, 1.5e-7, 0.1, -0, 9007199254740991];
    document.attack.execution.state = { numbers };
    const text = serialize(document);
    // `1e+21` is a string to a YAML 1.1 reader: exponents get a fraction.
    expect(text).toContain(
      ["1.0e+21", "1.0e-7", "5.0e-324", "-2.0e+300", "1.5e-7", "0.1", "-0", "9007199254740991"]
        .map((n) => `        - ${n}\n`)
        .join(""),
    );
    roundTrips(document);
    expect(parseYaml(text, { version: "1.1" }).attack.execution.state.numbers).toEqual(numbers);
  });

  it("does not change the document it is given", () => {
    const document = parsed(`${MINIMAL}  x-a: 1\n`);
    const before = structuredClone(document);
    serialize(document);
    expect(document).toEqual(before);
  });

  it("keeps __proto__ keys as data through a round trip", () => {
    roundTrips(
      parsed(
        `${MINIMAL}  x-a:\n    __proto__: {polluted: true}\n`.replace(
          "tools: []",
          "__proto__: {p: 1}",
        ),
      ),
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("never writes anchors, aliases or merge keys, even for shared or `<<` values", () => {
    const shared = { k: 1 };
    const document = parsed(MINIMAL);
    document.attack.execution.state = { a: shared, b: shared, "<<": "x" };
    const text = serialize(document);
    expect(text).not.toMatch(/[&*]/);
    expect(text).toContain('"<<": x');
    roundTrips(document);
  });

  it("round-trips generated documents: parse(serialize(d)) equals d (property)", () => {
    fc.assert(fc.property(document, roundTrips), { numRuns: 300 });
  });
});

describe("serialize round-trips the upstream documents", () => {
  const inputs: [string, string][] = [];
  for (const file of upstreamFiles("parse/valid")) {
    inputs.push([`parse/valid/${file}`, fixtureText(`parse/valid/${file}`)]);
  }
  for (const file of ["roundtrip/suite.yaml", "normalize/suite.yaml", "validate/suite.yaml"]) {
    for (const c of suite(file)) {
      for (const text of [c.input, c.expected]) {
        if (typeof text === "string" && parse(text).ok) inputs.push([`${file} ${c.id}`, text]);
      }
    }
  }

  it.each(inputs)("%s", (_name, text) => {
    const document = parsed(text);
    roundTrips(document);
    // The output is plain YAML 1.2 any reader understands.
    expect(parseYaml(serialize(document))).toBeTypeOf("object");
  });
});

describe("serialize writes exactly what a hand-built document holds", () => {
  const base = () => parsed(MINIMAL);

  it("writes a one-line comment, not YAML, for a document that contains itself", () => {
    const document = base();
    (document.attack as unknown as Record<string, unknown>).self = document.attack;
    expect(serialize(document)).toBe(
      "# not serialized: the document contains itself here (a cycle) (at attack.self)\n",
    );
  });

  it("writes NaN and the infinities as YAML's .nan, .inf and -.inf, integers as written", () => {
    const document = base();
    document.attack.execution.state = { nums: [Number.NaN, Infinity, -Infinity, 42, -7] };
    expect(serialize(document)).toContain(
      "    state:\n      nums:\n        - .nan\n        - .inf\n        - -.inf\n        - 42\n        - -7\n",
    );
  });

  it("escapes the C1 controls and noncharacters with their code", () => {
    const document = base();
    document.attack.execution.state = { s: "\x80\x9f\ufffe\uffff" };
    expect(serialize(document)).toContain('      s: "\\x80\\x9f\\ufffe\\uffff"\n');
  });

  it("escapes bidi controls, which would reorder what a reviewer or a terminal shows", () => {
    const document = base();
    const bidi = "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069";
    document.attack.name = `access\u202e\u2066 // admin\u2069\u2066`;
    document.attack.execution.state = { s: bidi, text: `line 1\nline\u202e 2\n`, "k\u200f": 1 };
    const text = serialize(document);
    expect(text).toContain('  name: "access\\u202e\\u2066 // admin\\u2069\\u2066"\n');
    expect(text).toContain(
      '      s: "\\u061c\\u200e\\u200f\\u202a\\u202b\\u202c\\u202d\\u202e\\u2066\\u2067\\u2068\\u2069"\n',
    );
    expect(text).toContain('      text: "line 1\\nline\\u202e 2\\n"\n');
    expect(text).toContain('      "k\\u200f": 1\n');
    expect(text).not.toMatch(/\p{Bidi_Control}/u);
    roundTrips(document);
  });

  it("never folds long lines: one line stays one line, multi-line text a literal block", () => {
    const document = base();
    const long = Array.from({ length: 30 }, (_, i) => `word${i}`).join(" ");
    document.attack.name = long;
    document.attack.description = `${long}\n${long}`;
    const text = serialize(document);
    expect(text).toContain(`  name: ${long}\n`);
    expect(text).toContain(`  description: |-\n    ${long}\n    ${long}\n`);
  });

  it("writes a severity object's level before its confidence", () => {
    const document = base();
    (document.attack as unknown as Record<string, unknown>).severity = {
      confidence: 80,
      level: "high",
    };
    expect(serialize(document)).toContain("  severity:\n    level: high\n    confidence: 80\n");
  });

  it("leaves out fields set to undefined, wherever they are", () => {
    const document = {
      oatf: "0.1",
      attack: {
        name: undefined,
        later: undefined,
        execution: {
          mode: "mcp_server",
          state: { kept: 1, dropped: undefined },
          phases: [
            {
              on_enter: [
                { log: { message: "m", level: undefined }, extensions: { "x-gone": undefined } },
              ],
            },
          ],
        },
        extensions: { "x-gone": undefined, "x-kept": true },
      },
    } as unknown as Document;
    expect(serialize(document)).toBe(`oatf: "0.1"
attack:
  execution:
    mode: mcp_server
    state:
      kept: 1
    phases:
      - on_enter:
          - log:
              message: m
  x-kept: true
`);
  });

  it("keeps fields the spec does not know after the known ones, and only own fields", () => {
    const attack = Object.create({ name: "inherited" }) as Record<string, unknown>;
    Object.assign(attack, {
      custom: { b: 1, a: 2 },
      execution: { mode: "mcp_server", state: {} },
      extensions: { "x-a": 1 },
    });
    expect(serialize({ oatf: "0.1", attack } as unknown as Document)).toBe(`oatf: "0.1"
attack:
  execution:
    mode: mcp_server
    state: {}
  custom:
    b: 1
    a: 2
  x-a: 1
`);
  });

  it("writes only the x- fields still in extensions, and no other key of an action's", () => {
    const source = `oatf: "0.1"
attack:
  name: n1
  x-a: 1
  x-b: 2
  execution:
    mode: mcp_server
    phases:
      - state: {}
        on_enter:
          - log: {message: m}
            x-c: 3
`;
    const document = parsed(source);
    const attack = document.attack as unknown as { extensions: object };
    delete (attack.extensions as Record<string, unknown>)["x-a"];
    const action = document.attack.execution.phases![0]!.on_enter![0] as Record<string, unknown>;
    Object.assign(action.extensions as object, { constructor: 1, toString: 2 });
    expect(serialize(document)).toBe(
      source
        .replace("  x-a: 1\n", "")
        .replace("log: {message: m}", "log:\n              message: m"),
    );
  });

  it("writes nothing for an extensions value that is not a mapping", () => {
    for (const extensions of [null, ["x-a"], "x-a"]) {
      const document = base();
      (document.attack as unknown as Record<string, unknown>).extensions = extensions;
      expect(serialize(document)).toBe(serialize(base()));
    }
  });

  it("keeps several x- fields after the same field, and around an action, in source order", () => {
    const source = `oatf: "0.1"
attack:
  x-z: 0
  x-y: 0
  name: n1
  x-b: 1
  x-a: 2
  execution:
    mode: mcp_server
    phases:
      - state: {}
        on_enter:
          - x-before: 1
            log: {message: m}
            x-after: 2
`;
    expect(serialize(parsed(source))).toBe(
      source.replace("log: {message: m}", "log:\n              message: m"),
    );
  });
});
