// Issue 12 §5: documents built in code (not by `parse`) that are cyclic, 100,000 levels
// deep or a DAG with 2^40 paths. validate, normalize and serialize must answer without
// throwing and without touching the input.
import { readFileSync } from "node:fs";
import { type Document, parse, serialize } from "@oatf/model";
import { checkPlainTree } from "@oatf/model/internal";
import { normalize } from "@oatf/normalize";
import { validate } from "@oatf/validate";
import { describe, expect, it } from "vitest";

const example = (): Document => {
  const parsed = parse(readFileSync("examples/mcp-rug-pull.yaml", "utf8"));
  if (!parsed.ok) throw new Error("fixture");
  return parsed.value;
};

type Mutable = Record<string, unknown>;
const stateOf = (document: Document) =>
  ((document.attack.execution as Mutable).actors as Mutable[] | undefined)?.[0] ??
  (document.attack.execution as Mutable);

const hostile: [string, (document: Document) => string][] = [
  [
    "cyclic",
    (document) => {
      (document.attack as Mutable).self = document.attack;
      return "attack.self";
    },
  ],
  [
    "100,000 levels deep",
    (document) => {
      let deep: unknown = "leaf";
      for (let i = 0; i < 100_000; i++) deep = { a: deep };
      (stateOf(document) as Mutable)["x-deep"] = deep;
      return "x-deep";
    },
  ],
  [
    "a 40-level DAG",
    (document) => {
      let node: unknown = { leaf: 1 };
      for (let i = 0; i < 40; i++) node = { l: node, r: node };
      (document.attack as Mutable)["x-dag"] = node;
      return "attack.x-dag";
    },
  ],
];

describe.each(hostile)("a %s document", (_name, spoil) => {
  const make = () => {
    const document = example();
    const where = spoil(document);
    return { document, where, keys: JSON.stringify(Object.keys(document.attack)) };
  };

  it("checkPlainTree names the problem and where", () => {
    const { document, where } = make();
    const problem = checkPlainTree(document);
    expect(problem).toBeDefined();
    expect(problem!.path).toContain(where);
    expect(problem!.message).toContain(problem!.path);
  });

  it("validate reports one V-020 error at that path", () => {
    const { document, where } = make();
    const result = validate(document);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatchObject({ rule: "V-020", spec_ref: "§11.1.1" });
    expect(result.errors[0]!.path).toContain(where);
  });

  it("normalize returns the input unchanged, serialize a comment saying why", () => {
    const { document, keys } = make();
    expect(normalize(document)).toBe(document);
    expect(JSON.stringify(Object.keys(document.attack))).toBe(keys);
    expect(document.attack.execution).not.toHaveProperty("actors");
    const text = serialize(document);
    expect(text).toMatch(/^# not serialized: the document (contains itself|is nested|has more)/);
    expect(text.trim().split("\n")).toHaveLength(1);
  });
});

describe("checkPlainTree", () => {
  it("accepts the examples, shared (non-cyclic) sub-objects and nesting to 256 levels", () => {
    expect(checkPlainTree(example())).toBeUndefined();
    const shared = { a: 1 };
    expect(checkPlainTree({ x: shared, y: [shared, shared] })).toBeUndefined();
    let deep: unknown = 1;
    for (let i = 0; i < 256; i++) deep = [deep];
    expect(checkPlainTree(deep)).toBeUndefined();
    expect(checkPlainTree([deep])).toMatchObject({ reason: "depth" });
  });

  it("lets a parsed document nested to parse's limit through normalize and serialize", () => {
    // `execution.state` is 3 levels down; normalization moves it 4 further.
    const state = `${"[".repeat(124)}1${"]".repeat(124)}`;
    const parsed = parse(
      `oatf: "0.1"\nattack:\n  execution:\n    mode: mcp_server\n    state: { x: ${state} }\n`,
    );
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(validate(parsed.value).errors).toEqual([]);
    const text = serialize(normalize(parsed.value));
    expect(text.startsWith("oatf:")).toBe(true);
  });

  it("counts values per path and honours its limits", () => {
    const wide = Array.from({ length: 10 }, () => ({ a: 1 }));
    expect(checkPlainTree(wide, { maxNodes: 21 })).toBeUndefined();
    expect(checkPlainTree(wide, { maxNodes: 20 })).toMatchObject({ reason: "size", path: "[9]" });
    expect(checkPlainTree({ a: { b: {} } }, { maxDepth: 2 })).toMatchObject({
      reason: "depth",
      path: "a.b",
    });
    expect(checkPlainTree([1, [2, { c: [] }]], { maxDepth: 3 })).toMatchObject({
      reason: "depth",
      path: "[1][1].c",
    });
  });

  it("reports a throwing getter as unreadable", () => {
    const value = Object.defineProperty({}, "x", {
      enumerable: true,
      get() {
        throw new Error("boom");
      },
    });
    expect(checkPlainTree({ value })).toMatchObject({ reason: "unreadable", path: "value" });
    expect(checkPlainTree({ value })!.message).toContain("boom");
  });
});
