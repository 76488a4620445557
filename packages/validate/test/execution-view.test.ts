// Format §5.1: the execution profile seen as actors, whatever form the document uses.
// Indicators and templates name actors, and W-005 compares an indicator's protocol with
// the protocols its actors speak.
import type { Document } from "@oatf/model";
import { validate } from "@oatf/validate";
import { describe, expect, it } from "vitest";
import { celStub } from "./support.js";

const check = (attack: Record<string, unknown>) =>
  validate({ oatf: "0.1", attack } as unknown as Document, { cel: celStub });

const indicator = (fields: Record<string, unknown> = {}) => ({
  target: "x",
  pattern: { contains: "y" },
  ...fields,
});

describe("an execution that is not a mapping", () => {
  it("has no actors: indicators are not asked for a protocol to inherit", () => {
    const { errors } = check({ execution: 5, indicators: [indicator()] });
    expect(errors.map((e) => [e.rule, e.path])).toEqual([["V-004", "attack.execution"]]);
  });
});

describe("actor names", () => {
  it("an actor without a name cannot be named, and is not listed", () => {
    const { errors } = check({
      execution: {
        actors: [
          { mode: "mcp_server", phases: [{ name: "p", state: { tools: [] } }] },
          { name: "b", mode: "a2a_client", phases: [{ name: "q", state: {} }] },
        ],
      },
      indicators: [indicator({ protocol: "mcp", actor: "x" })],
    });
    expect(errors.map((e) => [e.rule, e.path, e.message])).toEqual([
      [
        "V-031",
        "attack.execution.actors[0].name",
        "every actor needs a `name` matching [a-z][a-z0-9_]*",
      ],
      ["V-048", "attack.indicators[0].actor", 'actor "x" does not exist; actors: b'],
    ]);
  });
});

describe("an actor whose name is not a string", () => {
  it("cannot be named either", () => {
    const { errors } = check({
      execution: {
        actors: [{ name: 5, mode: "mcp_server", phases: [{ name: "p", state: { tools: [] } }] }],
      },
      indicators: [indicator({ protocol: "mcp", actor: "x" })],
    });
    expect(errors.map((e) => [e.rule, e.message])).toEqual([
      ["V-031", "actor name 5 must match [a-z][a-z0-9_]*, e.g. mcp_attacker"],
      ["V-048", 'actor "x" does not exist; actors: (none)'],
    ]);
  });
});

describe("the protocols an actor speaks (W-005)", () => {
  const w005 = (attack: Record<string, unknown>) =>
    check(attack)
      .warnings.filter((w) => w.rule === "W-005")
      .map((w) => w.message);

  it("single-phase form: the execution's mode", () => {
    expect(
      w005({
        execution: { mode: "mcp_server", state: { tools: [] } },
        indicators: [indicator({ protocol: "a2a" })],
      }),
    ).toEqual([
      'no actor speaks protocol "a2a" (the execution profile uses mcp); this indicator will see no traffic',
    ]);
  });

  it("multi-phase form without an execution mode: the phases' modes", () => {
    expect(
      w005({
        execution: { phases: [{ name: "p", mode: "mcp_server", state: { tools: [] } }] },
        indicators: [indicator({ protocol: "a2a" })],
      }),
    ).toEqual([
      'no actor speaks protocol "a2a" (the execution profile uses mcp); this indicator will see no traffic',
    ]);
  });

  it("the execution's mode and every phase's own", () => {
    expect(
      w005({
        execution: {
          mode: "mcp_server",
          phases: [
            { name: "p", state: { tools: [] }, trigger: { event: "tools/call" } },
            { name: "q", mode: "a2a_client" },
          ],
        },
        indicators: [indicator({ protocol: "ag_ui" })],
      }),
    ).toEqual([
      'no actor speaks protocol "ag_ui" (the execution profile uses mcp, a2a); this indicator will see no traffic',
    ]);
  });
});
