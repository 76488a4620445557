// What `parse` records about the YAML source beside the document: the span of every node by
// dot-path, the root key order, the YAML features V-020 forbids, and the key problems YAML
// itself forbids; and how diagnostics find a position for a path (SDK §7.1).
import { getSourceInfo, parse, parseRecovering, type SourceInfo } from "@oatf/model";
import { parentPath, positionOrAncestor, rangeOrAncestor } from "@oatf/model/internal";
import { describe, expect, it } from "vitest";

const inState = (yaml: string) =>
  `oatf: "0.1"\nattack:\n  execution:\n    mode: mcp_server\n    state:\n${yaml}`;

function sourceOf(input: string): SourceInfo {
  const result = parse(input);
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return getSourceInfo(result.value)!;
}

/** The 1-based [line, column] of a range's start and end. */
function lineColumns(info: SourceInfo, path: string) {
  const range = info.rangeOf!(path);
  return range && [range.start.line, range.start.column, range.end.line, range.end.column];
}

const SAMPLE = `oatf: "0.1"
attack:
  description:
  execution:
    mode: mcp_server
    state:
      tools:
        - name: first
          description: one
        - [a, b]
      0x1F: hex
      "q\\x41": quoted
      1.50: float
      ? k
      flow: {a, b: 1}
      : empty
      aliased: &a {z: 1}
      again: *a
      <<: *a
      &kk keyed: v
`;

describe("source spans", () => {
  const info = sourceOf(SAMPLE);

  it("gives a scalar's value, a collection's key, and the first line of the root and list items", () => {
    expect(lineColumns(info, "")).toEqual([1, 1, 1, 12]);
    expect(lineColumns(info, "oatf")).toEqual([1, 7, 1, 12]);
    expect(lineColumns(info, "attack")).toEqual([2, 1, 2, 7]);
    expect(lineColumns(info, "attack.execution.state.tools")).toEqual([7, 7, 7, 12]);
    expect(lineColumns(info, "attack.execution.state.tools[0]")).toEqual([8, 11, 8, 22]);
    expect(lineColumns(info, "attack.execution.state.tools[0].description")).toEqual([
      9, 24, 9, 27,
    ]);
    expect(lineColumns(info, "attack.execution.state.tools[1]")).toEqual([10, 11, 10, 17]);
    expect(lineColumns(info, "attack.execution.state.tools[1][1]")).toEqual([10, 15, 10, 16]);
    expect(info.rangeOf!("attack.execution.state.tools[0]")).toEqual({
      start: { line: 8, column: 11, offset: 103 },
      end: { line: 8, column: 22, offset: 114 },
    });
  });

  it("gives the key of a value left empty", () => {
    expect(lineColumns(info, "attack.description")).toEqual([3, 3, 3, 14]);
    expect(lineColumns(info, "attack.execution.state.k")).toEqual([14, 9, 14, 10]);
    expect(lineColumns(info, "attack.execution.state.flow.a")).toEqual([15, 14, 15, 15]);
    expect(info.positionOf("attack.execution.state.flow.b")).toEqual({ line: 15, column: 20 });
  });

  it("has nothing for a path the document does not have", () => {
    expect(info.rangeOf!("attack.severity")).toBeUndefined();
    expect(info.positionOf("attack.severity")).toBeUndefined();
  });
});

describe("keys", () => {
  it("reads a key as its string: a plain non-string key keeps its source text", () => {
    const result = parse(SAMPLE);
    expect(result.ok && Object.keys(result.value.attack.execution!.state as object)).toEqual([
      "tools",
      "0x1F",
      "qA",
      "1.50",
      "k",
      "flow",
      "",
      "aliased",
      "again",
      "<<",
      "keyed",
    ]);
    expect(result.ok && result.value.attack.execution!.state).toMatchObject({
      k: null,
      flow: { a: null, b: 1 },
      "": "empty",
    });
  });

  it("records the root keys in source order, and only those", () => {
    expect(sourceOf(SAMPLE).rootKeys).toEqual(["oatf", "attack"]);
    expect(
      sourceOf(`attack:\n  execution: {mode: mcp_server, state: {}}\noatf: "0.1"\n`).rootKeys,
    ).toEqual(["attack", "oatf"]);
  });

  it("rejects a collection or an alias as a key, and still reports its anchor or alias", () => {
    const recovered = parseRecovering(
      inState("      a: &a x\n      *a : 1\n      ? &c [1]\n      : 2\n"),
    );
    expect(
      recovered.errors.map(({ rule, message, path, range }) => ({
        rule,
        message,
        path,
        line: range?.start.line,
        column: range?.start.column,
      })),
    ).toEqual([
      {
        rule: "V-020",
        message: "YAML anchor `a` is not allowed in OATF documents",
        path: "attack.execution.state.a",
        line: 6,
        column: 13,
      },
      {
        rule: "parse/type-mismatch",
        message: "mapping keys must be strings, found a collection or alias as a key",
        path: "attack.execution.state",
        line: 7,
        column: 7,
      },
      {
        rule: "V-020",
        message: "YAML alias `a` is not allowed in OATF documents",
        path: "attack.execution.state",
        line: 7,
        column: 7,
      },
      {
        rule: "parse/type-mismatch",
        message: "mapping keys must be strings, found a collection or alias as a key",
        path: "attack.execution.state",
        line: 8,
        column: 12,
      },
      {
        rule: "V-020",
        message: "YAML anchor `c` is not allowed in OATF documents",
        path: "attack.execution.state",
        line: 8,
        column: 12,
      },
    ]);
  });

  it("reports a duplicate `attack` at the root as V-003, every other duplicate as parse/duplicate-key", () => {
    const rules = (input: string) =>
      parseRecovering(input).errors.map(({ rule, message, path, range }) => ({
        rule,
        message,
        path,
        line: range?.start.line,
        column: range?.start.column,
      }));
    expect(
      rules(`oatf: "0.1"\nattack:\n  execution: {mode: mcp_server, state: {}}\nattack: {}\n`),
    ).toContainEqual({
      rule: "V-003",
      message: "duplicate key `attack`",
      path: "attack",
      line: 4,
      column: 1,
    });
    expect(rules(`${inState("      attack: 1\n      attack: 2\n")}`)).toEqual([
      {
        rule: "parse/duplicate-key",
        message: "duplicate key `attack`",
        path: "attack.execution.state.attack",
        line: 7,
        column: 7,
      },
    ]);
    expect(
      rules(`oatf: "0.1"\noatf: "0.1"\nattack:\n  execution: {mode: mcp_server, state: {}}\n`),
    ).toEqual([
      {
        rule: "parse/duplicate-key",
        message: "duplicate key `oatf`",
        path: "oatf",
        line: 2,
        column: 1,
      },
    ]);
    expect(rules(inState("      : a\n      : b\n")).map((e) => [e.rule, e.path])).toEqual([
      ["parse/duplicate-key", "attack.execution.state."],
    ]);
  });

  it("points a duplicated key at the value that is read, the last", () => {
    const recovered = parseRecovering(inState("      a: 1\n      a: 2\n"));
    expect(recovered.document!.attack.execution!.state).toEqual({ a: 2 });
    const info = getSourceInfo(recovered.document!)!;
    expect(lineColumns(info, "attack.execution.state.a")).toEqual([7, 10, 7, 11]);
  });
});

describe("YAML features V-020 forbids", () => {
  it("records anchors, aliases, merge keys and custom tags at their nodes, with their names, in source order", () => {
    // Core tags and a quoted `<<` are no features.
    const info = sourceOf(
      `${SAMPLE}      tagged: !custom x\n      typed: !!str 1\n      m: {"<<": 1}\n`,
    );
    expect(info.yamlFeatures).toStrictEqual([
      {
        kind: "anchor",
        path: "attack.execution.state.aliased",
        line: 17,
        column: 19,
        offset: 279,
        detail: "a",
      },
      {
        kind: "alias",
        path: "attack.execution.state.again",
        line: 18,
        column: 14,
        offset: 299,
        detail: "a",
      },
      { kind: "merge_key", path: "attack.execution.state.<<", line: 19, column: 7, offset: 308 },
      {
        kind: "alias",
        path: "attack.execution.state.<<",
        line: 19,
        column: 11,
        offset: 312,
        detail: "a",
      },
      {
        kind: "anchor",
        path: "attack.execution.state.keyed",
        line: 20,
        column: 11,
        offset: 325,
        detail: "kk",
      },
      {
        kind: "custom_tag",
        path: "attack.execution.state.tagged",
        line: 21,
        column: 23,
        offset: 356,
        detail: "!custom",
      },
    ]);
  });
});

describe("escaped surrogates", () => {
  it("rejects an escape that stands for an unpaired surrogate, in a key or a value", () => {
    const reported = parseRecovering(inState('      "\\ud800k": "x\\udc00"\n')).errors;
    const message =
      "an escape sequence stands for an unpaired surrogate, which is not a Unicode character";
    const at = (from: number, to: number) => ({
      rule: "parse/syntax",
      message,
      path: "attack.execution.state.\ud800k",
      range: {
        start: { line: 6, column: from - 64, offset: from },
        end: { line: 6, column: to - 64, offset: to },
      },
    });
    expect(
      reported.map(({ rule, message, path, range }) => ({ rule, message, path, range })),
    ).toEqual([at(71, 80), at(82, 91)]);
  });
});

describe("positions of missing paths", () => {
  it("goes one dot-path level up at a time", () => {
    expect(parentPath("attack.indicators[0].pattern")).toBe("attack.indicators[0]");
    expect(parentPath("attack.indicators[0]")).toBe("attack.indicators");
    expect(parentPath("attack")).toBe("");
    expect(parentPath("[0]")).toBe("");
    expect(parentPath("")).toBe("");
  });

  it("falls back to the nearest ancestor that has a position", () => {
    const info = sourceOf(SAMPLE);
    expect(rangeOrAncestor(info, "attack.execution.state.tools[0].missing.deeper")).toEqual(
      info.rangeOf!("attack.execution.state.tools[0]"),
    );
    expect(positionOrAncestor(info, "attack.severity.level")).toEqual({ line: 2, column: 1 });
    expect(rangeOrAncestor(info, "attack")).toEqual(info.rangeOf!("attack"));
  });

  it("gives nothing without source info, without ranges, or when no ancestor has one", () => {
    expect(rangeOrAncestor(undefined, "attack")).toBeUndefined();
    expect(positionOrAncestor(undefined, "attack")).toBeUndefined();
    const bare: SourceInfo = { rootKeys: [], yamlFeatures: [], positionOf: () => undefined };
    expect(rangeOrAncestor(bare, "attack.execution")).toBeUndefined();
    expect(positionOrAncestor(bare, "attack.execution")).toBeUndefined();
    const asked: string[] = [];
    const empty: SourceInfo = {
      ...bare,
      rangeOf: (path) => {
        asked.push(path);
        return undefined;
      },
    };
    expect(rangeOrAncestor(empty, "attack.execution[0]")).toBeUndefined();
    expect(asked).toEqual(["attack.execution[0]", "attack.execution", "attack", ""]);
  });
});
