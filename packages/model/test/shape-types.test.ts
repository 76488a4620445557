// The document types (types.ts) and the parse/serialize table (shape.ts) cannot drift: each
// shape's fields are exactly the properties of its type, read from the type by the compiler.
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import {
  ACTOR,
  ATTACK,
  CLASSIFICATION,
  CORRELATION,
  DOCUMENT,
  EXECUTION,
  EXPRESSION,
  EXTRACTOR,
  INDICATOR,
  LOG,
  MAPPING,
  MATCH_CONDITION,
  PATTERN,
  PHASE,
  REFERENCE,
  SEMANTIC,
  SEND,
  SEVERITY,
  type Shape,
  TRIGGER,
} from "../src/shape.js";

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

const PAIRS: [string, Shape, string][] = [
  ["DOCUMENT", DOCUMENT, "Document"],
  ["ATTACK", ATTACK, "Attack"],
  ["SEVERITY", SEVERITY, "Severity"],
  ["CLASSIFICATION", CLASSIFICATION, "Classification"],
  ["MAPPING", MAPPING, "FrameworkMapping"],
  ["REFERENCE", REFERENCE, "Reference"],
  ["CORRELATION", CORRELATION, "Correlation"],
  ["EXECUTION", EXECUTION, "Execution"],
  ["ACTOR", ACTOR, "Actor"],
  ["PHASE", PHASE, "Phase"],
  ["SEND", SEND, "SendAction"],
  ["LOG", LOG, "LogAction"],
  ["EXTRACTOR", EXTRACTOR, "Extractor"],
  ["TRIGGER", TRIGGER, "Trigger"],
  ["INDICATOR", INDICATOR, "Indicator"],
  ["PATTERN", PATTERN, "PatternMatch"],
  ["MATCH_CONDITION", MATCH_CONDITION, "MatchCondition"],
  ["EXPRESSION", EXPRESSION, "ExpressionMatch"],
  ["SEMANTIC", SEMANTIC, "SemanticMatch"],
];

describe("document types and the parse table agree", () => {
  it.each(PAIRS)("%s has exactly the fields of its type", (_name, shape, typeName) => {
    expect([...shape.fields.keys()].sort()).toEqual(properties(typeName));
  });

  it("notices a field present on one side only", () => {
    // The check itself: a type with a property the shape lacks would fail like this.
    expect(properties("Severity")).toContain("confidence");
    expect(properties("Severity")).not.toEqual(["level"]);
  });
});
