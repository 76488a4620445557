// Hover text comes from the specification's field tables (src/field-docs.ts, generated):
// every field the document shape has must have a row there, so no hover is empty.
import { DOCUMENT, type FieldType, KNOWN_ACTIONS, type Shape } from "@oatf/model/shape";
import { describe, expect, it } from "vitest";
import { fieldDocumentation } from "../src/field-documentation.js";
import { fieldDoc, shapeOf } from "../src/schema.js";

function shapes(): Shape[] {
  const seen = new Set<Shape>();
  const visit = (type: FieldType): void => {
    if (type.kind === "list" || type.kind === "map") {
      visit(type.of);
      return;
    }
    const shape = shapeOf(type);
    if (!shape || seen.has(shape)) return;
    seen.add(shape);
    for (const field of shape.fields.values()) visit(field.type);
  };
  visit({ kind: "object", shape: DOCUMENT });
  for (const shape of KNOWN_ACTIONS.values()) seen.add(shape);
  return [...seen];
}

describe("field descriptions", () => {
  it("cover every field of every shape", () => {
    const missing = shapes().flatMap((shape) =>
      [...shape.fields.keys()]
        .filter((key) => !fieldDoc(shape, key))
        .map((key) => `${shape.name}.${key}`),
    );
    expect(missing).toEqual([]);
  });
});

describe("fieldDocumentation", () => {
  const fields = shapes().flatMap((shape) =>
    [...shape.fields].map(([key, f]) => ({ shape, key, f })),
  );

  it("documents every field, and the entry actions' keys", () => {
    const missing = fields.filter(({ shape, key }) => !fieldDocumentation(shape, key));
    expect(missing.map(({ shape, key }) => `${shape.name}.${key}`)).toEqual([]);
    expect(fieldDocumentation("action", "send")?.description).toMatch(/^Send a protocol message/);
    expect(fieldDocumentation("action", "nope")).toBeUndefined();
  });

  it("gives the table's description, default and section", () => {
    const attack = fields.find(({ shape, key }) => shape.name === "attack" && key === "status")!;
    expect(fieldDocumentation(attack.shape, "status")).toMatchObject({
      type: "`Optional<Status>`",
      description: "Lifecycle status.",
      default: "`draft`",
      section: "SDK §2.3 Attack",
    });
  });

  it("describes every value of each enumeration the format lists values for", () => {
    const enums = fields.flatMap(({ shape, key, f }) => {
      const type = f.type.kind === "list" ? f.type.of : f.type;
      const values = fieldDocumentation(shape, key)?.values;
      return type.kind === "enum" && values ? [{ name: `${shape.name}.${key}`, type, values }] : [];
    });
    // status, severity level (twice), impact, category, relationship, correlation logic, extractor type
    expect(enums.map((e) => e.name).sort()).toEqual([
      "attack.impact",
      "attack.status",
      "classification.category",
      "correlation.logic",
      "extractor.type",
      "framework mapping.relationship",
      "indicator.severity",
      "severity.level",
    ]);
    for (const { type, values } of enums)
      expect(Object.keys(values).sort()).toEqual([...type.values].sort());
  });

  it("lists the known values of open fields and the notation of durations", () => {
    const of = (shape: string, key: string) =>
      fieldDocumentation(fields.find((f) => f.shape.name === shape && f.key === key)!.shape, key);
    expect(of("execution", "mode")?.examples).toEqual([
      "mcp_server",
      "mcp_client",
      "a2a_server",
      "a2a_client",
      "ag_ui_client",
    ]);
    expect(of("actor", "mode")?.values?.mcp_server).toMatch(/malicious MCP server/);
    expect(of("indicator", "surface")?.examples).toContain("tools/call");
    expect(of("trigger", "event")?.examples).toContain("tools/call");
    expect(of("trigger", "after")?.examples).toEqual([
      "PT30S",
      "PT5M",
      "30s",
      "5m",
      "1h",
      "PT1H30M",
    ]);
    expect(of("attack", "created")?.examples).toContain("2026-02-15");
  });
});
