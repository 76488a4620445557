// has(e.f) as CEL defines it (langdef, "Field Selection"): on a map, whether the key is
// present; on a message, whether the field is set; "in all other cases, has(e.f) evaluates to
// an error". @bufbuild/cel answers false when `e` is null, a string, a number or a list, and
// its map view answers false for a key whose value is null; values.ts fixes the latter (its
// JsonMap.has), this file the former. The presence test only sees `e` after evaluation, and
// `e` need not be a bound JSON object at all (`has(m.a.b)` with `a: null`, `has('s'.f)`), so
// the check sits at the has() call: each presence test's operand `e` is rewritten to
// `@oatf_has_operand(e)`, which passes maps and messages through and fails on anything else.
import { type CelFunc, CelScalar, celFunc, celType, isCelMap } from "@bufbuild/cel";
import { isReflectMessage } from "@bufbuild/protobuf/reflect";
import { type Expr, walk } from "./ast.js";

/** `@` cannot appear in CEL source, so expressions cannot call or shadow this function. */
const HAS_OPERAND = "@oatf_has_operand";

export function hasOperandFunc(): CelFunc {
  return celFunc(HAS_OPERAND, [CelScalar.DYN], CelScalar.DYN, (operand) => {
    if (isCelMap(operand) || isReflectMessage(operand)) return operand;
    throw new Error(
      `has() applies to a map or a message, not to a value of type ${celType(operand).name}`,
    );
  });
}

/** Rewrites, in place, the operand `e` of every presence test `has(e.f)`. */
export function guardHasOperands(root: Expr): void {
  walk(root, ({ node }) => {
    const kind = node.exprKind;
    if (kind.case === "selectExpr" && kind.value.testOnly && kind.value.operand) {
      const operand = kind.value.operand;
      kind.value.operand = {
        id: operand.id,
        exprKind: { case: "callExpr", value: { function: HAS_OPERAND, args: [operand] } },
      };
    }
    return true;
  });
}
