// Bad input never throws; and the laws that tie the functions together.
import {
  eventsFor,
  extractProtocol,
  isEventValidForMode,
  isKnownMode,
  isKnownProtocol,
  isSurfaceValidForProtocol,
  knownModes,
  parseEventQualifier,
  qualifierPathFor,
  resolveEventQualifier,
  surfacesFor,
} from "@oatf/registries";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

// Strings biased toward the interesting ones: known names, prototype keys, colons.
const names = fc.oneof(
  fc.string(),
  fc.constantFrom(
    ...knownModes(),
    "mcp",
    "a2a",
    "ag_ui",
    "tools/call",
    "custom",
    "task/status",
    "constructor",
    "__proto__",
    "toString",
    ":",
    "",
  ),
  fc.tuple(fc.string(), fc.string()).map(([a, b]) => `${a}:${b}`),
);
const calls = (x: unknown, y: unknown, z: unknown) => [
  // Deliberately untyped, as a caller from plain JavaScript might pass anything.
  () => extractProtocol(x as string),
  () => surfacesFor(x as string),
  () => eventsFor(x as string),
  () => isKnownMode(x),
  () => isKnownProtocol(x),
  () => isEventValidForMode(x as string, y as string),
  () => isSurfaceValidForProtocol(x as string, y as string),
  () => parseEventQualifier(x as string),
  () => qualifierPathFor(x as string, y as string),
  () => resolveEventQualifier(x as string, y as string, z as never),
];

describe("never throws", () => {
  it("on arbitrary strings and values", () => {
    fc.assert(
      fc.property(names, names, fc.anything(), (x, y, z) => {
        for (const call of calls(x, y, z)) call();
      }),
    );
  });

  it("on arbitrary non-string arguments", () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), fc.anything(), (x, y, z) => {
        for (const call of calls(x, y, z)) call();
      }),
    );
  });

  it("resolving any JSON-like content for every registered event", () => {
    const registered = fc.constantFrom(
      ["mcp", "tools/call"],
      ["mcp", "prompts/get"],
      ["a2a", "task/status"],
      ["ag_ui", "tool_call_start"],
      ["ag_ui", "tool_call_end"],
      ["ag_ui", "custom"],
    );
    fc.assert(
      fc.property(registered, fc.jsonValue(), ([protocol, event], content) => {
        const q = resolveEventQualifier(protocol!, event!, content as never);
        expect(q === undefined || typeof q === "string").toBe(true);
      }),
    );
  });
});

describe("laws", () => {
  it("parseEventQualifier splits on the first colon and loses nothing", () => {
    fc.assert(
      fc.property(names, (event) => {
        const { base, qualifier } = parseEventQualifier(event);
        expect(base.includes(":")).toBe(false);
        expect(qualifier === undefined ? base : `${base}:${qualifier}`).toBe(event);
        expect(qualifier === undefined).toBe(!event.includes(":"));
      }),
    );
  });

  it("extractProtocol strips at most one role suffix", () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom("_server", "_client", ""), (prefix, suffix) => {
        const mode = prefix + suffix;
        const protocol = extractProtocol(mode);
        expect(mode.startsWith(protocol)).toBe(true);
        if (suffix !== "") expect(protocol).toBe(prefix);
        else if (!/_(server|client)$/.test(mode)) expect(protocol).toBe(mode);
      }),
    );
  });

  it("a qualified event is valid for a mode exactly when its base is", () => {
    fc.assert(
      fc.property(names, names, fc.string(), (mode, base, qualifier) => {
        const b = base.split(":")[0]!;
        expect(isEventValidForMode(mode, `${b}:${qualifier}`)).toBe(isEventValidForMode(mode, b));
      }),
    );
  });

  it("registered string qualifiers round-trip through resolution", () => {
    fc.assert(
      fc.property(fc.string(), (name) => {
        expect(resolveEventQualifier("mcp", "tools/call", { params: { name } })).toBe(name);
        expect(resolveEventQualifier("ag_ui", "custom", { name })).toBe(name);
      }),
    );
  });

  it("numbers and booleans resolve to their JSON text", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean()),
        (v) => {
          const q = resolveEventQualifier("a2a", "task/status", { status: { state: v } });
          expect(q).toBe(JSON.stringify(v));
          expect(JSON.parse(q!)).toBe(Object.is(v, -0) ? 0 : v);
        },
      ),
    );
  });
});
