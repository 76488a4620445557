// Match predicates (SDK §5.4): simple dot-path → condition, all entries ANDed.
import type { MatchPredicate, Result, Value } from "@oatf/model";
import { err, ok } from "@oatf/model/internal";
import { compileSimplePath } from "@oatf/paths";
import { WeakCache } from "../base/lru.js";
import type { CompileError } from "../compile/compile-error.js";
import { compileCondition, conditionHolds } from "./condition.js";

export interface CompiledPredicate {
  test(value: Value): boolean;
}

const compiledPredicates = /* @__PURE__ */ new WeakCache<
  MatchPredicate,
  Result<CompiledPredicate, CompileError>
>();

function compile(predicate: MatchPredicate): Result<CompiledPredicate, CompileError> {
  const checks: ((value: Value) => boolean)[] = [];
  for (const [key, entry] of Object.entries(predicate)) {
    const path = compileSimplePath(key);
    const condition = compileCondition(entry);
    if (!condition.ok)
      return err({ message: `predicate key "${key}": ${condition.error.message}` });
    // A key that is no simple dot-path resolves to nothing (SDK §5.1.1), which only
    // `exists: false` accepts; validation reports the key itself.
    const resolve = path.ok ? path.value.resolve : () => undefined;
    const compiled = condition.value;
    checks.push((value) => conditionHolds(compiled, resolve(value)));
  }
  return ok({ test: (value) => checks.every((check) => check(value)) });
}

/** Compiles a predicate once (cached by identity). Never throws. */
export function compilePredicate(
  predicate: MatchPredicate,
): Result<CompiledPredicate, CompileError> {
  if (typeof predicate !== "object" || predicate === null || Array.isArray(predicate)) {
    return err({ message: "a match predicate must be a mapping" });
  }
  return compiledPredicates.getOrCreate(predicate, compile);
}

/** SDK §5.4 evaluate_predicate. An invalid predicate (a bad condition or regex) is false. */
export function evaluatePredicate(predicate: MatchPredicate, value: Value): boolean {
  try {
    const compiled = compilePredicate(predicate);
    return compiled.ok && compiled.value.test(value);
  } catch {
    return false;
  }
}
