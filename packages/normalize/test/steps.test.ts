// One test per N-step on documents built in code, including the cases the
// fixtures cannot show (no `__proto__` leak, no input mutation).
import type { Document, Indicator } from "@oatf/model";
import { normalize } from "@oatf/normalize";
import { describe, expect, it } from "vitest";

const doc = (attack: Record<string, unknown>): Document =>
  ({
    oatf: "0.1",
    attack: { execution: { mode: "mcp_server", state: { tools: [] } }, ...attack },
  }) as Document;
const indicator = (fields: Partial<Indicator>): Indicator =>
  ({ target: "tools[*].description", pattern: { contains: "x" }, ...fields }) as Indicator;

describe("N-001 defaults", () => {
  it("fills envelope defaults and keeps explicit values", () => {
    expect(normalize(doc({})).attack).toMatchObject({
      name: "Untitled",
      version: 1,
      status: "draft",
    });
    const explicit = normalize(doc({ name: "N", version: 3, status: "stable" })).attack;
    expect(explicit).toMatchObject({ name: "N", version: 3, status: "stable" });
  });

  it("defaults severity.confidence in object form only when severity is present", () => {
    expect(normalize(doc({ severity: { level: "low" } })).attack.severity).toEqual({
      level: "low",
      confidence: 50,
    });
    expect(normalize(doc({ severity: { level: "low", confidence: 7 } })).attack.severity).toEqual({
      level: "low",
      confidence: 7,
    });
    expect("severity" in normalize(doc({})).attack).toBe(false);
  });

  it("names phases per actor and inherits the actor's mode", () => {
    const actors = normalize(
      doc({
        execution: {
          actors: [
            { name: "a", mode: "mcp_server", phases: [{ state: {} }, { name: "x" }, {}] },
            {
              name: "b",
              mode: "a2a_client",
              phases: [{ mode: "a2a_client", trigger: { event: "message/send" } }],
            },
          ],
        },
      }),
    ).attack.execution.actors!;
    expect(actors[0]!.phases.map((p) => [p.name, p.mode])).toEqual([
      ["phase-1", "mcp_server"],
      ["x", "mcp_server"],
      ["phase-3", "mcp_server"],
    ]);
    expect(actors[1]!.phases[0]).toMatchObject({
      name: "phase-1",
      mode: "a2a_client",
      trigger: { count: 1 },
    });
  });

  it("defaults trigger.count only when an event is present", () => {
    const phases = normalize(
      doc({
        execution: { mode: "mcp_server", phases: [{ state: {}, trigger: { after: "5s" } }, {}] },
      }),
    ).attack.execution.actors![0]!.phases;
    expect(phases[0]!.trigger).toEqual({ after: "5s" });
  });

  it("defaults indicator protocol, correlation logic and mapping relationship", () => {
    const { attack } = normalize(
      doc({
        execution: { mode: "ag_ui_client", state: {} },
        indicators: [indicator({}), indicator({ protocol: "mcp" })],
        classification: {
          mappings: [
            { framework: "atlas", id: "A" },
            { framework: "cwe", id: "B", relationship: "related" },
          ],
        },
      }),
    );
    expect(attack.indicators!.map((i) => i.protocol)).toEqual(["ag_ui", "mcp"]);
    expect(attack.correlation).toEqual({ logic: "any" });
    expect(attack.classification!.mappings!.map((m) => m.relationship)).toEqual([
      "primary",
      "related",
    ]);
  });

  it("leaves indicator protocol as written when execution.mode is absent", () => {
    const actors = [{ name: "a", mode: "a2a_client", phases: [{ state: {} }] }];
    const { attack } = normalize(
      doc({
        execution: { actors },
        indicators: [indicator({ protocol: "a2a" }), indicator({ protocol: "mcp" })],
      }),
    );
    expect(attack.indicators!.map((i) => i.protocol)).toEqual(["a2a", "mcp"]);
    const modeless = normalize(
      doc({
        execution: { phases: [{ mode: "mcp_client", state: {} }] },
        indicators: [indicator({ protocol: "mcp" })],
      }),
    ).attack;
    expect(modeless.indicators![0]!.protocol).toBe("mcp");
    expect(modeless.execution.actors![0]).toMatchObject({ name: "default", mode: "mcp_client" });
  });

  it("inherits no protocol in multi-actor form, even when execution.mode is also written", () => {
    // format §6.1: the default comes from `execution.mode` only; a V-030 document that writes
    // it beside `actors` does not lend it to indicators (the same rule validate and evaluate use).
    const actors = [{ name: "a", mode: "a2a_client", phases: [{ state: {} }] }];
    const { attack } = normalize(
      doc({ execution: { mode: "mcp_server", actors }, indicators: [indicator({})] }),
    );
    expect(attack.indicators![0]!.protocol).toBeUndefined();
  });

  it("keeps an explicit correlation logic and adds none without indicators", () => {
    expect(
      normalize(doc({ indicators: [indicator({})], correlation: { logic: "all" } })).attack
        .correlation,
    ).toEqual({ logic: "all" });
    expect("correlation" in normalize(doc({})).attack).toBe(false);
  });
});

describe("N-002 severity", () => {
  it("expands every scalar level", () => {
    expect(normalize(doc({ severity: "critical" })).attack.severity).toEqual({
      level: "critical",
      confidence: 50,
    });
  });
});

describe("N-003 indicator ids", () => {
  it("pads to two digits and grows beyond 99", () => {
    const indicators = Array.from({ length: 100 }, () => indicator({}));
    const ids = normalize(doc({ id: "A", indicators })).attack.indicators!.map((i) => i.id);
    expect([ids[0], ids[8], ids[9], ids[99]]).toEqual(["A-01", "A-09", "A-10", "A-100"]);
  });
});

describe("N-004 method targets", () => {
  it("materializes semantic.target and keeps an explicit one", () => {
    const { indicators } = normalize(
      doc({
        indicators: [
          indicator({ pattern: undefined, semantic: { intent: "i" } }),
          indicator({ pattern: undefined, semantic: { intent: "i", target: "content" } }),
          indicator({ pattern: undefined, expression: { cel: "true" } }),
        ],
      }),
    ).attack;
    expect(indicators![0]!.semantic!.target).toBe("tools[*].description");
    expect(indicators![1]!.semantic!.target).toBe("content");
    expect(indicators![2]!.expression).toEqual({ cel: "true" });
  });
});

describe("N-005 pattern shorthand", () => {
  it("keeps bare-value and operator conditions in standard form as written", () => {
    const { indicators } = normalize(
      doc({
        indicators: [
          indicator({ pattern: { condition: "ls" } }),
          indicator({ pattern: { target: "t", condition: { gt: 1, lt: 5 } } }),
          indicator({ pattern: { any_of: ["a", 1] } }),
        ],
      }),
    ).attack;
    expect(indicators!.map((i) => i.pattern)).toEqual([
      { target: "tools[*].description", condition: "ls" },
      { target: "t", condition: { gt: 1, lt: 5 } },
      { target: "tools[*].description", condition: { any_of: ["a", 1] } },
    ]);
  });
});

describe("N-006 / N-007 multi-actor form", () => {
  it("keeps execution extensions and drops mode and state", () => {
    const { execution } = normalize(
      doc({ execution: { mode: "mcp_server", state: { a: 1 }, extensions: { "x-e": 1 } } }),
    ).attack;
    expect(execution).toEqual({
      actors: [
        {
          name: "default",
          mode: "mcp_server",
          phases: [{ name: "phase-1", mode: "mcp_server", state: { a: 1 } }],
        },
      ],
      extensions: { "x-e": 1 },
    });
  });

  it("takes the actor mode from the first phase in the mode-less multi-phase form", () => {
    const { execution } = normalize(
      doc({ execution: { phases: [{ mode: "a2a_server", state: {} }, { mode: "a2a_server" }] } }),
    ).attack;
    expect(execution.actors).toEqual([
      {
        name: "default",
        mode: "a2a_server",
        phases: [
          { name: "phase-1", mode: "a2a_server", state: {} },
          { name: "phase-2", mode: "a2a_server" },
        ],
      },
    ]);
  });
});

describe("N-008 tags", () => {
  it("lowercases and hyphenates every underscore and space", () => {
    const tags = normalize(doc({ classification: { tags: ["A_B C", "x__y", "Already-ok"] } }))
      .attack.classification!.tags;
    expect(tags).toEqual(["a-b-c", "x--y", "already-ok"]);
  });
  it("lowercases beyond ASCII and replaces only U+0020 spaces and underscores", () => {
    const tags = normalize(
      doc({
        classification: {
          tags: ["ÜBER_Größe", " Lead Trail ", "tab\tkept", "nbsp\u00a0kept", "ΟΔΟΣ"],
        },
      }),
    ).attack.classification!.tags;
    expect(tags).toEqual(["über-größe", "-lead-trail-", "tab\tkept", "nbsp\u00a0kept", "οδος"]);
  });
});

describe("copy semantics", () => {
  it("keeps an own __proto__ key in state as data and leaves Object.prototype alone", () => {
    const state = JSON.parse('{"__proto__": {"polluted": true}, "tools": []}');
    const input = doc({ execution: { mode: "mcp_server", state } });
    const phaseState = normalize(input).attack.execution.actors![0]!.phases[0]!.state as object;
    expect(Object.keys(phaseState)).toEqual(["__proto__", "tools"]);
    expect(Object.getPrototypeOf(phaseState)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(input.attack.execution.state).toBe(state);
  });

  it("works on a deeply frozen document, so it cannot be writing to its input", () => {
    const input = deepFreeze(
      doc({
        severity: "high",
        classification: { tags: ["A_B"], mappings: [{ framework: "atlas", id: "X" }] },
        execution: {
          mode: "mcp_server",
          phases: [{ state: {}, trigger: { event: "tools/call" } }, {}],
        },
        indicators: [indicator({}), indicator({ pattern: undefined, semantic: { intent: "i" } })],
      }),
    );
    expect(normalize(input).attack.execution.actors![0]!.phases[1]!.name).toBe("phase-2");
  });

  it("returns shapeless input unchanged instead of throwing", () => {
    expect(normalize({ oatf: "0.1" } as Document)).toEqual({ oatf: "0.1" });
    expect(normalize(null as unknown as Document)).toBeNull();
    // A non-string attack.id that cannot become a string (found by fast-check).
    const odd = doc({ id: { toString: 0 }, indicators: [indicator({})] });
    expect(normalize(odd).attack.indicators![0]!.id).toBe("indicator-01");
  });
});

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null) {
    for (const item of Object.values(value)) deepFreeze(item);
    Object.freeze(value);
  }
  return value;
}
