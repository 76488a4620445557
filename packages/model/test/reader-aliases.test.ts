// Aliases as the reader follows them (format §12.1: documents are untrusted): typed fields read
// through them, cycles are refused, and nesting and expansion stay within the limits.
import { type ParseError, parse, parseRecovering } from "@oatf/model";
import { MAX_DEPTH } from "@oatf/model/internal";
import { describe, expect, it } from "vitest";
import { at } from "./at.js";

/** The depth of the value at `path`: one level per key or index. */
const depthOf = (path: string) => path.split(/\.|(?=\[)/).length;

/** Nested mappings `{a: {a: … 1}}`, `levels` deep. */
const chain = (levels: number) => `${"{a: ".repeat(levels)}1${"}".repeat(levels)}`;

describe("reader: typed fields through aliases", () => {
  it("reads the anchored value as the field's type", () => {
    const result = parse(`oatf: "0.1"
attack:
  x-name: &n hello
  x-phase: &p {state: {a: 1}}
  name: *n
  execution: {phases: [*p]}
`);
    expect(result.ok && result.value.attack).toEqual({
      name: "hello",
      execution: { phases: [{ state: { a: 1 } }] },
      extensions: { "x-name": "hello", "x-phase": { state: { a: 1 } } },
    });
  });

  it("refuses an alias inside the node it refers to, keeping null in its place", () => {
    const recovered = parseRecovering(`oatf: "0.1"
attack:
  execution: {mode: m, state: {a: &a [1, *a]}}
`);
    expect(recovered.document!.attack.execution.state).toEqual({ a: [1, [1, null]] });
    expect(recovered.errors.find((e) => e.message.startsWith("alias"))).toMatchObject({
      kind: "syntax",
      rule: "V-020",
      path: "attack.execution.state.a[1][1]",
      message: "alias `*a` refers to a node that contains it",
      ...at(3, 42),
    });
  });
});

describe("reader: nesting through aliases", () => {
  // The anchor itself is nested within the limit; its alias, placed deeper, is not.
  const anchor = `oatf: "0.1"\nattack:\n  x-deep: &d ${chain(MAX_DEPTH - 3)}\n`;

  function tooDeep(rest: string): ParseError {
    const result = parse(anchor + rest);
    expect(result.ok).toBe(false);
    const errors = result.ok ? [] : result.error;
    expect(errors).toHaveLength(1);
    return errors[0]!;
  }

  it.each([
    ["free-form content", "  execution: {mode: m, state: {s: [{k: *d}]}}\n"],
    ["an extension field", "  x-e: [{k: *d}]\n  execution: {mode: m, state: {}}\n"],
    ["an action's extension", "  execution: {phases: [{state: {}, on_enter: [{x-e: *d}]}]}\n"],
    [
      "a known action",
      "  execution: {phases: [{state: {}, on_enter: [{send: {method: m, params: *d}}]}]}\n",
    ],
    ["a binding action", "  execution: {phases: [{state: {}, on_enter: [{act: *d}]}]}\n"],
    ["a predicate", "  execution: {phases: [{state: {}, trigger: {match: {k: *d}}}]}\n"],
  ])("in %s, the first value deeper than the limit is reported at its path", (_, rest) => {
    const error = tooDeep(rest);
    expect(error).toMatchObject({
      kind: "syntax",
      rule: "parse/too-large",
      message: `values are nested more than ${MAX_DEPTH} levels deep`,
    });
    expect(depthOf(error.path)).toBe(MAX_DEPTH + 1);
  });
});

describe("reader: alias expansion limits", () => {
  const list = "[1, 2, 3, 4, 5, 6, 7, 8, 9]"; // 10 nodes with the sequence

  const expanding = (aliases: number) => `oatf: "0.1"
attack:
  execution:
    state: {list: &l ${list}, copies: [${Array(aliases).fill("*l").join(", ")}]}
    mode: mcp_server
`;

  it("allows exactly `maxNodes` expanded nodes, counting only what aliases expand to", () => {
    expect(parse(expanding(5), { maxNodes: 50 }).ok).toBe(true);
  });

  it("stops at the first node beyond `maxNodes`", () => {
    expect(parseRecovering(expanding(6), { maxNodes: 50 })).toMatchObject({
      document: undefined,
      errors: [
        {
          kind: "syntax",
          rule: "V-020",
          message: "aliases expand to more than 50 nodes; OATF forbids aliases",
          path: "attack.execution.state.copies[5]",
        },
      ],
      unreadable: [""],
    });
  });

  it("never allows more than 100000 expanded nodes, whatever `maxNodes` says", () => {
    const wide = `[${Array(1000).fill("0").join(", ")}]`;
    const text = `oatf: "0.1"\nattack:\n  x-w: &w ${wide}\n  x-copies: [${Array(101).fill("*w").join(", ")}]\n  execution: {mode: m, state: {}}\n`;
    const [error] = parseRecovering(text, { maxNodes: 1_000_000 }).errors;
    expect(error?.message).toBe("aliases expand to more than 100000 nodes; OATF forbids aliases");
  });

  const strings = (aliases: number) => `oatf: "0.1"
attack:
  execution:
    state: {s: &s ["${"x".repeat(100)}", 1], copies: [${Array(aliases).fill("*s").join(", ")}]}
    mode: mcp_server
`;

  it("counts the bytes of the strings aliases expand to, up to `maxBytes`", () => {
    expect(parse(strings(10), { maxBytes: 1000 }).ok).toBe(true);
    expect(parseRecovering(strings(10), { maxBytes: 999 }).errors).toMatchObject([
      {
        rule: "V-020",
        message: "aliases expand to more than 999 bytes; OATF forbids aliases",
        path: "attack.execution.state.copies[9][0]",
      },
    ]);
  });
});
