// Hover text comes from the specification's field tables (src/field-docs.ts, generated):
// every field the document shape has must have a row there, so no hover is empty.
import { DOCUMENT, type FieldType, KNOWN_ACTIONS, type Shape } from "@oatf/model/shape";
import { describe, expect, it } from "vitest";
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
