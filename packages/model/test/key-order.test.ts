import { type Document, parse, serialize } from "@oatf/model";
import { carryExtensionAnchors, extensionAnchors } from "@oatf/model/internal";
import { describe, expect, it } from "vitest";

const SOURCE = `oatf: "0.1"
attack:
  x-first: 1
  name: the attack
  x-after-name: 2
  execution:
    mode: mcp_server
    state:
      tools: []
`;

function parsed(text: string): Document {
  const result = parse(text);
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.value;
}

type Loose = Record<string, unknown> & { attack: Record<string, unknown> };

describe("extensionAnchors", () => {
  it("tells, for a parsed extensions object, the known field each x- field followed", () => {
    const document = parsed(SOURCE) as unknown as Loose;
    expect(extensionAnchors(document.attack.extensions)).toEqual(
      new Map([
        ["x-first", null],
        ["x-after-name", "name"],
      ]),
    );
  });

  it.each([
    ["an object built in code", { "x-a": 1 }],
    ["null", null],
    ["undefined", undefined],
    ["a string", "x-a"],
    ["a number", 7],
  ])("knows nothing for %s", (_name, value) => {
    expect(extensionAnchors(value)).toBeUndefined();
  });
});

describe("carryExtensionAnchors", () => {
  it("gives a structural copy the anchors, so it serializes with x- fields where they were", () => {
    const document = parsed(SOURCE);
    const copy = structuredClone(document);
    expect(serialize(copy)).not.toBe(serialize(document));
    carryExtensionAnchors(document, copy);
    expect(serialize(copy)).toBe(SOURCE);
  });

  it("carries anchors into copies nested in arrays", () => {
    const document = { list: [parsed(SOURCE)] };
    const copy = structuredClone(document);
    carryExtensionAnchors(document, copy);
    const extensions = (copy.list[0] as unknown as Loose).attack.extensions;
    expect(extensionAnchors(extensions)?.get("x-after-name")).toBe("name");
  });

  it("keeps the anchors the copy already has where the original has none", () => {
    const target = parsed(SOURCE) as unknown as Loose;
    const builtInCode = { attack: { extensions: { "x-first": 1, "x-after-name": 2 } } };
    carryExtensionAnchors(builtInCode, target);
    expect(extensionAnchors(target.attack.extensions)?.get("x-first")).toBeNull();
  });

  it("stops where the copy differs: missing keys, null, scalars, values it only inherits", () => {
    const document = parsed(SOURCE) as unknown as Loose;
    const inherited = { extensions: {} };
    const shapes: unknown[] = [
      {},
      { attack: null },
      { attack: "text" },
      { attack: 5 },
      { attack: { extensions: null } },
      { attack: { extensions: "x" } },
      { attack: Object.create(inherited) },
    ];
    for (const copy of shapes) {
      expect(() => carryExtensionAnchors(document, copy)).not.toThrow();
    }
    expect(extensionAnchors(inherited.extensions)).toBeUndefined();
  });

  it("does nothing, without throwing, when the original is not an object", () => {
    const copy = { extensions: {} };
    for (const original of [null, undefined, "text", 5]) {
      expect(() => carryExtensionAnchors(original, copy)).not.toThrow();
    }
    expect(extensionAnchors(copy.extensions)).toBeUndefined();
  });

  it("ends on a cyclic original and copy", () => {
    const document = parsed(SOURCE) as unknown as Loose;
    const from: Record<string, unknown> = { doc: document };
    from.self = from;
    const to: Record<string, unknown> = { doc: structuredClone(document) };
    to.self = to;
    carryExtensionAnchors(from, to);
    const extensions = (to.doc as Loose).attack.extensions;
    expect(extensionAnchors(extensions)?.get("x-first")).toBeNull();
  });
});
