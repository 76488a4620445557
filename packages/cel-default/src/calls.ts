// The calls of a CEL expression as its source writes them, for validate's OATF-V014-FUNCTION:
// each `name(...)` and `target.name(...)` with its argument count, macros included (the check
// compares them with what the evaluator declares). Read from the parser's tree, where a macro
// (`exists`, `all`, `map`, `filter`, `exists_one`, `has`) is already expanded into a
// comprehension: it is reported as the call the parser recorded it was written as, and what its
// arguments call is read from the expansion. Operators are calls in the tree too (`_+_`, `@in`):
// only names count. Here rather than in @oatf/validate so that pattern-only bundles, which never
// hold CEL, do not carry it.

import type { parse } from "@bufbuild/cel";
import type { CelCall } from "@oatf/model";
import { type CallExpr, type Expr, forEachChild } from "./ast.js";

const NAME = /^[A-Za-z_]\w*$/;

/**
 * The calls of `expression`, innermost first where they nest (each after its receiver and its
 * arguments), read from `parsed`, its tree as the parser returned it (before compile.ts
 * rewrites it).
 */
export function celCalls(expression: string, parsed: ReturnType<typeof parse>): readonly CelCall[] {
  // The parser records each node's offset, and the call each macro expansion was written as.
  const { positions, macroCalls } = parsed.sourceInfo!;
  const written = (node: Expr): CallExpr | undefined => {
    const macro = macroCalls[String(node.id)] as unknown as Expr | undefined;
    const kind = (macro ?? node).exprKind;
    return kind.case === "callExpr" && NAME.test(kind.value.function) ? kind.value : undefined;
  };
  const calls: CelCall[] = [];
  // Children before their parent, without recursion: `done` marks a node whose children are in.
  const stack = [{ node: parsed.expr as unknown as Expr, done: false }];
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    const { node, done } = top;
    if (done) {
      const call = written(node);
      if (call) calls.push(Object.freeze(celCall(expression, call, positions[String(node.id)]!)));
      continue;
    }
    stack.push({ node, done: true });
    const children: Expr[] = [];
    forEachChild(node, (child) => children.push(child));
    for (let i = children.length - 1; i >= 0; i--) stack.push({ node: children[i]!, done: false });
  }
  return Object.freeze(calls);
}

// What the parser's offset of a call points at: the name of a global call (or the `.` of
// `.name(...)`), the `.` of a receiver call; the name follows after space and comments.
const BEFORE_NAME = /\.?(?:\s|\/\/.*)*/y;

function celCall(expression: string, call: CallExpr, at: number): CelCall {
  BEFORE_NAME.lastIndex = at;
  BEFORE_NAME.test(expression);
  return {
    name: call.function,
    receiver: call.target !== undefined,
    arity: call.args.length,
    offset: BEFORE_NAME.lastIndex,
  };
}
