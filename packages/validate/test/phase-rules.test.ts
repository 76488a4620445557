// Inside a phase (format §5.2-§5.5; SDK §3.2): extractors (V-005, V-013, V-015, V-037, V-038,
// V-042), entry actions (V-005, V-041, V-043), the trigger (V-019, V-029, V-036, V-040) and
// match predicates (V-013, V-027): each finding's rule, path and message.
import { EXTRACTOR_SOURCES, EXTRACTOR_TYPES, LOG_LEVELS } from "@oatf/model";
import { describe, expect, it } from "vitest";
import { findings, notAllowed, withAttack } from "./findings.js";

const STATE = { tools: [] };
const PHASE = "attack.execution.phases[0]";

/** Findings for a document whose first (non-terminal) phase has `fields`, in `mode`. */
function phaseFindings(fields: Record<string, unknown>, mode: unknown = "mcp_server") {
  return findings(
    withAttack({
      execution: {
        mode,
        phases: [{ state: STATE, trigger: { event: "tools/call" }, ...fields }, { name: "end" }],
      },
    }),
  );
}
const errorsOf = (fields: Record<string, unknown>) => phaseFindings(fields).errors;

describe("extractors", () => {
  const extractor = (fields: Record<string, unknown>) => ({
    name: "token",
    source: "response",
    type: "json_path",
    selector: "$.token",
    ...fields,
  });

  it("V-038: the list is not empty", () => {
    expect(errorsOf({ extractors: [] })).toEqual([
      {
        rule: "V-038",
        path: `${PHASE}.extractors`,
        message: "`extractors` needs at least one entry; omit it when there are none",
      },
    ]);
  });

  it("V-037: names match [a-z][a-z0-9_]*", () => {
    expect(
      errorsOf({ extractors: [extractor({ name: "Token" }), extractor({ name: ["token"] })] }),
    ).toEqual([
      {
        rule: "V-037",
        path: `${PHASE}.extractors[0].name`,
        message: 'extractor name "Token" must match [a-z][a-z0-9_]*, e.g. session_token',
      },
      {
        rule: "V-037",
        path: `${PHASE}.extractors[1].name`,
        message: 'extractor name ["token"] must match [a-z][a-z0-9_]*, e.g. session_token',
      },
    ]);
  });

  it("V-005: source and type take their closed values; an unknown type has no selector check", () => {
    expect(
      errorsOf({ extractors: [extractor({ source: "body", type: "xpath", selector: "(" })] }),
    ).toEqual([
      notAllowed(`${PHASE}.extractors[0].source`, "body", EXTRACTOR_SOURCES),
      notAllowed(`${PHASE}.extractors[0].type`, "xpath", EXTRACTOR_TYPES),
    ]);
  });

  it("V-015: a json_path selector compiles", () => {
    const [invalid] = errorsOf({ extractors: [extractor({ selector: "$[" })] });
    expect(invalid).toMatchObject({ rule: "V-015", path: `${PHASE}.extractors[0].selector` });
    expect(invalid!.message).toMatch(/^invalid JSONPath \(RFC 9535\) selector: \S/);
    expect(errorsOf({ extractors: [extractor({ selector: 5 })] })).toContainEqual({
      rule: "V-015",
      path: `${PHASE}.extractors[0].selector`,
      message: "invalid JSONPath (RFC 9535) selector, got 5",
    });
  });

  it("V-013 and V-042: a regex selector compiles and has a capture group", () => {
    const regex = (selector: unknown) =>
      errorsOf({ extractors: [extractor({ type: "regex", selector })] });
    expect(regex("token=([a-z]+)")).toEqual([]);
    expect(regex("token=[a-z]+")).toEqual([
      {
        rule: "V-042",
        path: `${PHASE}.extractors[0].selector`,
        message:
          "a regex extractor captures its first group; add a capture group, e.g. token=([a-z0-9]+)",
      },
    ]);
    expect(regex(5)).toContainEqual({
      rule: "V-013",
      path: `${PHASE}.extractors[0].selector`,
      message: "regular expression must be a string, got 5",
    });
  });
});

describe("entry actions", () => {
  const send = { send: { method: "notifications/tools/list_changed" } };

  it("V-043: the list is not empty", () => {
    expect(errorsOf({ on_enter: [] })).toEqual([
      {
        rule: "V-043",
        path: `${PHASE}.on_enter`,
        message: "`on_enter` needs at least one action; omit it when there are none",
      },
    ]);
  });

  it("V-041: an action has exactly one action key; extensions do not count", () => {
    expect(errorsOf({ on_enter: [{ ...send, "x-note": "why" }] })).toEqual([]);
    const none = "an action needs exactly one action key: send, log or a binding-specific action";
    expect(
      errorsOf({ on_enter: ["send", { "x-note": "why" }, { ...send, log: { message: "hi" } }] }),
    ).toEqual([
      { rule: "V-041", path: `${PHASE}.on_enter[0]`, message: none },
      { rule: "V-041", path: `${PHASE}.on_enter[1]`, message: none },
      {
        rule: "V-041",
        path: `${PHASE}.on_enter[2]`,
        message:
          "an action has exactly one action key, found send, log; split them into separate actions",
      },
    ]);
  });

  it("V-005: a log action's level", () => {
    expect(errorsOf({ on_enter: [{ log: { message: "hi", level: "loud" } }] })).toEqual([
      notAllowed(`${PHASE}.on_enter[0].log.level`, "loud", LOG_LEVELS),
    ]);
  });
});

describe("triggers", () => {
  it("V-040: a trigger is an object with `event` or `after`", () => {
    expect(errorsOf({ trigger: "soon" })).toContainEqual({
      rule: "V-040",
      path: `${PHASE}.trigger`,
      message:
        "a trigger is an object with `event` and/or `after`; omit `trigger` for a terminal phase",
    });
    expect(errorsOf({ trigger: {} })).toEqual([
      {
        rule: "V-040",
        path: `${PHASE}.trigger`,
        message: "a trigger needs `event` or `after`; omit `trigger` for a terminal phase",
      },
    ]);
  });

  it("V-019: `count` and `match` need `event`", () => {
    const v019 = (trigger: Record<string, unknown>) =>
      errorsOf({ trigger: { after: "1s", ...trigger } }).filter((e) => e.rule === "V-019");
    const message = (keys: string, verb: string) => ({
      rule: "V-019",
      path: `${PHASE}.trigger`,
      message: `trigger ${keys} ${verb} \`event\`; add the event to count or match`,
    });
    expect(v019({ count: 2 })).toEqual([message("`count`", "needs")]);
    expect(v019({ match: { name: "x" } })).toEqual([message("`match`", "needs")]);
    expect(v019({ count: 2, match: { name: "x" } })).toEqual([
      message("`count` and `match`", "need"),
    ]);
  });

  it("V-036: `after` is a duration", () => {
    expect(errorsOf({ trigger: { after: 5 } })).toEqual([
      {
        rule: "V-036",
        path: `${PHASE}.trigger.after`,
        message: '5 is not a duration; write e.g. "30s", "5m" or "PT30S"',
      },
    ]);
  });

  describe("V-029: events of an included binding's mode", () => {
    it("warns about an event the mode does not have", () => {
      expect(phaseFindings({ trigger: { event: "tasks/send" } }).warnings).toEqual([
        {
          rule: "V-029",
          path: `${PHASE}.trigger.event`,
          message:
            'event "tasks/send" is not defined for mode mcp_server; check the binding\'s event table',
        },
      ]);
      expect(phaseFindings({ trigger: { event: "tools/call" } }).warnings).toEqual([]);
    });

    it("skips events that are not strings and modes no binding defines", () => {
      expect(phaseFindings({ trigger: { event: 5 } }).warnings).toEqual([]);
      expect(
        phaseFindings({ trigger: { event: "tasks/send" } }, "smtp_server").warnings.map(
          (w) => w.rule,
        ),
      ).toEqual(["W-002"]);
      expect(
        phaseFindings({ trigger: { event: "tasks/send" }, mode: ["mcp_server"] }).warnings,
      ).toEqual([]);
    });
  });
});

describe("match predicates", () => {
  const match = (predicate: unknown) =>
    errorsOf({ trigger: { event: "tools/call", match: predicate } });

  it("V-027: a predicate maps dot-paths to conditions", () => {
    expect(match("name == x")).toContainEqual({
      rule: "V-027",
      path: `${PHASE}.trigger.match`,
      message: 'a match predicate must map dot-paths to conditions, got "name == x"',
    });
    const [error] = match({ "arguments[0]": "x" });
    expect(error).toMatchObject({ rule: "V-027", path: `${PHASE}.trigger.match.arguments[0]` });
    expect(error!.message).toMatch(
      /^predicate key "arguments\[0\]" is not a simple dot-path \(.+\); use plain field names such as arguments\.command, without \[\*\] or \[0\]$/,
    );
  });

  it("V-013: a regex condition compiles", () => {
    const [error] = match({ name: { regex: "(" } });
    expect(error).toMatchObject({ rule: "V-013", path: `${PHASE}.trigger.match.name.regex` });
  });
});
