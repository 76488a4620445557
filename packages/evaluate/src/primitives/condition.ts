// Conditions (SDK §5.3): a bare value compared by deep equality, or a MatchCondition
// whose present operators must all hold. Compiled once into a test function.
import type { Condition, MatchCondition, Result, Value } from "@oatf/model";
import { err, ok } from "@oatf/model/internal";
import { isMatchCondition } from "@oatf/model/rules";
import { deepEqual } from "../base/json.js";
import { WeakCache } from "../base/lru.js";
import type { CompileError } from "../compile/compile-error.js";
import { compileRegex } from "../compile/regex.js";
import { coerceForMatch } from "./coercion-memo.js";

/** A condition ready to run: `exists` is kept apart because it inspects resolution, not the value. */
export interface CompiledCondition {
  /** The `exists` operand, when present. */
  readonly exists: boolean | undefined;
  /** True when `exists` is the only operator: the value is never inspected. */
  readonly existsOnly: boolean;
  /** Every value-inspecting operator (AND), or deep equality for a bare value. */
  test(value: Value): boolean;
}

type Test = (value: Value) => boolean;

function needString(name: string): Result<Test, CompileError> {
  return err({ message: `${name} needs a string operand` });
}

// What the string operators compare (SDK §5.3): strings, the common case, are used
// as they are; anything else is coerced.
function text(value: Value): string {
  return typeof value === "string" ? value : coerceForMatch(value);
}

function numericOperator(
  name: string,
  operand: unknown,
  check: (value: number, operand: number) => boolean,
): Result<Test, CompileError> {
  if (typeof operand !== "number") return err({ message: `${name} needs a number operand` });
  // Non-numbers never compare (SDK §5.3: a type mismatch is false, not an error).
  return ok((value) => typeof value === "number" && check(value, operand));
}

function operatorTest(name: string, operand: unknown): Result<Test, CompileError> {
  switch (name) {
    case "contains":
      if (typeof operand !== "string") return needString(name);
      return ok((value) => text(value).includes(operand));
    case "starts_with":
      if (typeof operand !== "string") return needString(name);
      return ok((value) => text(value).startsWith(operand));
    case "ends_with":
      if (typeof operand !== "string") return needString(name);
      return ok((value) => text(value).endsWith(operand));
    case "regex": {
      if (typeof operand !== "string") return needString(name);
      const re = compileRegex(operand);
      if (!re.ok) return re;
      const compiled = re.value;
      return ok((value) => compiled.test(text(value)));
    }
    case "any_of": {
      if (!Array.isArray(operand)) return err({ message: "any_of needs a list operand" });
      const options = operand as Value[];
      return ok((value) => options.some((option) => deepEqual(value, option)));
    }
    case "gt":
      return numericOperator(name, operand, (v, n) => v > n);
    case "lt":
      return numericOperator(name, operand, (v, n) => v < n);
    case "gte":
      return numericOperator(name, operand, (v, n) => v >= n);
    case "lte":
      return numericOperator(name, operand, (v, n) => v <= n);
    default:
      return err({ message: `unknown condition operator "${name}"` });
  }
}

function compileMatchCondition(condition: MatchCondition): Result<CompiledCondition, CompileError> {
  const tests: Test[] = [];
  let exists: boolean | undefined;
  for (const [name, operand] of Object.entries(condition)) {
    if (operand === undefined) continue;
    if (name === "exists") {
      if (typeof operand !== "boolean") return err({ message: "exists needs a boolean operand" });
      exists = operand;
      continue;
    }
    const test = operatorTest(name, operand);
    if (!test.ok) return test;
    tests.push(test.value);
  }
  const [first, second] = tests;
  let test: Test;
  if (first === undefined) test = () => true;
  else if (second === undefined) test = first;
  else test = (value) => tests.every((t) => t(value));
  return ok({ exists, existsOnly: tests.length === 0, test });
}

function compileBareValue(expected: Value): CompiledCondition {
  return { exists: undefined, existsOnly: false, test: (value) => deepEqual(value, expected) };
}

const compiledConditions = /* @__PURE__ */ new WeakCache<
  object,
  Result<CompiledCondition, CompileError>
>();

/** Compiles a condition once (objects are cached by identity). Never throws. */
export function compileCondition(condition: Condition): Result<CompiledCondition, CompileError> {
  if (typeof condition !== "object" || condition === null) return ok(compileBareValue(condition));
  return compiledConditions.getOrCreate(condition, (c) =>
    isMatchCondition(c) ? compileMatchCondition(c) : ok(compileBareValue(c as Value)),
  );
}

/**
 * Applies a compiled condition to the outcome of a path resolution: `undefined` means the
 * path did not resolve, which only `exists: false` (alone) accepts (SDK §5.4).
 */
export function conditionHolds(condition: CompiledCondition, value: Value | undefined): boolean {
  if (value === undefined) return condition.exists === false && condition.existsOnly;
  if (condition.exists === false) return false;
  return condition.existsOnly || condition.test(value);
}

/**
 * SDK §5.3 evaluate_condition. `value` is a resolved value; `exists` is judged as in
 * predicates (a present value satisfies `exists: true`). An invalid condition is false.
 */
export function evaluateCondition(condition: Condition, value: Value): boolean {
  try {
    const compiled = compileCondition(condition);
    return compiled.ok && conditionHolds(compiled.value, value);
  } catch {
    return false; // a hostile value (too deep, cyclic) or a throwing regex engine
  }
}
