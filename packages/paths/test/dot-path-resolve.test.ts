import {
  compileSimplePath,
  compileWildcardPath,
  resolveSimplePath,
  resolveWildcardPath,
} from "@oatf/paths";
import { describe, expect, it } from "vitest";

describe("resolveSimplePath (SDK §5.1.1)", () => {
  const message = {
    arguments: { command: "ls", flags: null, nested: { deep: [1, 2] } },
    tags: [1, 2, 3],
    text: "hello",
    zero: 0,
    no: false,
    "0": "zero",
  };

  it("returns the root for the empty path", () => {
    expect(resolveSimplePath("", message)).toBe(message);
    expect(resolveSimplePath("", null)).toBeNull();
    expect(resolveSimplePath("", "x")).toBe("x");
  });

  it.each([
    ["arguments.command", "ls"],
    ["arguments.nested.deep", [1, 2]],
    ["tags", [1, 2, 3]],
    ["zero", 0],
    ["no", false],
    ["0", "zero"],
  ])("resolves %j", (path, expected) => {
    expect(resolveSimplePath(path, message)).toEqual(expected);
  });

  it("returns a resolved null as null, distinct from not resolving", () => {
    expect(resolveSimplePath("arguments.flags", message)).toBeNull();
    expect(resolveSimplePath("arguments.missing", message)).toBeUndefined();
  });

  it.each([
    ["missing key", "arguments.nope"],
    ["missing intermediate", "nope.command"],
    ["string intermediate", "text.length"],
    ["number intermediate", "zero.x"],
    ["boolean intermediate", "no.x"],
    ["null intermediate", "arguments.flags.x"],
    ["array intermediate, index key", "tags.0"],
    ["array intermediate, own 'length'", "tags.length"],
    ["wildcard syntax is invalid here", "tags[*]"],
    ["numeric index is invalid", "tags[0]"],
    ["invalid path", "arguments..command"],
  ])("does not resolve: %s", (_why, path) => {
    expect(resolveSimplePath(path, message)).toBeUndefined();
  });

  it("looks keys up as own properties only", () => {
    for (const key of ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf"]) {
      expect(resolveSimplePath(key, {})).toBeUndefined();
      expect(resolveSimplePath(`a.${key}`, { a: { b: 1 } })).toBeUndefined();
    }
    const real = JSON.parse('{"__proto__": {"x": 1}, "constructor": "c", "toString": 2}');
    expect(resolveSimplePath("__proto__.x", real)).toBe(1);
    expect(resolveSimplePath("constructor", real)).toBe("c");
    expect(resolveSimplePath("toString", real)).toBe(2);
  });

  it("does not resolve on a null-prototype object's missing key, and does on present keys", () => {
    const bare = Object.create(null) as Record<string, unknown>;
    bare.k = "v";
    expect(resolveSimplePath("k", bare)).toBe("v");
    expect(resolveSimplePath("toString", bare)).toBeUndefined();
  });

  it("treats an undefined property as not resolved", () => {
    expect(resolveSimplePath("a", { a: undefined })).toBeUndefined();
    expect(resolveSimplePath("", undefined)).toBeUndefined();
  });

  it("enforces the depth limit (64 by default, configurable)", () => {
    const path64 = Array.from({ length: 64 }, () => "a").join(".");
    const path65 = `${path64}.a`;
    let value: unknown = "leaf";
    for (let i = 0; i < 65; i++) value = { a: value };
    expect(resolveSimplePath(path64, value)).toEqual({ a: "leaf" });
    expect(resolveSimplePath(path65, value)).toBeUndefined();
    expect(resolveSimplePath(path65, value, { maxDepth: 65 })).toBe("leaf");
    expect(resolveSimplePath("a.a", value, { maxDepth: 1 })).toBeUndefined();
    expect(resolveSimplePath("", value, { maxDepth: 0 })).toBe(value);
  });
});

describe("resolveWildcardPath (SDK §5.1.2)", () => {
  it("resolves the spec examples", () => {
    expect(
      resolveWildcardPath("tools[*].description", {
        tools: [{ description: "A" }, { description: "B" }],
      }),
    ).toEqual(["A", "B"]);
    expect(
      resolveWildcardPath("capabilities.tools", {
        capabilities: { tools: { listChanged: true } },
      }),
    ).toEqual([{ listChanged: true }]);
    expect(resolveWildcardPath("missing.path", { other: 1 })).toEqual([]);
  });

  it("returns the root as a single-element list for the empty path", () => {
    const root = { a: 1 };
    expect(resolveWildcardPath("", root)).toEqual([root]);
    expect(resolveWildcardPath("", null)).toEqual([null]);
  });

  it("fans out over array elements, skipping branches that do not match", () => {
    const value = {
      tools: [{ name: "a" }, { other: 1 }, "string", null, [{ name: "nested" }], { name: null }],
    };
    expect(resolveWildcardPath("tools[*].name", value)).toEqual(["a", null]);
    expect(resolveWildcardPath("tools[*]", value)).toEqual(value.tools);
  });

  it("produces no results when [*] meets a non-array (not an error)", () => {
    for (const tools of ["string", 1, true, null, { a: 1 }]) {
      expect(resolveWildcardPath("tools[*]", { tools })).toEqual([]);
    }
    expect(resolveWildcardPath("tools[*]", { other: [] })).toEqual([]);
  });

  it("produces no results for a field on an array, even one the array owns", () => {
    expect(resolveWildcardPath("tools.length", { tools: [1, 2] })).toEqual([]);
    expect(resolveWildcardPath("tools.0", { tools: [1, 2] })).toEqual([]);
  });

  it("nests wildcards in document order", () => {
    const value = {
      a: [{ b: [{ c: 1 }, { c: 2 }] }, { b: [] }, { b: "x" }, { b: [{ c: 3 }] }],
    };
    expect(resolveWildcardPath("a[*].b[*].c", value)).toEqual([1, 2, 3]);
  });

  it("returns a new array, never the input array", () => {
    const tools = [1, 2];
    const result = resolveWildcardPath("tools[*]", { tools });
    expect(result).toEqual(tools);
    expect(result).not.toBe(tools);
  });

  it("returns [] for invalid paths", () => {
    for (const path of ["tools[0]", "tools..x", "tools[*", "[*]", "a b"]) {
      expect(resolveWildcardPath(path, { tools: [1] })).toEqual([]);
    }
  });

  it("looks keys up as own properties only", () => {
    expect(
      resolveWildcardPath("items[*].constructor", { items: [{}, { constructor: 1 }] }),
    ).toEqual([1]);
    expect(resolveWildcardPath("__proto__", {})).toEqual([]);
  });

  it("counts both field access and [*] against the depth limit", () => {
    const value = { a: [{ b: [{ c: 1 }] }] };
    // a, [*], b, [*], c: depth 5.
    expect(resolveWildcardPath("a[*].b[*].c", value, { maxDepth: 5 })).toEqual([1]);
    expect(resolveWildcardPath("a[*].b[*].c", value, { maxDepth: 4 })).toEqual([]);
  });
});

describe("compiled paths", () => {
  it("compiles once and resolves many values", () => {
    const compiled = compileWildcardPath("tools[*].description");
    expect(compiled.ok).toBe(true);
    if (!compiled.ok) return;
    expect(compiled.value.path).toBe("tools[*].description");
    expect(compiled.value.segments).toEqual([
      { name: "tools", wildcard: true },
      { name: "description", wildcard: false },
    ]);
    expect(compiled.value.resolve({ tools: [{ description: "x" }] })).toEqual(["x"]);
    expect(compiled.value.resolve({ tools: [] })).toEqual([]);
    expect(compiled.value.resolve(undefined)).toEqual([]);
  });

  it("compiles simple paths", () => {
    const compiled = compileSimplePath("a.b");
    if (!compiled.ok) throw new Error("expected ok");
    expect(compiled.value.resolve({ a: { b: null } })).toBeNull();
    expect(compiled.value.resolve({ a: {} })).toBeUndefined();
  });

  it("returns the syntax error instead of a compiled path", () => {
    expect(compileSimplePath("a[*]")).toMatchObject({
      ok: false,
      error: { position: 1, reason: "wildcard not allowed" },
    });
    expect(compileWildcardPath("a[0]")).toMatchObject({
      ok: false,
      error: { position: 1, reason: "numeric index" },
    });
  });

  it("applies the depth limit given at compile time", () => {
    const compiled = compileSimplePath("a.a", { maxDepth: 1 });
    if (!compiled.ok) throw new Error("expected ok");
    expect(compiled.value.resolve({ a: { a: 1 } })).toBeUndefined();
  });

  it("freezes the segments it shares", () => {
    const compiled = compileWildcardPath("a[*]");
    if (!compiled.ok) throw new Error("expected ok");
    expect(Object.isFrozen(compiled.value.segments)).toBe(true);
    expect(Object.isFrozen(compiled.value.segments[0])).toBe(true);
  });
});

describe("values no JSON has", () => {
  it("resolve to nothing when a getter or proxy trap throws", () => {
    const boom = () => {
      throw new Error("boom");
    };
    const getter = Object.defineProperty({}, "a", { get: boom, enumerable: true });
    const proxy = new Proxy({}, { get: boom, getOwnPropertyDescriptor: boom, has: boom });
    for (const value of [getter, proxy, { a: proxy }]) {
      expect(resolveSimplePath("a.b", value)).toBeUndefined();
      expect(resolveWildcardPath("a[*].b", value)).toEqual([]);
    }
  });
});
