// Edges Stryker showed unchecked (issue 12 §6): what normalize must leave alone.
import type { Document } from "@oatf/model";
import { normalize } from "@oatf/normalize";
import { describe, expect, it } from "vitest";

const doc = (attack: Record<string, unknown>) => ({ oatf: "0.1", attack }) as unknown as Document;

describe("normalize leaves alone", () => {
  it("indicator protocols when execution has no mode (multi-actor form)", () => {
    const out = normalize(
      doc({
        execution: {
          actors: [{ name: "a", mode: "mcp_server", phases: [{ state: {} }] }],
        },
        indicators: [{ target: "x", pattern: { contains: "y" } }],
      }),
    );
    expect(Object.hasOwn(out.attack.indicators![0]!, "protocol")).toBe(false);
  });

  it("an execution without state, phases or actors", () => {
    const out = normalize(doc({ execution: { mode: "mcp_server" } }));
    expect(out.attack.execution).toEqual({ mode: "mcp_server" });
    expect(Object.hasOwn(out.attack.execution, "actors")).toBe(false);
  });

  it("an own `__proto__` key in state stays an ordinary, writable data property", () => {
    const state = JSON.parse('{"__proto__": {"x": 1}, "tools": []}');
    const out = normalize(doc({ execution: { mode: "mcp_server", state } }));
    const copied = out.attack.execution.actors![0]!.phases![0]!.state as object;
    expect(Object.getOwnPropertyDescriptor(copied, "__proto__")).toEqual({
      value: { x: 1 },
      enumerable: true,
      writable: true,
      configurable: true,
    });
    expect(Object.getPrototypeOf(copied)).toBe(Object.prototype);
  });
});

describe("normalize returns the canonical form", () => {
  it("with `oatf` as the first key (format §4.1, V-002), also when the input has it last", () => {
    const input = {
      attack: { execution: { mode: "mcp_server", state: {} } },
      $schema: "https://oatf.io/schemas/v0.1.json",
      oatf: "0.1",
    } as unknown as Document;
    const out = normalize(input);
    // validate warns W-001 on a document built in code whose first key is not `oatf`.
    expect(Object.keys(out)).toEqual(["oatf", "attack", "$schema"]);
    expect(Object.keys(input)).toEqual(["attack", "$schema", "oatf"]);
    expect(Object.keys(normalize(out))).toEqual(["oatf", "attack", "$schema"]);
    // Without `oatf` (V-001), none is added.
    const { oatf: _, ...without } = input as unknown as Record<string, unknown>;
    expect(Object.keys(normalize(without as unknown as Document))).toEqual(["attack", "$schema"]);
  });
});
