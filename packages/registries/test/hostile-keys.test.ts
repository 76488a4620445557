// Lookups keyed by untrusted strings (issue 12 §6: these close the gaps Stryker found).
import {
  eventsFor,
  extractProtocol,
  parseEventQualifier,
  resolveEventQualifier,
} from "@oatf/registries";
import { describe, expect, it } from "vitest";

describe("non-string keys", () => {
  it("a key that only converts to a known mode finds nothing", () => {
    expect(eventsFor("mcp_server")).toBeDefined();
    expect(eventsFor(["mcp_server"] as never)).toBeUndefined();
  });

  it("extractProtocol and parseEventQualifier give empty results for non-strings", () => {
    expect(extractProtocol(42 as never)).toBe("");
    expect(parseEventQualifier(null as never)).toEqual({ base: "" });
  });
});

describe("resolveEventQualifier reads plain objects only", () => {
  it("a function or an array on the path is not an object, even with a `name`", () => {
    function calculator() {}
    expect(resolveEventQualifier("mcp", "tools/call", { params: calculator } as never)).toBe(
      undefined,
    );
    const params = Object.assign(["x"], { name: "calculator" });
    expect(resolveEventQualifier("mcp", "tools/call", { params } as never)).toBeUndefined();
    expect(resolveEventQualifier("mcp", "tools/call", { params: { name: "calculator" } })).toBe(
      "calculator",
    );
  });

  it("a throwing getter on the path gives nothing", () => {
    const params = Object.defineProperty({}, "name", {
      enumerable: true,
      get() {
        throw new Error("boom");
      },
    });
    expect(resolveEventQualifier("mcp", "tools/call", { params } as never)).toBeUndefined();
  });
});
