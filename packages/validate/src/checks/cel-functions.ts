// OATF-V014-FUNCTION: the calls of a CEL expression that passed V-014 against the functions the
// evaluator in use declares (`CelEvaluator.functions`, an SDK extension). A warning, not a V-014
// error: V-014 is about syntax, another evaluator may declare more, and an undeclared function
// fails only when evaluated (unsupported_method). So a misspelt `contans` shows in `validate`
// instead of at the first message, with what was probably meant.
import type { CelFunctionDeclaration } from "@oatf/model";
import { didYouMean } from "@oatf/model/internal";
import type { Context } from "../context.js";
import { type CelCall, celCalls } from "./cel-calls.js";

const RULE = "OATF-V014-FUNCTION";

/** Warns about each call of `expression` (the `cel` string at `path`) that `declared` lacks. */
export function checkCelFunctions(
  ctx: Context,
  declared: readonly CelFunctionDeclaration[],
  expression: string,
  path: string,
): void {
  for (const call of celCalls(expression)) {
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
  const same = declared.filter((d) => d.name === call.name && d.receiver === call.receiver);
  if (same.some((d) => d.arity === call.arity)) return undefined;
  // `math.greatest(1, 2)` may be a namespaced function rather than a method of `math`.
  if (call.qualified !== undefined) {
    const { qualified } = call;
    if (declared.some((d) => !d.receiver && d.name === qualified && d.arity === call.arity)) {
      return undefined;
    }
  }
  const written = shape(call.name, call.receiver);
  if (same.length > 0) {
    const arities = [...new Set(same.map((d) => d.arity))].sort((a, b) => a - b);
    return `${written} takes ${count(arities)}, got ${call.arity}`;
  }
  const other = declared.find((d) => d.name === call.name);
  if (other !== undefined) {
    return `${written} is not declared by the CEL evaluator in use; it is called as ${shape(other.name, other.receiver)}`;
  }
  const names = new Set(declared.filter((d) => d.receiver === call.receiver).map((d) => d.name));
  const suggestion =
    didYouMean(call.name, names) ?? didYouMean(call.name, new Set(declared.map((d) => d.name)));
  const hint =
    suggestion === undefined
      ? "it fails when evaluated (unsupported_method)"
      : `did you mean \`${suggestion}\`?`;
  return `unknown CEL function ${written}: the CEL evaluator in use does not declare it; ${hint}`;
}

function shape(name: string, receiver: boolean): string {
  return receiver ? `\`x.${name}(…)\`` : `\`${name}(…)\``;
}

/** "1 argument", "0 or 1 arguments", "2, 3 or 4 arguments". */
function count(arities: number[]): string {
  const last = arities[arities.length - 1]!;
  const list = arities.length === 1 ? `${last}` : `${arities.slice(0, -1).join(", ")} or ${last}`;
  return `${list} argument${arities.length === 1 && last === 1 ? "" : "s"}`;
}
