// The shape of the execution profile (format §5.1, §5.2; SDK §3.2 V-007, V-008, V-009, V-011,
// V-028, V-030, V-031, V-034, V-044 and W-002): each finding's rule, path and message.
import { knownModes } from "@oatf/registries";
import { describe, expect, it } from "vitest";
import { findings, withAttack } from "./findings.js";

const errorsOf = (execution: unknown) => findings(withAttack({ execution })).errors;
const STATE = { tools: [] };
/** A phase that hands over after a second. */
const timed = (fields: Record<string, unknown> = {}) => ({ trigger: { after: "1s" }, ...fields });

describe("execution forms (V-030, V-007)", () => {
  it("needs one form", () => {
    expect(errorsOf({ mode: "mcp_server" })).toEqual([
      {
        rule: "V-030",
        path: "attack.execution",
        message:
          "execution needs one of `state` (single-phase), `phases` (multi-phase) or `actors` (multi-actor)",
      },
    ]);
  });

  it("names the forms a document combines", () => {
    expect(
      errorsOf({ mode: "mcp_server", state: STATE, phases: [{ state: STATE }], actors: [] }),
    ).toContainEqual({
      rule: "V-030",
      path: "attack.execution",
      message: "execution combines `state` and `phases` and `actors`; use exactly one form",
    });
  });

  it("single-phase form needs execution.mode; multi-actor form has none", () => {
    expect(errorsOf({ state: STATE })).toEqual([
      {
        rule: "V-030",
        path: "attack.execution.mode",
        message: "single-phase form (`execution.state`) needs `execution.mode`, e.g. mcp_server",
      },
    ]);
    expect(
      errorsOf({
        mode: "mcp_server",
        actors: [{ name: "server", mode: "mcp_server", phases: [{ state: STATE }] }],
      }),
    ).toEqual([
      {
        rule: "V-030",
        path: "attack.execution.mode",
        message:
          "multi-actor form (`execution.actors`) has no `execution.mode`; move the mode to each actor's `mode`",
      },
    ]);
  });

  it("V-007: phase and actor lists are not empty", () => {
    expect(errorsOf({ mode: "mcp_server", phases: [] })).toEqual([
      {
        rule: "V-007",
        path: "attack.execution.phases",
        message: "`execution.phases` needs at least one entry",
      },
    ]);
    expect(errorsOf({ actors: [] })).toContainEqual({
      rule: "V-007",
      path: "attack.execution.actors",
      message: "`execution.actors` needs at least one entry",
    });
  });
});

describe("modes (V-034, W-002)", () => {
  it("a mode is a protocol name and a role, nothing before or after", () => {
    for (const mode of ["9mcp_server", "mcp_server2", "mcp", ["mcp_server"]]) {
      expect(errorsOf({ mode, state: STATE })).toEqual([
        {
          rule: "V-034",
          path: "attack.execution.mode",
          message: `mode ${JSON.stringify(mode)} must match [a-z][a-z0-9_]*_(server|client), e.g. mcp_server`,
        },
      ]);
    }
  });

  it("warns about a well-formed mode no included binding defines", () => {
    expect(findings(withAttack({ execution: { mode: "smtp_server", state: STATE } }))).toEqual({
      errors: [],
      warnings: [
        {
          rule: "W-002",
          path: "attack.execution.mode",
          message: `mode "smtp_server" is not defined by an included binding (${knownModes().join(", ")}); check for a typo`,
        },
      ],
    });
  });
});

describe("mode-less multi-phase form (V-028)", () => {
  it("every phase declares a mode; a missing one is not a second mode", () => {
    expect(
      errorsOf({ phases: [timed({ mode: "mcp_server", state: STATE }), { name: "end" }] }),
    ).toEqual([
      {
        rule: "V-028",
        path: "attack.execution.phases[1].mode",
        message: "without `execution.mode`, every phase must declare `mode`",
      },
    ]);
  });

  it("all phases share one mode", () => {
    expect(
      errorsOf({
        phases: [timed({ mode: "mcp_server", state: STATE }), { mode: "a2a_server" }],
      }),
    ).toEqual([
      {
        rule: "V-028",
        path: "attack.execution.phases",
        message:
          'phases use different modes ("mcp_server", "a2a_server"); use the multi-actor form (`execution.actors`) for attacks that change mode',
      },
    ]);
  });
});

describe("actors (V-031)", () => {
  const actor = (fields: Record<string, unknown>) => ({
    mode: "mcp_server",
    phases: [{ state: STATE }],
    ...fields,
  });

  it("names match [a-z][a-z0-9_]* and are unique", () => {
    expect(
      errorsOf({
        actors: [
          actor({ name: "server" }),
          actor({ name: "server" }),
          actor({ name: "server-2" }),
          actor({ name: ["server"] }),
          actor({}),
        ],
      }),
    ).toEqual([
      {
        rule: "V-031",
        path: "attack.execution.actors[1].name",
        message: 'actor name "server" is already used; actor names must be unique',
      },
      {
        rule: "V-031",
        path: "attack.execution.actors[2].name",
        message: 'actor name "server-2" must match [a-z][a-z0-9_]*, e.g. mcp_attacker',
      },
      {
        rule: "V-031",
        path: "attack.execution.actors[3].name",
        message: 'actor name ["server"] must match [a-z][a-z0-9_]*, e.g. mcp_attacker',
      },
      {
        rule: "V-031",
        path: "attack.execution.actors[4].name",
        message: "every actor needs a `name` matching [a-z][a-z0-9_]*",
      },
    ]);
  });

  it("each actor has a mode and at least one phase", () => {
    expect(
      errorsOf({
        actors: [
          { name: "server", phases: [{ state: STATE }] },
          { name: "client", mode: "mcp_client" },
        ],
      }),
    ).toEqual([
      {
        rule: "V-031",
        path: "attack.execution.actors[0].mode",
        message: "every actor must declare `mode`, e.g. mcp_server",
      },
      {
        rule: "V-007",
        path: "attack.execution.actors[1].phases",
        message: "every actor needs at least one phase",
      },
      {
        rule: "V-031",
        path: "attack.execution.actors[1].phases",
        message: "every actor needs at least one phase",
      },
    ]);
  });
});

describe("phase lists (V-008, V-009, V-011, V-044)", () => {
  const MISPLACED =
    "a terminal phase (no `trigger`) must be the last; add a trigger or move it last";

  it("V-008 at the phase: a terminal phase that is not the last", () => {
    expect(
      errorsOf({ mode: "mcp_server", phases: [{ name: "a", state: STATE }, timed({ name: "b" })] }),
    ).toEqual([{ rule: "V-008", path: "attack.execution.phases[0]", message: MISPLACED }]);
  });

  it("V-008 at the list: more than one terminal phase, besides each misplaced one", () => {
    expect(
      errorsOf({
        mode: "mcp_server",
        phases: [timed({ name: "a", state: STATE }), {}, { name: "c" }],
      }),
    ).toEqual([
      {
        rule: "V-008",
        path: "attack.execution.phases",
        message: "2 terminal phases (no `trigger`); at most one, the last",
      },
      { rule: "V-008", path: "attack.execution.phases[1]", message: MISPLACED },
    ]);
  });

  it("V-008 at an actor's phase list, per actor", () => {
    const actor = (name: string, phases: unknown[]) => ({ name, mode: "mcp_server", phases });
    expect(
      errorsOf({
        actors: [
          actor("one", [{ state: STATE }]),
          actor("two", [timed({ state: STATE }), { name: "x" }, { name: "y" }, { name: "z" }]),
        ],
      }),
    ).toEqual([
      {
        rule: "V-008",
        path: "attack.execution.actors[1].phases",
        message: "3 terminal phases (no `trigger`); at most one, the last",
      },
      { rule: "V-008", path: "attack.execution.actors[1].phases[1]", message: MISPLACED },
      { rule: "V-008", path: "attack.execution.actors[1].phases[2]", message: MISPLACED },
    ]);
  });

  it("V-008 both ways when no phase has a trigger; V-009: the first has state", () => {
    expect(errorsOf({ mode: "mcp_server", phases: [{ name: "a" }, { name: "b" }] })).toEqual([
      {
        rule: "V-008",
        path: "attack.execution.phases",
        message: "2 terminal phases (no `trigger`); at most one, the last",
      },
      { rule: "V-008", path: "attack.execution.phases[0]", message: MISPLACED },
      {
        rule: "V-009",
        path: "attack.execution.phases[0].state",
        message: "the first phase must define `state`",
      },
    ]);
  });

  it("V-011: phase names are unique", () => {
    expect(
      errorsOf({ mode: "mcp_server", phases: [timed({ name: "a", state: STATE }), { name: "a" }] }),
    ).toEqual([
      {
        rule: "V-011",
        path: "attack.execution.phases[1].name",
        message: 'phase name "a" is already used; phase names must be unique',
      },
    ]);
  });

  it("V-011 and V-031: phase names are unique within an actor", () => {
    const message = 'phase name "a" is already used; phase names must be unique within an actor';
    expect(
      errorsOf({
        actors: [
          {
            name: "server",
            mode: "mcp_server",
            phases: [timed({ name: "a", state: STATE }), { name: "a" }],
          },
          { name: "client", mode: "mcp_client", phases: [{ name: "a", state: STATE }] },
        ],
      }),
    ).toEqual([
      { rule: "V-011", path: "attack.execution.actors[0].phases[1].name", message },
      { rule: "V-031", path: "attack.execution.actors[0].phases[1].name", message },
    ]);
  });

  it("V-011: an unnamed phase's generated name collides with the first explicit one", () => {
    const message =
      'this phase has no name, and the one normalization generates for it, "phase-3", is the explicit name of attack.execution.phases[0]; name this phase or rename the other';
    expect(
      errorsOf({
        mode: "mcp_server",
        phases: [timed({ name: "phase-3", state: STATE }), timed({ name: "phase-3" }), {}],
      }),
    ).toEqual([
      {
        rule: "V-011",
        path: "attack.execution.phases[1].name",
        message: 'phase name "phase-3" is already used; phase names must be unique',
      },
      { rule: "V-011", path: "attack.execution.phases[2].name", message },
    ]);
  });

  it("V-011 and V-031: the same collision within an actor", () => {
    const message =
      'this phase has no name, and the one normalization generates for it, "phase-2", is the explicit name of attack.execution.actors[0].phases[0]; name this phase or rename the other';
    expect(
      errorsOf({
        actors: [
          {
            name: "server",
            mode: "mcp_server",
            phases: [timed({ name: "phase-2", state: STATE }), {}],
          },
        ],
      }),
    ).toEqual([
      { rule: "V-011", path: "attack.execution.actors[0].phases[1].name", message },
      { rule: "V-031", path: "attack.execution.actors[0].phases[1].name", message },
    ]);
  });

  it("V-044: a phase keeps its actor's mode", () => {
    expect(
      errorsOf({ mode: "mcp_server", phases: [timed({ state: STATE }), { mode: "mcp_client" }] }),
    ).toEqual([
      {
        rule: "V-044",
        path: "attack.execution.phases[1].mode",
        message:
          'phase mode "mcp_client" differs from `execution.mode` "mcp_server"; use a separate actor for another mode',
      },
    ]);
    expect(
      errorsOf({
        actors: [
          {
            name: "server",
            mode: "mcp_server",
            phases: [timed({ state: STATE }), { mode: "mcp_client" }],
          },
        ],
      }),
    ).toEqual([
      {
        rule: "V-044",
        path: "attack.execution.actors[0].phases[1].mode",
        message:
          'phase mode "mcp_client" differs from its actor\'s mode "mcp_server"; use a separate actor for another mode',
      },
    ]);
  });
});
