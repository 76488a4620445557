import { checkPolicyPaths, type ExecutionPolicy } from "@oatf/paths";
import { describe, expect, it } from "vitest";

const agents = [{ alias: "researcher" }, { alias: "writer" }, { alias: "quality_checker" }];

function codes(policy: ExecutionPolicy) {
  return checkPolicyPaths(policy).map(({ code, expression, location }) => ({
    code,
    expression,
    location,
  }));
}

describe("checkPolicyPaths", () => {
  it("accepts a well-formed policy", () => {
    const policy: ExecutionPolicy = {
      local_agents: agents,
      steps: [
        { alias: "researcher", input_mapping: { query: "parent.input.query" } },
        {
          alias: "writer",
          batch: {
            input_mapping: {
              name: "parent.input.items.[].name",
              value: "parent.input.items.[].value",
              findings: "researcher.output.findings",
            },
          },
        },
        {
          conditional: {
            routes: [
              {
                alias: "quality_checker",
                when: { args_match: { "writer.output.draft": { exists: true } } },
                input_mapping: { text: "writer.output.draft" },
              },
            ],
          },
        },
        {
          alias: "writer",
          loop: {
            exit_condition: {
              args_match: { "writer.output.done": true, "quality_checker.output.score": 1 },
            },
          },
        },
      ],
    };
    expect(checkPolicyPaths(policy)).toEqual([]);
  });

  it("reports an alias that is not a local agent (unknown_alias)", () => {
    const policy: ExecutionPolicy = {
      local_agents: agents,
      steps: [{ alias: "researcher", input_mapping: { q: "ghost.output.text" } }],
    };
    expect(codes(policy)).toEqual([
      {
        code: "unknown_alias",
        expression: "ghost.output.text",
        location: "steps[0].input_mapping.q",
      },
    ]);
    expect(checkPolicyPaths(policy)[0]?.message).toMatch(/'ghost'/);
  });

  it("reports a reference to a later step (step_not_executed)", () => {
    const policy: ExecutionPolicy = {
      local_agents: agents,
      steps: [
        { alias: "researcher", input_mapping: { draft: "writer.output.draft" } },
        { alias: "writer", input_mapping: { findings: "researcher.output.findings" } },
      ],
    };
    expect(codes(policy)).toEqual([
      {
        code: "step_not_executed",
        expression: "writer.output.draft",
        location: "steps[0].input_mapping.draft",
      },
    ]);
  });

  it("reports a step reading its own output in its input mapping", () => {
    const policy: ExecutionPolicy = {
      local_agents: agents,
      steps: [{ alias: "writer", input_mapping: { prev: "writer.output.draft" } }],
    };
    expect(codes(policy).map((i) => i.code)).toEqual(["step_not_executed"]);
  });

  it("reports a known agent that never runs before the point of use as not executed", () => {
    const policy: ExecutionPolicy = {
      local_agents: agents,
      steps: [{ alias: "writer", input_mapping: { s: "quality_checker.output.score" } }],
    };
    expect(codes(policy).map((i) => i.code)).toEqual(["step_not_executed"]);
  });

  it("lets a loop exit condition read the looping step's own output", () => {
    const policy: ExecutionPolicy = {
      local_agents: agents,
      steps: [
        {
          alias: "writer",
          loop: { exit_condition: { args_match: { "writer.output.done": true } } },
        },
      ],
    };
    expect(checkPolicyPaths(policy)).toEqual([]);
  });

  it("checks conditional `when` keys against the steps before the conditional", () => {
    const policy: ExecutionPolicy = {
      local_agents: agents,
      steps: [
        {
          conditional: {
            routes: [
              { alias: "writer", when: { args_match: { "writer.output.x": 1 } } },
              { alias: "researcher", when: { args_match: { "parent.input.kind": "r" } } },
            ],
          },
        },
        { alias: "quality_checker", input_mapping: { text: "writer.output.draft" } },
      ],
    };
    expect(codes(policy)).toEqual([
      {
        code: "step_not_executed",
        expression: "writer.output.x",
        location: "steps[0].conditional.routes[0].when.args_match",
      },
    ]);
  });

  it("uses the step aliases as the known agents when local_agents is absent", () => {
    const policy: ExecutionPolicy = {
      steps: [
        { alias: "a", input_mapping: { x: "parent.input.x" } },
        { alias: "b", input_mapping: { x: "a.output.x", y: "c.output.y" } },
      ],
    };
    expect(codes(policy).map((i) => i.code)).toEqual(["unknown_alias"]);
  });

  it("reports more than one .[] (multiple_iterations)", () => {
    const policy: ExecutionPolicy = {
      local_agents: agents,
      steps: [
        {
          alias: "writer",
          batch: { input_mapping: { v: "parent.input.matrix.[].rows.[].value" } },
        },
      ],
    };
    expect(codes(policy)).toEqual([
      {
        code: "multiple_iterations",
        expression: "parent.input.matrix.[].rows.[].value",
        location: "steps[0].batch.input_mapping.v",
      },
    ]);
  });

  it("reports .[] outside batch input mappings (iteration_outside_batch)", () => {
    const policy: ExecutionPolicy = {
      local_agents: agents,
      steps: [
        { alias: "researcher", input_mapping: { q: "parent.input.items.[].q" } },
        {
          conditional: {
            routes: [
              {
                alias: "writer",
                when: { args_match: { "parent.input.items.[].ok": true } },
                input_mapping: { r: "researcher.output.list.[]" },
              },
            ],
          },
        },
        {
          alias: "quality_checker",
          loop: { exit_condition: { args_match: { "quality_checker.output.s.[]": 1 } } },
        },
      ],
    };
    expect(codes(policy)).toEqual([
      {
        code: "iteration_outside_batch",
        expression: "parent.input.items.[].q",
        location: "steps[0].input_mapping.q",
      },
      {
        code: "iteration_outside_batch",
        expression: "parent.input.items.[].ok",
        location: "steps[1].conditional.routes[0].when.args_match",
      },
      {
        code: "iteration_outside_batch",
        expression: "researcher.output.list.[]",
        location: "steps[1].conditional.routes[0].input_mapping.r",
      },
      {
        code: "iteration_outside_batch",
        expression: "quality_checker.output.s.[]",
        location: "steps[2].loop.exit_condition.args_match",
      },
    ]);
  });

  it("reports differing .[] prefixes within one batch mapping (mismatched_iteration_prefix)", () => {
    // The invalid example of the reference: different arrays.
    const policy: ExecutionPolicy = {
      local_agents: agents,
      steps: [
        {
          alias: "writer",
          batch: {
            input_mapping: {
              name: "parent.input.items.[].name",
              price: "parent.input.prices.[].amount",
              also: "parent.output.items.[].name",
              same: "parent.input.items.[]",
            },
          },
        },
      ],
    };
    const issues = checkPolicyPaths(policy);
    expect(issues.map(({ code, location }) => ({ code, location }))).toEqual([
      { code: "mismatched_iteration_prefix", location: "steps[0].batch.input_mapping.price" },
      { code: "mismatched_iteration_prefix", location: "steps[0].batch.input_mapping.also" },
    ]);
    expect(issues[0]?.message).toMatch(/parent\.input\.prices\.\[\]/);
    expect(issues[0]?.message).toMatch(/parent\.input\.items\.\[\]/);
  });

  it("keeps prefixes of separate batch mappings independent", () => {
    const policy: ExecutionPolicy = {
      local_agents: agents,
      steps: [
        { alias: "researcher", batch: { input_mapping: { a: "parent.input.a.[].x" } } },
        { alias: "writer", batch: { input_mapping: { b: "parent.input.b.[].y" } } },
      ],
    };
    expect(checkPolicyPaths(policy)).toEqual([]);
  });

  it("reports syntax errors with their position (invalid_syntax)", () => {
    const policy: ExecutionPolicy = {
      local_agents: agents,
      steps: [{ alias: "writer", input_mapping: { f: "parent.input.my-field" } }],
    };
    expect(checkPolicyPaths(policy)).toEqual([
      expect.objectContaining({
        code: "invalid_syntax",
        expression: "parent.input.my-field",
        location: "steps[0].input_mapping.f",
        position: 15,
      }),
    ]);
  });

  it("collects every problem of one expression", () => {
    const policy: ExecutionPolicy = {
      local_agents: agents,
      steps: [{ alias: "writer", input_mapping: { v: "ghost.input.a.[].b.[]" } }],
    };
    expect(codes(policy).map((i) => i.code)).toEqual([
      "unknown_alias",
      "multiple_iterations",
      "iteration_outside_batch",
    ]);
  });

  it("never throws on malformed policies", () => {
    for (const bad of [
      null,
      42,
      {},
      { steps: "x" },
      {
        steps: [
          null,
          1,
          { input_mapping: { x: 5 } },
          { batch: null, conditional: { routes: [null] } },
        ],
      },
      { local_agents: [null, {}], steps: [{ loop: { exit_condition: { args_match: null } } }] },
    ]) {
      expect(() => checkPolicyPaths(bad as unknown as ExecutionPolicy)).not.toThrow();
    }
    const issues = checkPolicyPaths({
      steps: [{ input_mapping: { x: 5 } }],
    } as unknown as ExecutionPolicy);
    expect(issues.map((i) => i.code)).toEqual(["invalid_syntax"]);
  });
});
