// SDK §3.1 "SHOULD attempt to report multiple errors": validating text reports the parse
// problems and every finding still checkable, leaving out those that depend on an unreadable
// part, so one mistake is reported once.
import { parseRecovering } from "@oatf/model";
import { validateRecovered } from "@oatf/validate";
import { describe, expect, it } from "vitest";
import { celStub } from "./support.js";

const validateText = (text: string) => validateRecovered(parseRecovering(text), { cel: celStub });
const findings = (text: string) => {
  const { errors, warnings } = validateText(text);
  return {
    errors: errors.map((e) => `${e.rule} ${e.path}`),
    warnings: warnings.map((w) => `${w.rule} ${w.path}`),
  };
};

const HEAD = 'oatf: "0.1"\nattack:\n';
const PHASES = `${HEAD}  execution:\n    mode: mcp_server\n    phases:\n`;

/**
 * Presence rules judge an element by the children it has: with a misspelt or unreadable child,
 * the verdict would be a guess. Each case: the text with the mistake, the rule it would also
 * raise, and the same text with the child written correctly but the rule's violation kept.
 */
const PRESENCE_CASES: { rule: string; text: string; control: string; parse: string }[] = [
  {
    rule: "V-009 attack.execution.phases[0].state",
    text: `${PHASES}      - name: a\n        stat: {}\n        trigger: {event: tools/call}\n      - name: b\n`,
    control: `${PHASES}      - name: a\n        trigger: {event: tools/call}\n      - name: b\n`,
    parse: "parse/unknown-field attack.execution.phases[0].stat",
  },
  {
    rule: "V-008 attack.execution.phases[0]",
    text: `${PHASES}      - name: a\n        state: {}\n        trigger: 5\n      - name: b\n        trigger: {after: 1s}\n`,
    control: `${PHASES}      - name: a\n        state: {}\n      - name: b\n        trigger: {after: 1s}\n`,
    parse: "parse/type-mismatch attack.execution.phases[0].trigger",
  },
  {
    rule: "V-008 attack.execution.phases[0]",
    text: `${PHASES}      - name: a\n        state: {}\n        triger: {after: 1s}\n      - name: b\n        trigger: {after: 1s}\n`,
    control: `${PHASES}      - name: a\n        state: {}\n      - name: b\n        trigger: {after: 1s}\n`,
    parse: "parse/unknown-field attack.execution.phases[0].triger",
  },
  {
    // The list's count of terminal phases is a guess when one phase's trigger is unreadable.
    rule: "V-008 attack.execution.phases",
    text: `${PHASES}      - name: a\n        state: {}\n        trigger: 5\n      - name: b\n`,
    control: `${PHASES}      - name: a\n        state: {}\n      - name: b\n`,
    parse: "parse/type-mismatch attack.execution.phases[0].trigger",
  },
  {
    rule: "V-008 attack.execution.phases",
    text: `${PHASES}      - name: a\n        state: {}\n        trigger: {after: 1s}\n      - 5\n      - name: c\n`,
    control: `${PHASES}      - name: a\n        state: {}\n        trigger: {after: 1s}\n      - name: b\n      - name: c\n`,
    parse: "parse/type-mismatch attack.execution.phases[1]",
  },
  {
    rule: "V-019 attack.execution.phases[0].trigger",
    text: `${PHASES}      - name: a\n        state: {}\n        trigger: {after: 5s, count: 2, cuont: 1}\n      - name: b\n`,
    control: `${PHASES}      - name: a\n        state: {}\n        trigger: {after: 5s, count: 2}\n      - name: b\n`,
    parse: "parse/unknown-field attack.execution.phases[0].trigger.cuont",
  },
  {
    rule: "V-040 attack.execution.phases[0].trigger",
    text: `${PHASES}      - name: a\n        state: {}\n        trigger: {evnt: tools/call}\n      - name: b\n`,
    control: `${PHASES}      - name: a\n        state: {}\n        trigger: {}\n      - name: b\n`,
    parse: "parse/unknown-field attack.execution.phases[0].trigger.evnt",
  },
  {
    rule: "V-041 attack.execution.phases[0].on_enter[0]",
    text: `${PHASES}      - name: a\n        state: {}\n        on_enter:\n          - {send: 5}\n`,
    control: `${PHASES}      - name: a\n        state: {}\n        on_enter:\n          - {}\n`,
    parse: "parse/type-mismatch attack.execution.phases[0].on_enter[0].send",
  },
  {
    rule: "V-030 attack.execution",
    text: `${HEAD}  execution:\n    mode: mcp_server\n    phses: []\n`,
    control: `${HEAD}  execution:\n    mode: mcp_server\n`,
    parse: "parse/unknown-field attack.execution.phses",
  },
  {
    rule: "V-028 attack.indicators[0].protocol",
    text: `${HEAD}  execution:\n    phases:\n      - name: a\n        mode: mcp_server\n        state: {}\n  indicators:\n    - target: x\n      protocl: mcp\n      pattern: {contains: y}\n`,
    control: `${HEAD}  execution:\n    phases:\n      - name: a\n        mode: mcp_server\n        state: {}\n  indicators:\n    - target: x\n      pattern: {contains: y}\n`,
    parse: "parse/unknown-field attack.indicators[0].protocl",
  },
  {
    rule: "V-049 attack.indicators[0].method",
    text: `${HEAD}  execution:\n    mode: mcp_server\n    state: {}\n  indicators:\n    - target: x\n      method: pattern\n      patern: {contains: y}\n`,
    control: `${HEAD}  execution:\n    mode: mcp_server\n    state: {}\n  indicators:\n    - target: x\n      method: pattern\n      expression: {cel: "true"}\n`,
    parse: "parse/unknown-field attack.indicators[0].patern",
  },
  {
    rule: "V-047 attack.correlation",
    text: `${HEAD}  execution:\n    mode: mcp_server\n    state: {}\n  indicatorz: []\n  correlation: {logic: any}\n`,
    control: `${HEAD}  execution:\n    mode: mcp_server\n    state: {}\n  correlation: {logic: any}\n`,
    parse: "parse/unknown-field attack.indicatorz",
  },
  {
    // A shape check judges which operators the pattern has: `contains` is there, unreadable.
    rule: "parse/type-mismatch attack.indicators[0].pattern",
    text: `${HEAD}  execution:\n    mode: mcp_server\n    state: {}\n  indicators:\n    - target: x\n      pattern: {contains: 5}\n`,
    control: `${HEAD}  execution:\n    mode: mcp_server\n    state: {}\n  indicators:\n    - target: x\n      pattern: {}\n`,
    parse: "parse/type-mismatch attack.indicators[0].pattern.contains",
  },
  {
    rule: "parse/type-mismatch attack.indicators[0].semantic.examples",
    text: `${HEAD}  execution:\n    mode: mcp_server\n    state: {}\n  indicators:\n    - target: x\n      semantic: {intent: a, examples: {positive: x}}\n`,
    control: `${HEAD}  execution:\n    mode: mcp_server\n    state: {}\n  indicators:\n    - target: x\n      semantic: {intent: a, examples: {}}\n`,
    parse: "parse/type-mismatch attack.indicators[0].semantic.examples.positive",
  },
];

describe("presence rules are left out when the element they judge has an unreadable child", () => {
  it.each(PRESENCE_CASES)("$rule", ({ rule, text, control, parse }) => {
    expect(findings(control).errors).toContain(rule);
    expect(findings(text).errors).toEqual([parse]);
  });

  it("but not for an element whose sibling is unreadable", () => {
    const { errors } = findings(
      `${PHASES}      - name: a\n        state: {}\n        trigger: {}\n        descripton: x\n      - name: b\n`,
    );
    expect(errors).toEqual([
      "V-040 attack.execution.phases[0].trigger",
      "parse/unknown-field attack.execution.phases[0].descripton",
    ]);
  });

  it("nor for an unreadable child the rule does not judge (V-008 judges `trigger`)", () => {
    const { errors } = findings(
      `${PHASES}      - name: a\n        state: {}\n        descripton: x\n      - name: b\n`,
    );
    expect(errors).toEqual([
      "V-008 attack.execution.phases",
      "V-008 attack.execution.phases[0]",
      "parse/unknown-field attack.execution.phases[0].descripton",
    ]);
  });

  it("W-005 judges the indicator: with its `actor` unreadable, the actors it sees are unknown", () => {
    const text = (actor: string) =>
      `${HEAD}  execution:\n    mode: mcp_server\n    state: {}\n  indicators:\n    - target: x\n      protocol: a2a\n${actor}      pattern: {contains: y}\n`;
    expect(findings(text(""))).toEqual({
      errors: [],
      warnings: ["W-005 attack.indicators[0].protocol"],
    });
    expect(findings(text("      actor: [server]\n"))).toEqual({
      errors: ["parse/type-mismatch attack.indicators[0].actor"],
      warnings: [],
    });
  });

  it("and a value rule at an element with an unreadable child is still reported", () => {
    const { errors } = findings(
      `${PHASES}      - name: a\n        state: {}\n        trigger: {event: tools/call, after: soon, bogus: 1}\n      - name: b\n`,
    );
    expect(errors).toEqual([
      "V-036 attack.execution.phases[0].trigger.after",
      "parse/unknown-field attack.execution.phases[0].trigger.bogus",
    ]);
  });
});

describe("an unreadable root", () => {
  it("with no document: the parse problems only", () => {
    expect(validateText("- just\n- a list\n")).toEqual({
      errors: [expect.objectContaining({ rule: "parse/type-mismatch", path: "" })],
      warnings: [],
    });
  });

  it("a root with an unreadable key still has every other finding checked", () => {
    const { errors } = findings(
      `${HEAD}  execution:\n    mode: mcp_server\n    state: {}\n  indicators:\n    - target: x\n      confidence: 900\n      pattern: {contains: y}\n? [complex, key]\n: 1\n`,
    );
    expect(errors).toEqual(["V-025 attack.indicators[0].confidence", "parse/type-mismatch "]);
  });
});

describe("findings of both kinds come in source order", () => {
  it("by line, then by column within a line", () => {
    const { errors } = findings(`${HEAD}  execution:
    mode: mcp_server
    state: {}
  indicators:
    - { target: "a[0]", bogus: 1, pattern: { contains: y } }
    - { bogus: 1, target: "a[0]", pattern: { contains: y } }
    - target: x
      confidence: 900
      pattern: { contains: y }
  authr: me
`);
    expect(errors).toEqual([
      "V-021 attack.indicators[0].target",
      "parse/unknown-field attack.indicators[0].bogus",
      "parse/unknown-field attack.indicators[1].bogus",
      "V-021 attack.indicators[1].target",
      "V-025 attack.indicators[2].confidence",
      "parse/unknown-field attack.authr",
    ]);
  });
});

describe("warnings", () => {
  it("about an unreadable value are left out", () => {
    // `oatf` written twice is unreadable: whether it comes first (W-001) is moot.
    const text = `attack:\n  execution:\n    mode: mcp_server\n    state: {}\noatf: "0.1"\noatf: "0.1"\n`;
    expect(findings(text)).toEqual({ errors: ["parse/duplicate-key oatf"], warnings: [] });
  });

  it("about readable values are kept", () => {
    const text = `attack:\n  execution:\n    mode: mcp_server\n    state: {}\n  authr: me\noatf: "0.1"\n`;
    expect(findings(text)).toEqual({
      errors: ["parse/unknown-field attack.authr"],
      warnings: ["W-001 oatf"],
    });
  });
});

describe("every problem in one pass: an unreadable child hides only the rules that judge it", () => {
  const INDICATOR = `${HEAD}  execution:\n    mode: mcp_server\n    state: {}\n  indicators:\n    - target: x\n`;

  it.each([
    ["an enum error (`tier`)", "      tier: bogus\n", "V-005 attack.indicators[0].tier"],
    [
      "an enum error (`direction`)",
      "      direction: sideways\n",
      "V-005 attack.indicators[0].direction",
    ],
    ["a type error", "      confidence: [1]\n", "V-025 attack.indicators[0].confidence"],
    [
      "an unknown field far from any detection key",
      "      severty: high\n",
      "parse/unknown-field attack.indicators[0].severty",
    ],
  ])("%s does not hide the indicator's missing detection key (V-012)", (_, line, parse) => {
    expect(findings(INDICATOR + line).errors).toEqual(["V-012 attack.indicators[0]", parse]);
  });

  it("a near miss of a detection key still does (it is probably the key)", () => {
    expect(findings(`${INDICATOR}      patern: {contains: y}\n`).errors).toEqual([
      "parse/unknown-field attack.indicators[0].patern",
    ]);
  });

  it("an unreadable detection key still does (the indicator has one)", () => {
    expect(findings(`${INDICATOR}      pattern: 5\n`).errors).toEqual([
      "parse/type-mismatch attack.indicators[0].pattern",
    ]);
  });

  it("an enum error in a trigger does not hide V-040 (no `event` or `after`)", () => {
    const text = `${PHASES}      - name: a\n        state: {}\n        on_enter: [{log: {message: m, level: loud}}]\n        trigger: {count: 1}\n      - name: b\n`;
    expect(findings(text).errors).toEqual([
      "V-005 attack.execution.phases[0].on_enter[0].log.level",
      "V-040 attack.execution.phases[0].trigger",
      "V-019 attack.execution.phases[0].trigger",
    ]);
  });
});
