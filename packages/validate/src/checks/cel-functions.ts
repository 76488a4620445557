// OATF-V014-FUNCTION: the calls of a CEL expression that passed V-014 (`CelEvaluator.calls`)
// against the functions the evaluator in use declares (`CelEvaluator.functions`; both SDK
// extensions). A warning, not a V-014
// error: V-014 is about syntax, another evaluator may declare more, and an undeclared function
// fails only when evaluated (unsupported_method). So a misspelt `contans` shows in `validate`
// instead of at the first message, with what was probably meant. OATF-V014-VARIABLE: the
// variables it reads (`CelEvaluator.variables`) against what every evaluation context holds,
// `message` and the indicator's declared variables.
import type { CelCall, CelEvaluator, CelFunctionDeclaration, CelVariable } from "@oatf/model";
import { didYouMean } from "@oatf/model/internal";
import type { Context } from "../context.js";

const RULE = "OATF-V014-FUNCTION";

/**
 * Warns about each call of `expression` (the `cel` string at `path`, which `checker` accepted)
 * that the functions `checker` declares lack. A checker without `functions` and `calls`, or
 * where either throws or does not return a list, leaves calls unchecked.
 */
export function checkCelFunctions(
  ctx: Context,
  checker: CelEvaluator,
  expression: string,
  path: string,
): void {
  let declared: unknown;
  let calls: unknown;
  try {
    declared = checker.functions?.();
    calls = checker.calls?.(expression);
  } catch {}
  if (!Array.isArray(declared) || !Array.isArray(calls)) return;
  for (const call of calls as readonly CelCall[]) {
    const message = problem(call, declared);
    if (message !== undefined) {
      ctx.warn(RULE, path, message, {
        within: { start: call.offset, end: call.offset + call.name.length },
      });
    }
  }
}

/** What is wrong with `call`, or undefined when the evaluator declares it. */
function problem(call: CelCall, declared: readonly CelFunctionDeclaration[]): string | undefined {
  const { name, receiver, arity } = call;
  const shaped = (n: string, r: boolean) =>
    declared.filter((d) => d.name === n && d.receiver === r);
  const same = shaped(name, receiver);
  // `math.greatest(1, 2)` may be a namespaced function rather than a method of `math`.
  const namespaced = receiver
    ? declared.filter((d) => !d.receiver && d.name.endsWith(`.${name}`))
    : [];
  if ([...same, ...namespaced].some((d) => d.arity === arity)) return undefined;
  const written = shape(name, receiver);
  if (same.length > 0) {
    const arities = [...new Set(same.map((d) => d.arity))].sort((a, b) => a - b);
    const plural = arities.length > 1 || arities[0] !== 1 ? "s" : "";
    return `${written} takes ${arities.join(" or ")} argument${plural}, got ${arity}`;
  }
  const other = declared.find((d) => d.name === name);
  if (other !== undefined) return `${written} is called as ${shape(name, other.receiver)}`;
  const suggestion = didYouMean(name, new Set(declared.map((d) => d.name)));
  return `unknown CEL function ${written}${suggestion ? `; did you mean \`${suggestion}\`?` : ""}`;
}

function shape(name: string, receiver: boolean): string {
  return receiver ? `\`x.${name}(…)\`` : `\`${name}(…)\``;
}

/**
 * Warns about each variable `expression` reads that is neither `message` nor one of
 * `declared` (the indicator's `variables`): no evaluation context holds it, so every
 * evaluation fails. A checker without `variables` leaves them unchecked.
 */
export function checkCelVariables(
  ctx: Context,
  checker: CelEvaluator,
  expression: string,
  declared: readonly string[],
  path: string,
): void {
  let read: unknown;
  let functions: unknown;
  try {
    read = checker.variables?.(expression);
    functions = checker.functions?.();
  } catch {}
  if (!Array.isArray(read)) return;
  const known = new Set(["message", ...declared]);
  // `math.greatest(…)` reads no variable `math` when a function of that name is declared.
  const namespaces = new Set<string>();
  if (Array.isArray(functions))
    for (const { name } of functions as readonly CelFunctionDeclaration[])
      if (typeof name === "string" && name.includes(".")) namespaces.add(name.split(".")[0]!);
  for (const { name, offset } of read as readonly CelVariable[]) {
    if (typeof name !== "string" || known.has(name) || namespaces.has(name)) continue;
    const suggestion = didYouMean(name, known);
    const hint = suggestion ? `; did you mean \`${suggestion}\`?` : "";
    ctx.warn(
      "OATF-V014-VARIABLE",
      path,
      `unknown CEL variable \`${name}\`: an expression reads \`message\` and its declared variables${hint}`,
      { within: { start: offset, end: offset + name.length } },
    );
  }
}
