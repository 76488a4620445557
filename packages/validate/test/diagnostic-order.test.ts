// SDK §7.4: diagnostics carry the position `parse` recorded for their path (or its nearest
// present ancestor) and come in source order; documents built in code come in document
// order (key insertion order).
import type { Document, SourceInfo, SourcePosition, SourceRange } from "@oatf/model";
import { parse } from "@oatf/model";
import { validate } from "@oatf/validate";
import { describe, expect, it } from "vitest";
import { Context } from "../src/context.js";
import { locate } from "../src/order.js";
import { celStub } from "./support.js";

function parsed(yaml: string): Document {
  const result = parse(yaml);
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.value;
}

describe("parsed documents: source order", () => {
  it("orders findings on one line by column, with a YAML feature's exact one-character range", () => {
    const text = `oatf: "0.1"
attack:
  execution:
    mode: mcp_server
    state: { tools: [] }
  indicators:
    - { target: "tools[0]", confidence: 101, pattern: &p { contains: x } }
`;
    const document = parsed(text);
    const { errors } = validate(document, { cel: celStub });
    expect(errors.map((e) => [e.rule, e.path, e.range?.start.line, e.range?.start.column])).toEqual(
      [
        ["V-021", "attack.indicators[0].target", 7, 17],
        ["V-025", "attack.indicators[0].confidence", 7, 41],
        ["V-020", "attack.indicators[0].pattern", 7, 58],
      ],
    );
    // The anchored node, where V-020 points.
    const offset = text.indexOf("{ contains");
    expect(errors[2]!.range).toEqual({
      start: { line: 7, column: 58, offset },
      end: { line: 7, column: 59, offset: offset + 1 },
    });
  });
});

describe("documents built in code: document order", () => {
  it("sorts by key insertion order, list items by index, a missing field at its parent", () => {
    const document = {
      attack: {
        name: 5,
        references: [{ title: "no url" }],
        execution: { mode: "mcp_server", state: { tools: [] } },
        indicators: [
          { target: "x", description: 5, pattern: { contains: "y" } },
          { target: "x", confidence: 500, pattern: { contains: "y" } },
        ],
      },
      oatf: "0.2",
    };
    const { errors } = validate(document as unknown as Document, { cel: celStub });
    expect(errors.map((e) => [e.rule, e.path])).toEqual([
      ["parse/type-mismatch", "attack.name"],
      ["parse/missing-field", "attack.references[0].url"],
      ["parse/type-mismatch", "attack.indicators[0].description"],
      ["V-025", "attack.indicators[1].confidence"],
      ["V-001", "oatf"],
    ]);
    for (const e of errors) expect(e).not.toHaveProperty("range");
  });
});

describe("locate with source info made by hand (no ranges)", () => {
  const positions: Record<string, SourcePosition> = {
    attack: { line: 2, column: 1 },
    "attack.name": { line: 3, column: 9 },
  };
  const info: SourceInfo = {
    rootKeys: ["attack"],
    yamlFeatures: [],
    positionOf: (path) => positions[path],
  };
  const reported = (path: string, at?: { line: number; column: number; offset?: number }) => {
    const context = new Context({});
    context.error("V-005", path, path, at);
    return context.errors[0]!;
  };
  const start = (f: { range?: SourceRange }) => [f.range?.start.line, f.range?.start.column];

  it("takes the position of the path, else of its nearest ancestor, else sorts first", () => {
    const located = locate(
      [reported("attack.name"), reported("attack.missing"), reported("oatf")],
      {},
      info,
    );
    // Without ranges, a position is a one-character range without offsets.
    expect(located.map((f) => [f.path, f.range])).toEqual([
      ["oatf", undefined],
      ["attack.missing", { start: { line: 2, column: 1 }, end: { line: 2, column: 2 } }],
      ["attack.name", { start: { line: 3, column: 9 }, end: { line: 3, column: 10 } }],
    ]);
  });

  it("keeps a check's own position, with its offset when known", () => {
    const located = locate(
      [
        reported("attack.name", { line: 3, column: 12 }),
        reported("attack.name", { line: 3, column: 10, offset: 30 }),
        reported("attack"),
      ],
      {},
      info,
    );
    expect(located.map(start)).toEqual([
      [2, 1],
      [3, 10],
      [3, 12],
    ]);
    expect(located[1]!.range).toEqual({
      start: { line: 3, column: 10, offset: 30 },
      end: { line: 3, column: 11, offset: 31 },
    });
    expect(located[2]!.range).toEqual({
      start: { line: 3, column: 12 },
      end: { line: 3, column: 13 },
    });
  });
});
