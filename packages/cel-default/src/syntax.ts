// Parse-time rules of CEL that @bufbuild/cel's parser does not enforce, reported by `check`
// (V-014) as cel-go reports them, instead of surfacing later as a confusing runtime error:
//
// - macro arguments: `has()` takes one field selection (`has(m.f)`), and the variable of
//   `all`, `exists`, `exists_one`, `filter` and `map` is a simple name. The parser leaves a
//   misused macro as a plain call, which would then evaluate as an unknown function;
// - integer literals fit their type: int in [-2^63, 2^63), uint in [0, 2^64). The parser keeps
//   `9223372036854775808` as an out-of-range int instead of rejecting it.
import { type CallExpr, type Expr, walk } from "./ast.js";

export interface SyntaxBreach {
  message: string;
  exprId: bigint;
}

/** Macros whose first argument is the iteration variable, with their argument counts. */
const COMPREHENSION_MACROS: ReadonlyMap<string, readonly number[]> = new Map([
  ["all", [2]],
  ["exists", [2]],
  ["exists_one", [2]],
  ["filter", [2]],
  ["map", [2, 3]],
]);

const INT_MIN = -(2n ** 63n);
const INT_MAX = 2n ** 63n - 1n;
const UINT_MAX = 2n ** 64n - 1n;

/** Returns the first rule the expression breaks, or undefined. */
export function checkSyntax(root: Expr): SyntaxBreach | undefined {
  let breach: SyntaxBreach | undefined;
  walk(root, ({ node }) => {
    const message = problem(node);
    if (message) breach = { message, exprId: node.id };
    return breach === undefined;
  });
  return breach;
}

function problem(node: Expr): string | undefined {
  const kind = node.exprKind;
  switch (kind.case) {
    case "callExpr":
      return macroProblem(kind.value);
    case "constExpr":
      return literalProblem(kind.value as Constant);
  }
  return undefined;
}

function macroProblem({ target, function: name, args }: CallExpr): string | undefined {
  // A well-formed has() was already expanded into a presence test.
  if (!target && name === "has") {
    return "invalid argument to has() macro: it takes a single field selection such as has(message.field)";
  }
  // The parser expands a well-formed comprehension macro; one left as a call with a macro's
  // name and argument count has something other than a simple name as its variable.
  if (target && COMPREHENSION_MACROS.get(name)?.includes(args.length)) {
    return `invalid argument to ${name}() macro: the first argument must be a simple name`;
  }
  return undefined;
}

/** A literal: integers are bigints; the parser folds a minus sign into an int literal only. */
interface Constant {
  constantKind: { case?: string; value?: unknown };
}

function literalProblem({ constantKind: { case: type, value } }: Constant): string | undefined {
  if (type === "int64Value" && ((value as bigint) < INT_MIN || (value as bigint) > INT_MAX)) {
    return `int literal ${value} is out of range [-2^63, 2^63-1]`;
  }
  if (type === "uint64Value" && (value as bigint) > UINT_MAX) {
    return `uint literal ${value}u is out of range [0, 2^64-1]`;
  }
  return undefined;
}
