// Standard CEL overloads that @bufbuild/cel lacks. CEL defines `matches` both as a method,
// `s.matches(re)`, and as a global function, `matches(s, re)`; the library has only the
// method, so the global call is rewritten into it before planning (same RE2 engine).
import { type Expr, walk } from "./ast.js";

/** Rewrites, in place, every `matches(s, re)` call into `s.matches(re)`. */
export function rewriteGlobalOverloads(root: Expr): void {
  walk(root, ({ node }) => {
    const kind = node.exprKind;
    if (
      kind.case === "callExpr" &&
      kind.value.function === "matches" &&
      !kind.value.target &&
      kind.value.args.length === 2
    ) {
      const [subject, pattern] = kind.value.args as [Expr, Expr];
      kind.value.target = subject;
      kind.value.args = [pattern];
    }
    return true;
  });
}
