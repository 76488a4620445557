// The document types (types.ts) and the parse/serialize table (shape.ts) cannot drift: each
// shape's fields are exactly the properties of its type, read from the type by the compiler.
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import * as shapes from "../src/shape.js";

const TYPES_FILE = fileURLToPath(new URL("../src/types.ts", import.meta.url));
const program = ts.createProgram([TYPES_FILE], { strict: true, noEmit: true, skipLibCheck: true });
const checker = program.getTypeChecker();
const module = checker.getSymbolAtLocation(program.getSourceFile(TYPES_FILE)!)!;
const exported = new Map(checker.getExportsOfModule(module).map((s) => [s.name, s]));

/** Property names of an exported interface, without `extensions` (the `x-` keys' home). */
function properties(typeName: string): string[] {
  const symbol = exported.get(typeName);
  if (!symbol) throw new Error(`types.ts exports no ${typeName}`);
  const type = checker.getDeclaredTypeOfSymbol(symbol);
  return checker
    .getPropertiesOfType(type)
    .map((p) => p.name)
    .filter((name) => name !== "extensions")
    .sort();
}

const PAIRS: [keyof typeof shapes, string][] = [
  ["DOCUMENT", "Document"],
  ["ATTACK", "Attack"],
  ["SEVERITY", "Severity"],
  ["CLASSIFICATION", "Classification"],
  ["MAPPING", "FrameworkMapping"],
  ["REFERENCE", "Reference"],
  ["CORRELATION", "Correlation"],
  ["EXECUTION", "Execution"],
  ["ACTOR", "Actor"],
  ["PHASE", "Phase"],
  ["SEND", "SendAction"],
  ["LOG", "LogAction"],
  ["EXTRACTOR", "Extractor"],
  ["TRIGGER", "Trigger"],
  ["INDICATOR", "Indicator"],
  ["PATTERN", "PatternMatch"],
  ["MATCH_CONDITION", "MatchCondition"],
  ["EXPRESSION", "ExpressionMatch"],
  ["SEMANTIC", "SemanticMatch"],
];

describe("document types and the parse table agree", () => {
  it.each(PAIRS)("%s has exactly the fields of %s", (shapeName, typeName) => {
    const shape = shapes[shapeName] as shapes.Shape;
    expect([...shape.fields.keys()].sort()).toEqual(properties(typeName));
  });

  it("notices a field present on one side only", () => {
    // The check itself: a type with a property the shape lacks would fail like this.
    expect(properties("Severity")).toContain("confidence");
    expect(properties("Severity")).not.toEqual(["level"]);
  });
});
