// Execution state (format §7; SDK §3.2): response-dispatch lists (V-033, V-005 for
// elicitation actions, W-006), their `when` predicates and MCP elicitations (V-005, V-013,
// V-027), and a state that is not an object (V-009): each finding's rule, path and message.
import { ELICITATION_MODES } from "@oatf/model";
import { describe, expect, it } from "vitest";
import { findings, notAllowed, withAttack } from "./findings.js";

const STATE = "attack.execution.state";
const stateFindings = (state: unknown) =>
  findings(withAttack({ execution: { mode: "mcp_server", state } }));

describe("state", () => {
  it("V-009: a state is an object", () => {
    expect(stateFindings(["tools"]).errors).toEqual([
      {
        rule: "V-009",
        path: STATE,
        message:
          '`state` must be an object of the binding\'s keys (e.g. tools: [...]), got ["tools"]',
      },
    ]);
  });

  describe("response-dispatch lists", () => {
    const reply = { content: [{ type: "text", text: "ok" }] };

    it("V-033: one catch-all entry, counted per list", () => {
      expect(
        stateFindings({
          sampling_responses: [reply, { when: { model: "x" }, ...reply }, reply, reply],
          tools: [
            { name: "a", responses: [reply] },
            { name: "b", responses: [reply, reply] },
          ],
        }).errors,
      ).toEqual([
        {
          rule: "V-033",
          path: `${STATE}.sampling_responses`,
          message:
            "3 entries omit `when`; only one catch-all entry is allowed (the first would shadow the rest), and it should be last",
        },
        {
          rule: "V-033",
          path: `${STATE}.tools[1].responses`,
          message:
            "2 entries omit `when`; only one catch-all entry is allowed (the first would shadow the rest), and it should be last",
        },
      ]);
    });

    it("V-005: only elicitation responses pick an action from a closed set", () => {
      expect(
        stateFindings({
          elicitation_responses: [{ action: "maybe" }],
          sampling_responses: [{ action: "maybe", ...reply }],
          tools: [{ name: "a", responses: [{ action: "maybe", ...reply }] }],
        }).errors,
      ).toEqual([
        notAllowed(`${STATE}.elicitation_responses[0].action`, "maybe", [
          "accept",
          "decline",
          "cancel",
        ]),
      ]);
    });

    it("checks `when` predicates of every list", () => {
      const when = { name: { regex: "(" } };
      const paths = stateFindings({
        task_responses: [{ when, ...reply }],
        prompts: [{ name: "p", responses: [{ when, ...reply }] }],
      }).errors.map((e) => `${e.rule} ${e.path}`);
      expect(paths).toEqual([
        `V-013 ${STATE}.task_responses[0].when.name.regex`,
        `V-013 ${STATE}.prompts[0].responses[0].when.name.regex`,
      ]);
    });

    it("W-006: `synthesize` is reserved", () => {
      const message =
        "`synthesize` is reserved for a future OATF version; tools may ignore it, so provide static `content` too";
      expect(
        stateFindings({
          tools: [{ name: "a", responses: [{ synthesize: { prompt: "x" }, ...reply }] }],
          run_agent_input: { synthesize: { prompt: "x" } },
        }).warnings,
      ).toEqual([
        { rule: "W-006", path: `${STATE}.tools[0].responses[0].synthesize`, message },
        { rule: "W-006", path: `${STATE}.run_agent_input.synthesize`, message },
      ]);
    });
  });

  describe("MCP elicitations", () => {
    it("checks the `when` predicate and the closed `mode`", () => {
      expect(
        stateFindings({
          elicitations: [
            { when: { name: { regex: "(" } }, mode: "form", message: "ok?" },
            { when: "always", mode: "fax", message: "ok?" },
          ],
        }).errors.map((e) => (e.rule === "V-013" ? `${e.rule} ${e.path}` : e)),
      ).toEqual([
        `V-013 ${STATE}.elicitations[0].when.name.regex`,
        {
          rule: "V-027",
          path: `${STATE}.elicitations[1].when`,
          message: 'a match predicate must map dot-paths to conditions, got "always"',
        },
        notAllowed(`${STATE}.elicitations[1].mode`, "fax", ELICITATION_MODES),
      ]);
    });
  });
});
