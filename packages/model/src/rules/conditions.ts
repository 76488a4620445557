// Format §6.2 pattern forms and core-types §2.13 MatchCondition: which value is a
// MatchCondition, and the condition a pattern means (standard `condition`, or the shorthand
// operators written on the pattern itself, which N-005 moves into `condition`).
import {
  CONDITION_OPERATORS,
  type Condition,
  type MatchCondition,
  type PatternMatch,
} from "../types.js";
import { isObject } from "./object.js";

const OPERATORS: ReadonlySet<string> = new Set(CONDITION_OPERATORS);

/**
 * A MatchCondition is a mapping with an operator key (the schema sends any object with one
 * to MatchCondition, where other keys are invalid, as parse reads it); any other value is a
 * bare value compared by equality.
 */
export function isMatchCondition(value: unknown): value is MatchCondition {
  return isObject(value) && Object.keys(value).some((key) => OPERATORS.has(key));
}

/**
 * The condition of a pattern: `condition` (standard form), else the shorthand operators
 * gathered into a MatchCondition, else undefined (a pattern with nothing to test).
 */
export function patternCondition(pattern: PatternMatch): Condition | undefined {
  if (pattern.condition !== undefined) return pattern.condition;
  // Every operator is read, `exists` too: a document built in code may carry it.
  const written = pattern as Record<string, unknown>;
  const inline: Record<string, unknown> = {};
  for (const operator of CONDITION_OPERATORS) {
    if (written[operator] !== undefined) inline[operator] = written[operator];
  }
  return Object.keys(inline).length > 0 ? (inline as MatchCondition) : undefined;
}
