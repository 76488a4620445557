// N-005 (format §11.2.5): shorthand patterns (`contains: "x"` directly on the
// pattern) move their operators into an explicit `condition` object. Standard-form
// patterns, including bare-value conditions, are left as written.
import { CONDITION_OPERATORS, type Document, type MatchCondition, type Value } from "@oatf/model";
import { isObject, objects } from "../shape.js";

export function expandPatternShorthand(document: Document): void {
  for (const indicator of objects(document.attack.indicators)) {
    const pattern = indicator.pattern;
    if (!isObject(pattern) || pattern.condition !== undefined) continue;
    const condition: Record<string, Value> = {};
    for (const operator of CONDITION_OPERATORS) {
      if (pattern[operator] === undefined) continue;
      condition[operator] = pattern[operator];
      delete pattern[operator];
    }
    if (Object.keys(condition).length > 0) pattern.condition = condition as MatchCondition;
  }
}
