// A structural view of the `cel.expr.Expr` tree that @bufbuild/cel's parser returns, and an
// iterative walk over it (iterative so that a 5,000-deep `a + a + ...` chain cannot overflow
// the stack while we are measuring it).

export interface Expr {
  id: bigint;
  exprKind: ExprKind;
}

export interface CallExpr {
  target?: Expr;
  function: string;
  args: Expr[];
}

export interface ComprehensionExpr {
  iterRange?: Expr;
  accuInit?: Expr;
  loopCondition?: Expr;
  loopStep?: Expr;
  result?: Expr;
}

type ExprKind =
  | { case: "identExpr" | "constExpr"; value: unknown }
  | { case: "selectExpr"; value: { operand?: Expr; field: string; testOnly: boolean } }
  | { case: "callExpr"; value: CallExpr }
  | { case: "listExpr"; value: { elements: Expr[] } }
  | {
      case: "structExpr";
      value: { entries: { keyKind: { case?: string; value?: unknown }; value?: Expr }[] };
    }
  | { case: "comprehensionExpr"; value: ComprehensionExpr }
  | { case: undefined; value?: undefined };

/** Where a node sits: `depth` counts ancestors, `loops` the comprehension bodies (steps) around it. */
export interface Visit {
  node: Expr;
  depth: number;
  loops: number;
}

/** Calls `visit` on every node, parents before children; stops early when it returns false. */
export function walk(root: Expr, visit: (v: Visit) => boolean): void {
  const stack: Visit[] = [{ node: root, depth: 0, loops: 0 }];
  // The node whose children are being pushed: one closure per walk, not one per node.
  let parent = stack[0] as Visit;
  const push = (node: Expr, inLoop: boolean) => {
    stack.push({ node, depth: parent.depth + 1, loops: parent.loops + (inLoop ? 1 : 0) });
  };
  for (let v = stack.pop(); v !== undefined; v = stack.pop()) {
    if (!visit(v)) return;
    parent = v;
    forEachChild(v.node, push);
  }
}

/**
 * Calls `visit` on each child of `node` in source order; `inLoop` marks a comprehension's
 * step, which holds the macro's body, run once per element.
 */
export function forEachChild(node: Expr, visit: (child: Expr, inLoop: boolean) => void): void {
  const kind = node.exprKind;
  switch (kind.case) {
    case "selectExpr":
      visitIf(visit, kind.value.operand);
      break;
    case "callExpr":
      visitIf(visit, kind.value.target);
      for (const arg of kind.value.args) visit(arg, false);
      break;
    case "listExpr":
      for (const el of kind.value.elements) visit(el, false);
      break;
    case "structExpr":
      for (const entry of kind.value.entries) {
        if (entry.keyKind.case === "mapKey") visitIf(visit, entry.keyKind.value as Expr);
        visitIf(visit, entry.value);
      }
      break;
    case "comprehensionExpr":
      // The condition and the result only test the accumulator (a macro never puts a
      // comprehension there).
      visitIf(visit, kind.value.iterRange);
      visitIf(visit, kind.value.accuInit);
      visitIf(visit, kind.value.loopCondition);
      visitIf(visit, kind.value.loopStep, true);
      visitIf(visit, kind.value.result);
      break;
  }
}

/** `visit(child, inLoop)` when there is a child (a module function: no closure per node). */
function visitIf(
  visit: (child: Expr, inLoop: boolean) => void,
  child: Expr | undefined,
  inLoop = false,
): void {
  if (child) visit(child, inLoop);
}
