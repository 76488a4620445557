// Bad input never throws, never hangs, never touches a prototype.
import { getSourceInfo, parse } from "@oatf/model";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { at } from "./at.js";
import { MINIMAL } from "./fixtures.js";

const inState = (yaml: string) =>
  `oatf: "0.1"\nattack:\n  execution:\n    mode: mcp_server\n    state:\n${yaml}`;

afterEach(() => {
  expect(Object.keys(Object.prototype)).toEqual([]);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
});

describe("limits", () => {
  it("rejects an alias bomb as V-020 without expanding it", () => {
    const levels = ["a", "b", "c", "d", "e", "f", "g", "h", "i"];
    const lines = levels.map((name, i) =>
      i === 0
        ? `      a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]`
        : `      ${name}: &${name} [${Array(9)
            .fill(`*${levels[i - 1]}`)
            .join(", ")}]`,
    );
    // Its cost against 1,000 plain values is in `pnpm bench` (bench/hostile.bench.ts).
    const result = parse(inState(`${lines.join("\n")}\n`));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error[0]).toMatchObject({ kind: "syntax", rule: "V-020" });
  });

  it("rejects a recursive alias", () => {
    const result = parse(inState("      a: &a [1, *a]\n"));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.some((e) => e.rule === "V-020")).toBe(true);
  });

  it.each([
    ["flow sequences", `${"[".repeat(100_000)}1${"]".repeat(100_000)}`],
    ["unclosed flow sequences", "[".repeat(100_000)],
    ["flow mappings", `${"{a: ".repeat(100_000)}1${"}".repeat(100_000)}`],
    ["block sequences", `${"- ".repeat(100_000)}x`],
  ])("rejects 100,000 nested %s as a syntax error (linear: `pnpm bench`)", (_name, nested) => {
    for (let round = 0; round < 2; round++) {
      const result = parse(inState(`      x: ${nested}\n`));
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error[0]).toMatchObject({ kind: "syntax", ...at(6) });
    }
    // parse still works afterwards (a stack overflow inside `yaml` would break later parses)
    expect(parse(MINIMAL).ok).toBe(true);
  });

  it("accepts nesting up to 128 levels and rejects deeper nesting", () => {
    // The root, attack, execution and state mappings take 4 levels.
    const nest = (n: number) => inState(`      x: ${"[".repeat(n)}${"]".repeat(n)}\n`);
    expect(parse(nest(124)).ok).toBe(true);
    expect(parse(nest(125)).ok).toBe(false);
  });

  it("rejects nesting that only aliases make deep", () => {
    const deep = `${"[".repeat(100)}1${"]".repeat(100)}`;
    const result = parse(
      inState(
        `      a: &a ${deep}\n      b: [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[*a]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]\n`,
      ),
    );
    expect(result.ok).toBe(false);
  });

  it("parses multi-megabyte strings (linear time: `pnpm bench`)", () => {
    const big = "lorem ipsum ".repeat(400_000); // 4.8 MB
    const result = parse(
      `oatf: "0.1"\nattack:\n  description: "${big}"\n  execution:\n    mode: mcp_server\n    state: {}\n`,
      { maxBytes: 8 * 1024 * 1024 },
    );
    expect(result.ok && result.value.attack.description?.length).toBe(big.length);
  });

  it("parses a mapping with 50,000 keys (duplicate checks linear against `yaml`: `pnpm bench`)", () => {
    const keys = Array.from({ length: 50_000 }, (_, i) => `      k${i}: ${i}\n`).join("");
    const result = parse(inState(keys));
    expect(result.ok && Object.keys(result.value.attack.execution.state ?? {})).toHaveLength(
      50_000,
    );
  });
});

describe("prototype safety", () => {
  it("keeps __proto__ and constructor keys as own data properties", () => {
    const result = parse(
      inState(
        "      __proto__: {polluted: true}\n      constructor: {prototype: {polluted: true}}\n      tools:\n        - {name: evil, __proto__: {polluted: true}}\n",
      ),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const state = result.value.attack.execution.state as Record<string, unknown>;
    expect(Object.getPrototypeOf(state)).toBe(Object.prototype);
    expect(Object.hasOwn(state, "__proto__")).toBe(true);
    expect(Object.hasOwn(state, "constructor")).toBe(true);
    expect(state.polluted).toBeUndefined();
    expect(Object.keys(state)).toEqual(["__proto__", "constructor", "tools"]);
    const tool = (state.tools as Record<string, unknown>[])[0]!;
    expect(Object.getOwnPropertyDescriptor(tool, "__proto__")?.value).toEqual({ polluted: true });
  });

  it("keeps __proto__ in extensions, predicates and binding-specific actions as data", () => {
    const result = parse(`oatf: "0.1"
attack:
  x-vendor:
    __proto__: {polluted: true}
  execution:
    phases:
      - state: {}
        on_enter:
          - __proto__: {polluted: true}
        trigger:
          event: tools/call
          match:
            __proto__: {contains: x}
`);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const phase = result.value.attack.execution.phases![0]!;
    expect(Object.hasOwn(phase.on_enter![0]!, "__proto__")).toBe(true);
    expect(Object.hasOwn(phase.trigger!.match!, "__proto__")).toBe(true);
    expect(Object.hasOwn(result.value.attack.extensions!["x-vendor"] as object, "__proto__")).toBe(
      true,
    );
  });

  it("treats __proto__ and constructor as unknown fields of typed objects", () => {
    const result = parse(
      `oatf: "0.1"\n__proto__: {x: 1}\nconstructor: 1\nattack:\n  execution: {state: {}}\n`,
    );
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.map((e) => e.path)).toEqual(["__proto__", "constructor"]);
  });
});

describe("garbage", () => {
  it.each([
    ["NUL and invalid bytes", "oatf: \u0000\uFFFD\uD800 ::: [\u0001"],
    [
      "binary noise",
      String.fromCharCode(...Array.from({ length: 512 }, (_, i) => (i * 7919) % 256)),
    ],
    ["a lone colon", ":"],
    ["tabs as indentation", "oatf: '0.1'\nattack:\n\texecution: {}\n"],
    ["a %YAML 2.0 directive", "%YAML 2.0\n---\noatf: '0.1'\n"],
    ["a scalar root", "just a string"],
    ["a null root", "~"],
    ["only comments", "# nothing here\n"],
  ])("returns a ParseError for %s", (_name, input) => {
    const result = parse(input);
    expect(result.ok).toBe(false);
  });

  it("rejects unpaired surrogates, written raw or escaped: they are not Unicode text", () => {
    expect(parse(inState(`      a: "x\ud800y"\n`))).toEqual({
      ok: false,
      error: [
        expect.objectContaining({
          kind: "syntax",
          message: "the input is not valid Unicode: unpaired surrogate U+D800",
          ...at(6, 12),
        }),
      ],
    });
    for (const written of [`a: "\\udc00"`, `"\\ud800": 1`, `a: ["ok", "\\ud83d"]`]) {
      const result = parse(inState(`      ${written}\n`));
      expect(result.ok ? [] : result.error).toEqual([
        expect.objectContaining({ kind: "syntax", ...at(6) }),
      ]);
    }
    // A surrogate pair, raw or as two escapes, is one character and fine.
    const pair = parse(inState(`      a: "\ud83d\ude00 \\ud83d\\ude00"\n`));
    expect(pair.ok && pair.value.attack.execution.state).toEqual({ a: "😀 😀" });
  });

  it("rejects raw characters outside YAML's printable set, with where and how to escape them", () => {
    expect(parse(inState("      a: x\x01y\n"))).toMatchObject({
      ok: false,
      error: [
        {
          kind: "syntax",
          message:
            "the input contains U+0001, which YAML allows only escaped (write \\x01 in a double-quoted string)",
          ...at(6, 11),
        },
      ],
    });
    for (const raw of ["\x00", "\x1b", "\x7f", "\x9b", "\ufffe"]) {
      expect(parse(inState(`      a: "x${raw}"\n`)).ok).toBe(false);
      expect(parse(inState(`      a: 1 # x${raw}\n`)).ok).toBe(false);
    }
    // Tab, CR LF, NEL, and everything escaped are fine.
    const fine = parse(inState('      a: "\\x01\\x7f\\N"\r\n      b: "x\ty\x85"\n'));
    expect(fine.ok && fine.value.attack.execution.state).toEqual({
      a: "\x01\x7f\x85",
      b: "x\ty\x85",
    });
  });

  it("does not throw for non-string input from untyped callers", () => {
    for (const input of [undefined, null, 42, {}, Buffer.from("oatf: '0.1'")]) {
      const result = parse(input as unknown as string);
      expect(result.ok).toBe(false);
    }
  });

  it("never throws on arbitrary text (property)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 300 }), (text) => {
        const result = parse(text);
        if (!result.ok) {
          for (const e of result.error) expect(typeof e.message).toBe("string");
        } else {
          expect(getSourceInfo(result.value)).toBeDefined();
        }
      }),
      { numRuns: 500 },
    );
  });

  it("never throws on mutated valid documents (property)", () => {
    const source = `${MINIMAL}  indicators:\n    - target: "tools[*].description"\n      pattern: {contains: x}\n`;
    const chars = [..."{}[]:-&*!|>'\"#%@`, \n\t<"];
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(source.length), fc.constantFrom(...chars)), { maxLength: 6 }),
        (edits) => {
          let text = source;
          for (const [at, ch] of edits) text = text.slice(0, at) + ch + text.slice(at);
          parse(text);
        },
      ),
      { numRuns: 500 },
    );
  });
});
