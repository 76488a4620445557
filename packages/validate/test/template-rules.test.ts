// Template references (format §5.6; SDK §3.2) in state and entry actions: syntax (V-016),
// cross-actor references (V-032) and references to undeclared extractors (W-004).
import { describe, expect, it } from "vitest";
import { findings, withAttack } from "./findings.js";

const tool = (description: string) => ({ tools: [{ name: "probe", description }] });

/** Two actors: `server` extracts `token`; `client` says `text` in its state. */
function twoActors(text: string) {
  return findings(
    withAttack({
      execution: {
        actors: [
          {
            name: "server",
            mode: "mcp_server",
            phases: [
              {
                state: tool("x"),
                extractors: [
                  { name: "token", source: "request", type: "json_path", selector: "$.t" },
                ],
              },
            ],
          },
          { name: "client", mode: "mcp_client", phases: [{ state: { note: text } }] },
        ],
      },
    }),
  );
}

describe("template syntax (V-016)", () => {
  it("reports the first unclosed {{ with its offset", () => {
    const { errors } = findings(
      withAttack({ execution: { mode: "mcp_server", state: tool("{{a}} \\{{ {{b") } }),
    );
    expect(errors).toEqual([
      {
        rule: "V-016",
        path: "attack.execution.state.tools[0].description",
        message:
          'invalid template: unclosed "{{" at offset 10 in template; close it with }} or write a literal {{ as \\{{',
      },
    ]);
  });

  it("checks entry actions, and skips `when` predicates, which are matched, not interpolated", () => {
    const { errors } = findings(
      withAttack({
        execution: {
          mode: "mcp_server",
          phases: [
            {
              state: {
                tools: [
                  {
                    name: "probe",
                    when: "{{x",
                    responses: [{ when: { name: "{{x" }, content: [] }],
                  },
                ],
              },
              on_enter: [{ log: { message: "{{x" } }],
            },
          ],
        },
      }),
    );
    expect(errors.map((e) => `${e.rule} ${e.path}`)).toEqual([
      "V-016 attack.execution.phases[0].state.tools[0].when",
      "V-016 attack.execution.phases[0].on_enter[0].log.message",
    ]);
  });
});

describe("references", () => {
  it("W-004: an extractor the actor does not declare", () => {
    expect(
      findings(withAttack({ execution: { mode: "mcp_server", state: tool("{{token}}") } }))
        .warnings,
    ).toEqual([
      {
        rule: "W-004",
        path: "attack.execution.state.tools[0].description",
        message:
          '{{token}} refers to no extractor of actor "default"; it will interpolate as an empty string',
      },
    ]);
  });

  it("V-032: another actor's extractor, of an actor that does not exist", () => {
    expect(twoActors("{{ghost.token}}").errors).toEqual([
      {
        rule: "V-032",
        path: "attack.execution.actors[1].phases[0].state.note",
        message:
          '{{ghost.token}} refers to actor "ghost", which does not exist; actors: server, client',
      },
    ]);
  });

  it("W-004: another actor's extractor, which that actor does not declare", () => {
    expect(twoActors("{{server.token}}")).toEqual({ errors: [], warnings: [] });
    expect(twoActors("{{server.secret}}").warnings).toEqual([
      {
        rule: "W-004",
        path: "attack.execution.actors[1].phases[0].state.note",
        message:
          '{{server.secret}}: actor "server" declares no extractor "secret"; it will interpolate as an empty string',
      },
    ]);
    expect(twoActors("{{client.token}}").warnings).toEqual([
      {
        rule: "W-004",
        path: "attack.execution.actors[1].phases[0].state.note",
        message:
          '{{client.token}}: actor "client" declares no extractor "token"; it will interpolate as an empty string',
      },
    ]);
  });
});
