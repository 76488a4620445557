import { checkPlainTree, MAX_TREE_DEPTH, MAX_TREE_NODES } from "@oatf/model/internal";
import { describe, expect, it } from "vitest";

/** `levels` arrays nested in each other: the outermost is level 1. */
function nested(levels: number): unknown {
  let value: unknown = "leaf";
  for (let i = 0; i < levels; i++) value = [value];
  return value;
}

describe("checkPlainTree accepts plain trees", () => {
  it.each([
    ["a string", "text"],
    ["a number", 42],
    ["null", null],
    ["undefined", undefined],
    ["an empty object", {}],
    ["nested data with nulls", { a: [1, null, { b: "c" }], d: null }],
  ])("%s", (_name, value) => {
    expect(checkPlainTree(value)).toBeUndefined();
  });

  it("accepts an object shared by two paths: sharing is not a cycle", () => {
    const shared = { x: [1, 2] };
    expect(checkPlainTree({ a: shared, b: [shared, shared] })).toBeUndefined();
  });
});

describe("checkPlainTree cycles", () => {
  it("reports an object that contains itself, at the path that closes the cycle", () => {
    const doc: Record<string, unknown> = { name: "n" };
    doc.self = doc;
    expect(checkPlainTree(doc)).toEqual({
      reason: "cycle",
      path: "self",
      message: "the document contains itself here (a cycle) (at self)",
    });
  });

  it("reports a cycle 200,000 levels down when the caller allows that depth, without overflowing the stack", () => {
    const root: unknown[] = [];
    let bottom = root;
    for (let i = 0; i < 200_000; i++) {
      const next: unknown[] = [];
      bottom.push(next);
      bottom = next;
    }
    bottom.push(root);
    const found = checkPlainTree(root, { maxDepth: 1_000_000, maxNodes: 1_000_000 });
    expect(found?.reason).toBe("cycle");
    expect(found?.path).toBe("[0]".repeat(200_001));
  });

  it("reports a cycle through arrays and objects, first in document order", () => {
    const list: unknown[] = [];
    list.push({ back: list });
    const doc = { attack: { indicators: list }, later: { more: list } };
    expect(checkPlainTree(doc)).toEqual({
      reason: "cycle",
      path: "attack.indicators[0].back",
      message: "the document contains itself here (a cycle) (at attack.indicators[0].back)",
    });
  });

  it("walks an object's keys in order: the first key's problem is reported first", () => {
    const a: Record<string, unknown> = {};
    a.loop = a;
    const b: Record<string, unknown> = {};
    b.loop = b;
    expect(checkPlainTree({ first: a, second: b })?.path).toBe("first.loop");
  });

  it("walks an array's items in order: the first item's problem is reported first", () => {
    const a: unknown[] = [];
    a.push(a);
    const b: unknown[] = [];
    b.push(b);
    expect(checkPlainTree([a, b])?.path).toBe("[0][0]");
  });
});

describe("checkPlainTree depth", () => {
  it("accepts exactly maxDepth levels and reports the level below", () => {
    expect(checkPlainTree({ a: { b: "leaf" } }, { maxDepth: 2 })).toBeUndefined();
    expect(checkPlainTree({ a: { b: {} } }, { maxDepth: 2 })).toEqual({
      reason: "depth",
      path: "a.b",
      message: "the document is nested more than 2 levels deep (at a.b)",
    });
  });

  it("counts array levels the same way", () => {
    expect(checkPlainTree(nested(3), { maxDepth: 3 })).toBeUndefined();
    expect(checkPlainTree(nested(4), { maxDepth: 3 })).toEqual({
      reason: "depth",
      path: "[0][0][0]",
      message: "the document is nested more than 3 levels deep (at [0][0][0])",
    });
  });

  it("defaults to MAX_TREE_DEPTH (256) levels", () => {
    expect(MAX_TREE_DEPTH).toBe(256);
    expect(checkPlainTree(nested(256))).toBeUndefined();
    expect(checkPlainTree(nested(257))?.reason).toBe("depth");
  });
});

describe("checkPlainTree size", () => {
  it("counts the root and every value below it, and accepts exactly maxNodes", () => {
    // root + a + b + the two items of b = 5 values
    const doc = { a: 1, b: [2, 3] };
    expect(checkPlainTree(doc, { maxNodes: 5 })).toBeUndefined();
    expect(checkPlainTree(doc, { maxNodes: 4 })).toEqual({
      reason: "size",
      path: "b",
      message: "the document has more than 4 values (at b)",
    });
  });

  it("reports a root with too many items at the root", () => {
    expect(checkPlainTree([1, 2, 3], { maxNodes: 3 })).toEqual({
      reason: "size",
      path: "",
      message: "the document has more than 3 values (at the root)",
    });
    expect(checkPlainTree({ a: 1, b: 2, c: 3 }, { maxNodes: 3 })?.path).toBe("");
  });

  it("counts a shared sub-object once per path to it", () => {
    const shared = [1, 2, 3];
    // root + a + b + 3 items under a + 3 items under b = 9 values
    expect(checkPlainTree({ a: shared, b: shared }, { maxNodes: 9 })).toBeUndefined();
    expect(checkPlainTree({ a: shared, b: shared }, { maxNodes: 8 })?.path).toBe("b");
  });

  it("defaults to MAX_TREE_NODES (1,000,000) values", () => {
    expect(MAX_TREE_NODES).toBe(1_000_000);
    expect(checkPlainTree(new Array(999_999).fill(0))).toBeUndefined();
    expect(checkPlainTree(new Array(1_000_000).fill(0))).toEqual({
      reason: "size",
      path: "",
      message: "the document has more than 1000000 values (at the root)",
    });
  });
});

describe("checkPlainTree on values that cannot be read", () => {
  it("reports a throwing getter as unreadable instead of throwing", () => {
    const doc = {
      attack: {
        get name(): string {
          throw new Error("boom");
        },
      },
    };
    expect(checkPlainTree(doc)).toEqual({
      reason: "unreadable",
      path: "attack",
      message: "the document cannot be read here: boom (at attack)",
    });
  });

  it("reports a proxy that throws something other than an Error as an unknown error", () => {
    const hostile = new Proxy(
      {},
      {
        ownKeys() {
          throw "no keys";
        },
      },
    );
    expect(checkPlainTree(hostile)).toEqual({
      reason: "unreadable",
      path: "",
      message: "the document cannot be read here: unknown error (at the root)",
    });
  });
});
