// Parse-time rules of CEL that @bufbuild/cel's parser does not enforce, reported by `check`
// (V-014) as cel-go reports them, instead of surfacing later as a confusing runtime error:
//
// - macro arguments: `has()` takes one field selection (`has(m.f)`), and the variable of
//   `all`, `exists`, `exists_one`, `filter` and `map` is a simple name. The parser leaves a
//   misused macro as a plain call, which would then evaluate as an unknown function;
// - integer literals fit their type: int in [-2^63, 2^63), uint in [0, 2^64). The parser keeps
//   `9223372036854775808` as an out-of-range int instead of rejecting it.
import { type Expr, walk } from "./ast.js";

export interface SyntaxBreach {
  message: string;
  exprId: bigint;
}

/** Macros whose first argument is the iteration variable, with their argument counts. */
const COMPREHENSION_MACROS: Readonly<Record<string, readonly number[]>> = {
  all: [2],
  exists: [2],
  exists_one: [2],
  filter: [2],
  map: [2, 3],
};

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
  if (kind.case === "callExpr") {
    const { target, function: name, args } = kind.value;
    // A well-formed has() was already expanded into a presence test.
    if (!target && name === "has") {
      return "invalid argument to has() macro: it takes a single field selection such as has(message.field)";
    }
    const arity = Object.hasOwn(COMPREHENSION_MACROS, name)
      ? COMPREHENSION_MACROS[name]
      : undefined;
    if (target && arity?.includes(args.length) && args[0]?.exprKind.case !== "identExpr") {
      return `invalid argument to ${name}() macro: the first argument must be a simple name`;
    }
  }
  if (kind.case === "constExpr") {
    const constant = (kind.value as { constantKind?: { case?: string; value?: unknown } })
      .constantKind;
    const v = constant?.value;
    if (typeof v !== "bigint") return undefined;
    if (constant?.case === "int64Value" && (v < INT_MIN || v > INT_MAX)) {
      return `int literal ${v} is out of range [-2^63, 2^63-1]`;
    }
    if (constant?.case === "uint64Value" && (v < 0n || v > UINT_MAX)) {
      return `uint literal ${v}u is out of range [0, 2^64-1]`;
    }
  }
  return undefined;
}
