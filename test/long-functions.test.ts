// Issue 34 §6: no function over about 80 lines where a state machine hides; a state machine
// gets a file or a small class of its own. Any function over 80 lines fails this test
// (`node scripts/long-functions.mjs` lists them, with their lengths).
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
// @ts-expect-error: plain ESM script without types
import { longFunctions, longFunctionsIn } from "../scripts/lib/long-functions.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));

interface Found {
  name: string;
  file: string;
  line: number;
  lines: number;
}

const body = (n: number) => Array.from({ length: n }, (_, i) => `  x += ${i};`).join("\n");

describe("long functions", () => {
  it("counts a function, a method and a closure from first token to closing brace", () => {
    const source = [
      `export function long() {\n${body(79)}\n}`, // 81 lines
      `export function short() {\n${body(78)}\n}`, // 80 lines
      `class C {\n  method() {\n${body(79)}\n  }\n}`,
      `const outer = () => {\n  const inner = () => {\n${body(79)}\n  };\n};`,
    ].join("\n");
    const found: Found[] = longFunctionsIn("x.ts", source, 80);
    expect(found.map((f) => [f.name, f.lines])).toEqual([
      ["long", 81],
      ["method", 81],
      ["outer", 83],
      ["inner", 81],
    ]);
    expect(found[0]).toMatchObject({ file: "x.ts", line: 1 });
  });

  it("finds none over 80 lines in packages/*/src and apps/*/src", () => {
    const found: Found[] = longFunctions(root, 80);
    expect(found.map((f) => `${f.file}:${f.line} ${f.name} (${f.lines} lines)`)).toEqual([]);
  });
});
