// N-005 (format §11.2.5): shorthand patterns (`contains: "x"` directly on the
// pattern) move their operators into an explicit `condition` object. Standard-form
// patterns, including bare-value conditions, are left as written.
import { CONDITION_OPERATORS, type Document } from "@oatf/model";
import { patternCondition } from "@oatf/model/rules";
import { isObject, objects } from "../shape.js";

export function expandPatternShorthand(document: Document): void {
  for (const indicator of objects(document.attack.indicators)) {
    const pattern = indicator.pattern;
    if (!isObject(pattern) || pattern.condition !== undefined) continue;
    const condition = patternCondition(pattern);
    if (condition === undefined) continue;
    for (const operator of CONDITION_OPERATORS)
      delete (pattern as Record<string, unknown>)[operator];
    pattern.condition = condition;
  }
}
