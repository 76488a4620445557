// The variables a CEL expression reads, as its source writes them, for validate's
// OATF-V014-VARIABLE: each identifier that no macro binds (`exists(t, …)` binds `t`, and the
// expansion its accumulator), with where it starts. The evaluation context holds `message` and
// the indicator's declared variables only, so a misspelt `mesage` shows in `validate` instead
// of failing at every message. Type names (`int`, `string`, …) are identifiers in the tree but
// read no variable. Read from the parser's tree, before compile.ts rewrites it.

import type { parse } from "@bufbuild/cel";
import type { CelVariable } from "@oatf/model";
import { type Expr, walk } from "./ast.js";

const TYPE_NAMES = new Set([
  "bool",
  "bytes",
  "double",
  "dyn",
  "int",
  "list",
  "map",
  "null_type",
  "string",
  "type",
  "uint",
]);

/** The variables `parsed` (the tree of an expression) reads, in source order, each once (its first). */
export function celVariables(parsed: ReturnType<typeof parse>): readonly CelVariable[] {
  const { positions } = parsed.sourceInfo!;
  const bound = new Set<string>();
  const read: CelVariable[] = [];
  walk(parsed.expr as unknown as Expr, ({ node }) => {
    const kind = node.exprKind;
    if (kind.case === "comprehensionExpr") {
      // A name a macro binds anywhere is bound everywhere: never a false warning.
      const { iterVar, iterVar2, accuVar } = kind.value as Record<string, unknown>;
      for (const name of [iterVar, iterVar2, accuVar])
        if (typeof name === "string") bound.add(name);
    } else if (kind.case === "identExpr") {
      const name = (kind.value as { name?: unknown }).name;
      if (typeof name === "string") read.push({ name, offset: positions[String(node.id)] ?? 0 });
    }
    return true;
  });
  const seen = new Set<string>();
  const variables: CelVariable[] = [];
  for (const { name, offset } of read.sort((a, b) => a.offset - b.offset)) {
    if (bound.has(name) || TYPE_NAMES.has(name) || seen.has(name)) continue;
    seen.add(name);
    variables.push(Object.freeze({ name, offset }));
  }
  return Object.freeze(variables);
}
