// Source info rides on the parsed document as a hidden property: it must stay out of the
// document's data (keys, JSON, copies, comparison) and never be inherited.
import { getSourceInfo, parse } from "@oatf/model";
import { describe, expect, it } from "vitest";

const TEXT = `oatf: "0.1"
attack:
  name: Hidden
  execution:
    mode: mcp_server
    phases:
      - name: one
        state:
          tools: []
`;

describe("source info beside a parsed document", () => {
  const result = parse(TEXT);
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  const document = result.value;

  it("is found for the parsed document", () => {
    expect(getSourceInfo(document)?.rootKeys).toEqual(["oatf", "attack"]);
    expect(getSourceInfo(document)?.positionOf("attack.name")).toEqual({ line: 3, column: 9 });
  });

  it("is not part of the document's data", () => {
    expect(Object.keys(document)).toEqual(["oatf", "attack"]);
    expect(Object.getOwnPropertyNames(document)).toEqual(["oatf", "attack"]);
    expect(JSON.parse(JSON.stringify(document))).toEqual(document);
    expect(getSourceInfo({ ...document })).toBeUndefined();
    expect(getSourceInfo(structuredClone(document))).toBeUndefined();
    expect({ ...document }).toStrictEqual(document);
  });

  it("is not inherited, and not found on anything else", () => {
    expect(getSourceInfo(Object.create(document))).toBeUndefined();
    expect(getSourceInfo(null as never)).toBeUndefined();
    expect(getSourceInfo("text" as never)).toBeUndefined();
  });
});
