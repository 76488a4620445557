// The step of `map` and `filter`, `@result + [x]` (the parser's expansion of both macros),
// evaluated as one append: the library built a one-element list and dispatched `_+_` over its
// overloads on every step, the largest part of such a step's time on a process's first call.
// Rewritten after the loop guard has counted the step's nodes, and charged as the call it
// replaces (CALL_UNITS, the elements `+` appends or copies, an error's ERROR_UNITS), so that
// the cost of every expression is the same as without the rewrite.
import { type CelList, type CelValue, celError, isCelError } from "@bufbuild/cel";
import { type Expr, walk } from "./ast.js";
import { appendOne, listTooLong } from "./concat.js";
import { CALL_UNITS, ERROR_UNITS } from "./costs.js";
import type { FuncGroup } from "./dispatch.js";
import { spend } from "./guard.js";

/** `@` cannot appear in CEL source, so expressions cannot call or shadow these names. */
export const APPEND = "@oatf_append";
const ACCUMULATOR = "@result";

/** Rewrites, in place, every `@result + [x]` into `@oatf_append(@result, x)`. */
export function rewriteAppends(root: Expr): void {
  walk(root, ({ node }) => {
    const kind = node.exprKind;
    if (kind.case !== "callExpr" || kind.value.function !== "_+_" || kind.value.target) {
      return true;
    }
    const [accu, list] = kind.value.args;
    if (
      accu?.exprKind.case === "identExpr" &&
      (accu.exprKind.value as { name?: string }).name === ACCUMULATOR &&
      list?.exprKind.case === "listExpr" &&
      list.exprKind.value.elements.length === 1
    ) {
      kind.value.function = APPEND;
      kind.value.args = [accu, list.exprKind.value.elements[0] as Expr];
    }
    return true;
  });
}

/**
 * The calls of `@oatf_append(a, x)`, as the metered `_+_` would answer `a + [x]`: the
 * accumulator of `map` and `filter` is always a list.
 */
export function appendGroup(maxSize: number): FuncGroup {
  return {
    call(id, _target, args) {
      spend(CALL_UNITS);
      const a = args[0] as CelList;
      let result: CelList | ReturnType<typeof celError>;
      try {
        if (a.size + 1 > maxSize) throw listTooLong(maxSize);
        result = appendOne(a, args[1] as CelValue);
      } catch (e) {
        // As the library's overloads do: what the call throws becomes its error.
        result = celError(e, id);
      }
      if (isCelError(result)) spend(ERROR_UNITS);
      return result;
    },
  };
}
