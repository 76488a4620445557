import { parseSimplePath, parseWildcardPath } from "@oatf/paths";
import { describe, expect, it } from "vitest";

const seg = (name: string, wildcard = false) => ({ name, wildcard });

describe("parseWildcardPath (SDK §5.1.2, V-021)", () => {
  it("parses the empty path as the root (no segments)", () => {
    expect(parseWildcardPath("")).toEqual({ ok: true, value: [] });
  });

  it.each([
    ["capabilities", [seg("capabilities")]],
    ["capabilities.tools", [seg("capabilities"), seg("tools")]],
    ["tools[*]", [seg("tools", true)]],
    ["tools[*].description", [seg("tools", true), seg("description")]],
    ["a[*].b[*].c", [seg("a", true), seg("b", true), seg("c")]],
    ["my-field_2.X", [seg("my-field_2"), seg("X")]],
    ["0", [seg("0")]],
    ["-", [seg("-")]],
    ["__proto__.constructor", [seg("__proto__"), seg("constructor")]],
  ])("parses %j", (path, segments) => {
    expect(parseWildcardPath(path)).toEqual({ ok: true, value: segments });
  });

  it.each([
    // The V-021 invalid examples.
    ["tools[*.description", 5, "unclosed bracket"],
    ["tools..name", 6, "empty segment"],
    ["tools[0]", 5, "numeric index"],
    // Empty segments.
    [".", 0, "empty segment"],
    [".tools", 0, "empty segment"],
    ["tools.", 6, "empty segment"],
    ["a[*].", 5, "empty segment"],
    // Brackets.
    ["tools[1].name", 5, "numeric index"],
    ["tools[-1]", 5, "numeric index"],
    ["tools[", 5, "unclosed bracket"],
    ["tools[*", 5, "unclosed bracket"],
    ["tools[name]", 5, "unsupported bracket"],
    ["tools[]", 5, "unsupported bracket"],
    ['tools["a"]', 5, "unsupported bracket"],
    ["[*]", 0, "wildcard without field name"],
    ["a.[*]", 2, "wildcard without field name"],
    ["[0]", 0, "numeric index"],
    ["a[*][*]", 4, "repeated wildcard"],
    ["a[*]b", 4, "invalid character"],
    ["a]", 1, "invalid character"],
    // Characters outside [a-zA-Z0-9_-].
    ["a b", 1, "invalid character"],
    [" a", 0, "invalid character"],
    ["a.$b", 2, "invalid character"],
    ["café", 3, "invalid character"],
    ["a*", 1, "invalid character"],
  ])("rejects %j at position %i (%s)", (path, position, reason) => {
    const result = parseWildcardPath(path);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toMatchObject({ position, reason });
    expect(result.error.message).toContain(JSON.stringify(path));
    expect(result.error.message).toContain(`position ${position}`);
  });

  it("rejects a non-string without throwing", () => {
    const result = parseWildcardPath(42 as unknown as string);
    expect(result).toMatchObject({ ok: false, error: { position: 0, reason: "not a string" } });
  });
});

describe("parseSimplePath (SDK §5.1.1, V-026, V-027)", () => {
  it("parses the empty path as the root", () => {
    expect(parseSimplePath("")).toEqual({ ok: true, value: [] });
  });

  it.each([
    ["arguments.command", [seg("arguments"), seg("command")]],
    ["metadata.agent_id", [seg("metadata"), seg("agent_id")]],
    ["a-b.c_d.0", [seg("a-b"), seg("c_d"), seg("0")]],
  ])("parses %j", (path, segments) => {
    expect(parseSimplePath(path)).toEqual({ ok: true, value: segments });
  });

  it.each([
    ["tools[*]", 5, "wildcard not allowed"],
    ["tools[*].name", 5, "wildcard not allowed"],
    ["tools[0]", 5, "numeric index"],
    ["argumens..command", 9, "empty segment"],
    ["a[", 1, "unclosed bracket"],
    ["a.b ", 3, "invalid character"],
  ])("rejects %j at position %i (%s)", (path, position, reason) => {
    expect(parseSimplePath(path)).toMatchObject({ ok: false, error: { position, reason } });
  });

  it("says the path is a simple dot-path in the message", () => {
    const result = parseSimplePath("tools[*]");
    expect(!result.ok && result.error.message).toMatch(/simple dot-path/);
  });

  it("parses a very long path without recursion", () => {
    const path = Array.from({ length: 100_000 }, () => "a").join(".");
    const result = parseSimplePath(path);
    expect(result.ok && result.value.length).toBe(100_000);
  });
});
