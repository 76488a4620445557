// The defaults and inheritance rules normalize, validate and evaluate share (@oatf/model rules).
import { extractProtocol } from "@oatf/model";
import {
  generatedIndicatorId,
  indicatorIdAt,
  indicatorProtocol,
  isMatchCondition,
  isObject,
  patternCondition,
  phaseNameAt,
} from "@oatf/model/rules";
import { describe, expect, it } from "vitest";

describe("indicatorProtocol (format §6.1)", () => {
  it("is the indicator's own protocol, else the protocol of execution.mode", () => {
    const single = { execution: { mode: "mcp_server" } };
    expect(indicatorProtocol(single, { protocol: "a2a" })).toBe("a2a");
    expect(indicatorProtocol(single, {})).toBe("mcp");
    expect(extractProtocol("ag_ui_client")).toBe("ag_ui");
  });

  it("extracts the protocol only from a role suffix, and never throws on a non-string mode", () => {
    expect(extractProtocol("mcp_server")).toBe("mcp");
    expect(extractProtocol("a2a_client")).toBe("a2a");
    expect(extractProtocol("mcp")).toBe("mcp");
    expect(extractProtocol("mcp_serverless")).toBe("mcp_serverless");
    expect(extractProtocol(42 as never)).toBe("");
    expect(indicatorProtocol({ execution: { mode: 7 } }, {})).toBeUndefined();
  });

  it("reads no field of a missing attack or indicator", () => {
    expect(indicatorProtocol(undefined as never, undefined as never)).toBeUndefined();
    expect(indicatorProtocol(null as never, { protocol: "a2a" })).toBe("a2a");
  });

  it("inherits nothing in multi-actor form or without a mode, and never an actor's mode", () => {
    const actors = [{ name: "a", mode: "a2a_client" }];
    expect(indicatorProtocol({ execution: { actors } }, {})).toBeUndefined();
    expect(indicatorProtocol({ execution: { mode: "mcp_server", actors } }, {})).toBeUndefined();
    expect(indicatorProtocol({ execution: { phases: [] } }, {})).toBeUndefined();
    expect(indicatorProtocol({}, {})).toBeUndefined();
  });
});

describe("generated identifiers (N-001, N-003)", () => {
  it("indicator ids: own, or {attack.id}-NN / indicator-NN", () => {
    const indicators = [{ id: "mine" }, {}, "not an object"];
    expect(indicatorIdAt({ indicators } as never, 0)).toBe("mine");
    expect(indicatorIdAt({ indicators } as never, 1)).toBe("indicator-02");
    expect(indicatorIdAt({ id: "ACME-003", indicators } as never, 2)).toBe("ACME-003-03");
    expect(generatedIndicatorId({}, 99)).toBe("indicator-100");
  });

  it("indicator ids of a missing attack or indicator list are generated, never a throw", () => {
    expect(generatedIndicatorId(undefined as never, 0)).toBe("indicator-01");
    expect(indicatorIdAt(undefined as never, 0)).toBe("indicator-01");
    expect(indicatorIdAt({ id: "A-1" } as never, 4)).toBe("A-1-05");
    expect(indicatorIdAt({ id: 7, indicators: [{ id: 3 }] } as never, 0)).toBe("indicator-01");
  });

  it("phase names: own, or phase-N", () => {
    expect(phaseNameAt([{ name: "setup" }, {}], 0)).toBe("setup");
    expect(phaseNameAt([{ name: "setup" }, {}], 1)).toBe("phase-2");
  });
});

describe("conditions (format §6.2, core-types §2.13)", () => {
  it("a mapping with an operator key is a MatchCondition; anything else is a bare value", () => {
    expect(isMatchCondition({ contains: "a", "x-note": 1 })).toBe(true);
    expect(isMatchCondition({ note: 1 })).toBe(false);
    expect(isMatchCondition(["contains"])).toBe(false);
    expect(isMatchCondition(null)).toBe(false);
  });

  it("a pattern's condition: standard form, else its shorthand operators, else none", () => {
    expect(patternCondition({ condition: "x", contains: "y" })).toBe("x");
    expect(patternCondition({ target: "t", contains: "y", regex: "z" })).toEqual({
      contains: "y",
      regex: "z",
    });
    expect(patternCondition({ target: "t" })).toBeUndefined();
  });

  it("isObject accepts mappings only", () => {
    expect([{}, [], null, "s", 1].map((v) => isObject(v))).toEqual([
      true,
      false,
      false,
      false,
      false,
    ]);
  });
});
