// OATF-CONDITION-OPERATOR: an object with no operator key is compared by equality (SDK §2.13),
// so `condition: {containz: KEY}` passed validate and then never matched, a silent green.
import { validate } from "@oatf/validate";
import { checkText } from "@oatf/validate/text";
import { describe, expect, it } from "vitest";
import { withAttack } from "./findings.js";

const typos = (attack: Record<string, unknown>) =>
  validate(withAttack(attack) as never)
    .warnings.filter((w) => w.rule === "OATF-CONDITION-OPERATOR")
    .map((w) => [w.path, w.message]);

const pattern = (condition: unknown) => ({
  indicators: [{ surface: "tools/call", target: "arguments", pattern: { condition } }],
});

describe("misspelt condition operators", () => {
  it("warns at each key of a pattern's equality object that is near an operator", () => {
    expect(typos(pattern({ containz: "KEY", startswith: "a", note: "x" }))).toEqual([
      [
        "attack.indicators[0].pattern.condition.containz",
        "`containz` is not a condition operator, so this object is compared by equality and will hardly ever match; did you mean `contains`?",
      ],
      [
        "attack.indicators[0].pattern.condition.startswith",
        "`startswith` is not a condition operator, so this object is compared by equality and will hardly ever match; did you mean `starts_with`?",
      ],
    ]);
  });

  it("warns in a match predicate (a trigger's match, a response's when)", () => {
    const attack = {
      execution: {
        mode: "mcp_server",
        phases: [
          {
            name: "one",
            state: {
              tools: [
                {
                  name: "t",
                  description: "d",
                  inputSchema: { type: "object" },
                  responses: [{ when: { "arguments.path": { regx: "^/etc" } }, content: {} }],
                },
              ],
            },
            trigger: { event: "tools/call", match: { "arguments.cmd": { any_off: ["rm"] } } },
          },
          { name: "two" },
        ],
      },
    };
    expect(typos(attack).map(([path]) => path)).toEqual([
      "attack.execution.phases[0].state.tools[0].responses[0].when.arguments.path.regx",
      "attack.execution.phases[0].trigger.match.arguments.cmd.any_off",
    ]);
  });

  it("stays silent on operator objects, scalars and equality objects with other keys", () => {
    expect(typos(pattern({ contains: "KEY" }))).toEqual([]);
    expect(typos(pattern("ls"))).toEqual([]);
    expect(typos(pattern({ name: "calc", path: "/tmp" }))).toEqual([]);
    expect(typos(pattern({ at: 1, le: 2, gtx: 3 }))).toEqual([]); // short field names, not typos
    expect(typos(pattern(["contains"]))).toEqual([]);
  });

  it("gives checkText the operator it suggests, at the entry in the file", () => {
    const text = `oatf: "0.1"
attack:
  execution:
    mode: mcp_server
    state:
      tools: []
  indicators:
    - surface: tools/call
      target: arguments
      pattern:
        condition: { containz: "KEY" }
`;
    const finding = checkText(text).findings.find(
      (f) => f.diagnostic.rule === "OATF-CONDITION-OPERATOR",
    );
    expect(finding?.suggestion).toBe("contains");
    expect(finding?.diagnostic.range?.start.line).toBe(11);
  });
});
