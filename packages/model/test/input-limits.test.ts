// Input limits (format §12.1, issue 12 §4): the size, node-count and nesting limits of `parse`,
// where each rejects, and the exact diagnostic it gives.
import { type ParseError, parse } from "@oatf/model";
import { MAX_DEPTH } from "@oatf/model/internal";
import { describe, expect, it } from "vitest";
import { exceedsByteLimit } from "../src/limits.js";
import { at } from "./at.js";
import { MINIMAL } from "./fixtures.js";

const inState = (yaml: string) =>
  `oatf: "0.1"\nattack:\n  execution:\n    mode: mcp_server\n    state:\n${yaml}`;

function errors(input: string, options?: Parameters<typeof parse>[1]): ParseError[] {
  const result = parse(input, options);
  if (result.ok) throw new Error("expected parse errors");
  return result.error;
}

const TOO_DEEP = `collections are nested more than ${MAX_DEPTH} levels deep`;

/** Where the nesting diagnostic points (line and column, 1-based). */
function tooDeepAt(input: string, options?: Parameters<typeof parse>[1]) {
  const [error, ...rest] = errors(input, options);
  expect(rest).toEqual([]);
  expect(error).toMatchObject({ rule: "parse/too-large", kind: "syntax", message: TOO_DEEP });
  const { line, column } = error!.range!.start;
  return { line, column };
}

describe("the byte limit", () => {
  it.each([
    ["ASCII", "a", 1],
    ["DEL", "\u007f", 1],
    ["U+0080", "\u0080", 2],
    ["U+07FF", "\u07ff", 2],
    ["U+0800", "\u0800", 3],
    ["U+D7FF", "\ud7ff", 3],
    ["U+E000", "\ue000", 3],
    ["U+FFFF", "\uffff", 3],
    ["U+10000 (a surrogate pair from U+D800)", "\ud800\udc00", 4],
    ["U+1F600", "😀", 4],
    ["U+10FFFF (a surrogate pair up to U+DFFF)", "\udbff\udfff", 4],
  ])("counts %s as %i UTF-8 bytes", (_name, char, bytes) => {
    expect(new TextEncoder().encode(char).length).toBe(bytes);
    expect(exceedsByteLimit(char, bytes)).toBe(false);
    expect(exceedsByteLimit(char, bytes - 1)).toBe(true);
    expect(exceedsByteLimit(`ab${char}`, bytes + 2)).toBe(false);
    expect(exceedsByteLimit(`ab${char}`, bytes + 1)).toBe(true);
  });

  it("accepts a document of exactly maxBytes bytes and rejects one byte more", () => {
    const text = `${MINIMAL}# é€😀\n`;
    const bytes = new TextEncoder().encode(text).length;
    expect(parse(text, { maxBytes: bytes }).ok).toBe(true);
    expect(errors(text, { maxBytes: bytes - 1 })).toEqual([
      {
        kind: "syntax",
        severity: "error",
        rule: "parse/too-large",
        code: "parse/too-large",
        message: `the input is larger than ${bytes - 1} bytes (the \`maxBytes\` limit)`,
        path: "",
        spec_ref: expect.any(String),
        line: 1,
        column: 1,
        range: { start: { line: 1, column: 1, offset: 0 }, end: { line: 1, column: 1, offset: 0 } },
      },
    ]);
  });

  it("uses the default for a limit that is not a positive number", () => {
    for (const maxBytes of [0, -5, Number.NaN, "10" as unknown as number, undefined]) {
      expect(parse(MINIMAL, { maxBytes }).ok).toBe(true);
    }
    for (const maxNodes of [0, -1, "3" as unknown as number]) {
      expect(parse(MINIMAL, { maxNodes }).ok).toBe(true);
    }
  });
});

describe("the node limit", () => {
  // oatf, "0.1", attack, execution, mode, mcp_server, state, tools and the flow sequence `[]`.
  const NODES_IN_MINIMAL = 9;

  it("accepts exactly maxNodes nodes and points at the first node beyond", () => {
    expect(parse(MINIMAL, { maxNodes: NODES_IN_MINIMAL }).ok).toBe(true);
    expect(parse(`---\n${MINIMAL}...\n`, { maxNodes: NODES_IN_MINIMAL }).ok).toBe(true);
    expect(errors(MINIMAL, { maxNodes: NODES_IN_MINIMAL - 1 })).toMatchObject([
      {
        rule: "parse/too-large",
        message: "the input has more than 8 YAML nodes (the `maxNodes` limit)",
        ...at(6, 14),
      },
    ]);
  });

  it("counts an alias and each quoted scalar as one node", () => {
    const aliased = inState("      a: &a x\n      b: *a\n"); // 11 nodes, the alias last
    expect(parse(aliased, { maxNodes: 11 }).ok).toBe(true);
    expect(errors(aliased, { maxNodes: 10 })).toMatchObject([
      { rule: "parse/too-large", ...at(7, 10) },
    ]);
    const quoted = inState("      'a': 'b'\n"); // 9 nodes, the single-quoted value last
    expect(parse(quoted, { maxNodes: 9 }).ok).toBe(true);
    expect(errors(quoted, { maxNodes: 8 })).toMatchObject([
      { rule: "parse/too-large", ...at(6, 12) },
    ]);
  });
});

describe("the nesting limit", () => {
  it("stops at the same level however the levels are written", () => {
    // The level that stops the scan of block nesting, one past the limit (a leaf scalar on
    // its own line can count one level too many).
    const stop = MAX_DEPTH + 2;
    expect(tooDeepAt(`${"- ".repeat(5_000)}x\n- y\n`)).toEqual({ line: 1, column: 2 * stop - 1 });
    expect(tooDeepAt(`${"? ".repeat(5_000)}x\n`)).toEqual({ line: 1, column: 2 * stop - 1 });
    // After a document end marker, counting starts afresh.
    expect(tooDeepAt(`a: 1\n...\n  ${"- ".repeat(5_000)}x\n`)).toEqual({
      line: 3,
      column: 2 * stop + 1,
    });
    const big = { maxBytes: 64 * 1024 * 1024 };
    let dashes = "";
    let keys = "";
    for (let i = 0; i < 5_000; i++) {
      dashes += `${" ".repeat(i)}-\n`;
      keys += `${" ".repeat(i)}k:\n`;
    }
    expect(tooDeepAt(dashes, big)).toEqual({ line: stop, column: stop });
    expect(tooDeepAt(keys, big)).toEqual({ line: stop, column: stop });
    // The first 100 levels on line 1, the rest after a sibling item on line 2.
    expect(tooDeepAt(`${"- ".repeat(100)}x\n${" ".repeat(198)}${"- ".repeat(100)}y\n`)).toEqual({
      line: 2,
      column: 2 * stop - 1,
    });
  });

  it("counts a key after `---` on its line as no level of its own", () => {
    let text = "--- k:\n";
    for (let i = 1; i < 5_000; i++) text += `${" ".repeat(4 + i)}k:\n`;
    expect(tooDeepAt(text, { maxBytes: 64 * 1024 * 1024 })).toEqual({
      line: MAX_DEPTH + 3,
      column: MAX_DEPTH + 7,
    });
  });

  it("counts block nesting after an unclosed flow collection", () => {
    // The lexer leaves flow mode at the dedent: the 5,000 levels that follow must not reach the
    // recursive parser (a stack overflow, with no position, before this was counted).
    for (const open of ["[1", "{a: 1", "[[[1"]) {
      expect(tooDeepAt(`k: ${open}\n${"- ".repeat(5_000)}x\n- y\n`)).toEqual({
        line: 2,
        column: 2 * (MAX_DEPTH + 2) - 1,
      });
    }
  });

  it("adds flow nesting to the block levels around it", () => {
    // `k` is one level, the 129th `[` the 130th.
    expect(tooDeepAt(`k: ${"[".repeat(5_000)}\n`)).toEqual({ line: 1, column: 132 });
    expect(tooDeepAt(`a:\n  b:\n    k: ${"[".repeat(5_000)}\n`)).toEqual({ line: 3, column: 134 });
  });

  it("finds block nesting that indentation hides: a sequence at its parent key's column", () => {
    // k0's mapping is level 1, the sequence under it level 2, k1's mapping level 3, ...
    let chain = "";
    for (let i = 0; i < 70; i++) chain += `${" ".repeat(2 * i)}${i === 0 ? "" : "- "}k${i}:\n`;
    // Level 129 is the mapping of k64 (line 65, after 128 spaces and `- `).
    expect(tooDeepAt(chain)).toEqual({ line: 65, column: 131 });
    // The same chain as an explicit key.
    let key = "? ";
    for (let i = 0; i < 70; i++) {
      key += `${i === 0 ? "" : " ".repeat(2 * i + 2)}${i === 0 ? "" : "- "}k${i}:\n`;
    }
    expect(tooDeepAt(`${key}: v\n`)).toEqual({ line: 65, column: 131 });
  });

  it("accepts wide documents: closed flow collections, dedents and multi-line flow collections", () => {
    let closed = "";
    for (let i = 0; i < 300; i++) closed += `      k${i}: {}\n      l${i}: []\n`;
    expect(parse(inState(closed)).ok).toBe(true);
    // 99 levels at one column each, then 99 levels at two columns each.
    let blocks = "      a:\n";
    for (let i = 1; i < 100; i++) blocks += `${" ".repeat(6 + i)}a:\n`;
    blocks += "      b:\n";
    for (let i = 1; i < 100; i++) blocks += `${" ".repeat(6 + 2 * i)}b:\n`;
    expect(parse(inState(blocks)).ok).toBe(true);
    let flow = "      k: [\n";
    for (let i = 0; i < 300; i++) flow += `${" ".repeat(7 + i)}a${i},\n`;
    expect(parse(inState(`${flow}      ]\n`)).ok).toBe(true);
  });
});
