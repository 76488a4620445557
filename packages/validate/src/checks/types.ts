// SDK §3.2 with SDK §3.1's field tables: a document built in code can hold what `parse`
// never produces (a phase that is a list, `tags` as a mapping, `description: null`), which
// `serialize` would write as other data. The parse table (DOCUMENT in @oatf/model) drives
// one walk that checks every field's type, required fields and unknown fields, under the
// rule parse would name. It runs after the V-rule checks and reports only where none did.
import { indexPath, keyPath } from "@oatf/model";
import {
  DOCUMENT,
  type FieldType,
  isDate,
  KNOWN_ACTIONS,
  MATCH_CONDITION,
  OPERATOR_KEYS,
  SEVERITY,
  type Shape,
  withArticle,
} from "@oatf/model/shape";
import type { Context } from "../context.js";
import type { RuleId } from "../rules.js";
import { isObj, show } from "../values.js";

type Rule = RuleId | "parse/type-mismatch" | "parse/missing-field" | "parse/unknown-field";

/** Reports type problems of `document` at paths no earlier check reported anything at. */
export function checkTypes(ctx: Context, document: unknown): void {
  const reported = new Set(ctx.errors.map((e) => e.path));
  const report = (rule: Rule, path: string, message: string) => {
    if (reported.has(path)) return;
    reported.add(path);
    ctx.error(rule, path, message);
  };
  walk(document, { kind: "object", shape: DOCUMENT }, "", undefined, report);
}

type Report = (rule: Rule, path: string, message: string) => void;

function walk(
  value: unknown,
  type: FieldType,
  path: string,
  typeRule: RuleId | undefined,
  report: Report,
): void {
  const mismatch = (expected: string) =>
    report(
      typeRule ?? (type.kind === "enum" ? "V-005" : "parse/type-mismatch"),
      path,
      `expected ${expected}, found ${show(value)}`,
    );
  switch (type.kind) {
    case "value":
      walkValue(value, path, report);
      return;
    case "condition":
      // Like parse: a mapping with an operator key is a MatchCondition, else a bare value.
      if (
        isObj(value) &&
        Object.keys(value).some((key) => OPERATOR_KEYS.has(key) && value[key] !== undefined)
      ) {
        walkObject(value, MATCH_CONDITION, path, report);
      } else walkValue(value, path, report);
      return;
    case "action":
      // Not a mapping: V-041 (an action has exactly one action key) reports it.
      if (!isObj(value)) return;
      for (const [key, shape] of KNOWN_ACTIONS) {
        if (value[key] !== undefined)
          walk(value[key], { kind: "object", shape }, keyPath(path, key), undefined, report);
      }
      return;
    case "string":
      if (typeof value !== "string") mismatch("a string");
      return;
    case "date":
      if (!isDate(value)) mismatch("an ISO 8601 date or date-time");
      return;
    case "integer":
      // Exact in a JavaScript number, as parse requires.
      if (!Number.isSafeInteger(value)) mismatch("a safe integer");
      return;
    case "number":
      if (typeof value !== "number") mismatch("a number");
      return;
    case "boolean":
      if (typeof value !== "boolean") mismatch("true or false");
      return;
    case "enum":
      if (!type.values.includes(value as string)) {
        mismatch(`${withArticle(type.name)} (${type.values.join(", ")})`);
      }
      return;
    case "severity":
      if (isObj(value)) walkObject(value, SEVERITY, path, report);
      else walk(value, SEVERITY.fields.get("level")!.type, path, typeRule, report);
      return;
    case "list":
      if (!Array.isArray(value)) mismatch("a list");
      else {
        value.forEach((item, index) => {
          walk(item, type.of, indexPath(path, index), undefined, report);
        });
      }
      return;
    case "map":
      if (!isObj(value)) mismatch("a mapping");
      else {
        for (const [key, item] of Object.entries(value)) {
          walk(item, type.of, keyPath(path, key), undefined, report);
        }
      }
      return;
    case "object":
      if (!isObj(value)) mismatch(`${withArticle(type.shape.name)} mapping`);
      else walkObject(value, type.shape, path, report);
      return;
  }
}

function walkObject(object: Record<string, unknown>, shape: Shape, path: string, report: Report) {
  for (const [key, field] of shape.fields) {
    const childPath = keyPath(path, key);
    const value = object[key];
    // Like parse: a required field written as null is missing; an optional one is a
    // wrong type here, since serialize would write the null that parse reads as absent.
    // (No required field is free-form, where null is a value.)
    if (value === undefined || (value === null && field.required)) {
      if (field.required) {
        report(
          field.missingRule ?? "parse/missing-field",
          childPath,
          `${shape.name} needs \`${key}\``,
        );
      }
    } else walk(value, field.type, childPath, field.typeRule, report);
  }
  // Constraints across fields (a pattern's one form, `minimum`), as parse reports them.
  // serialize leaves out keys that hold `undefined`, so they count as absent.
  const present = Object.keys(object).filter((key) => object[key] !== undefined);
  const problem = shape.check?.(object, new Set(present));
  if (problem) {
    const at = problem.key === undefined ? path : keyPath(path, problem.key);
    report("parse/type-mismatch", at, problem.message);
  }
  for (const key of present) {
    if (shape.fields.has(key) || (shape.extensions && key === "extensions")) continue;
    report("parse/unknown-field", keyPath(path, key), `\`${key}\` is not a field of ${shape.name}`);
  }
}

/**
 * Free-form content (state, params, bare conditions) is data YAML can write: null, strings,
 * numbers, booleans, lists and mappings. A list item that is `undefined` (serialize writes
 * null) or a function, symbol or bigint has no YAML form that reads back the same.
 */
function walkValue(value: unknown, path: string, report: Report): void {
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      const itemPath = indexPath(path, index);
      if (item === undefined)
        report("parse/type-mismatch", itemPath, "expected a value, found undefined");
      else walkValue(item, itemPath, report);
    });
  } else if (isObj(value)) {
    for (const [key, item] of Object.entries(value)) walkValue(item, keyPath(path, key), report);
  } else if (
    !["undefined", "string", "number", "boolean"].includes(typeof value) &&
    value !== null
  ) {
    report("parse/type-mismatch", path, `expected plain data, found a ${typeof value}`);
  }
}
