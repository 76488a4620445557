// Compile once, evaluate many: parse, check the static limits, install the loop guard of the
// cost budget and plan. The result (a runnable plan or the reason there is none) is what gets cached.
import { type CelEnv, type CelResult, type CelValue, parse, plan } from "@bufbuild/cel";
import type { CelCall, CelSyntaxError, CelVariable } from "@oatf/model";
import { rewriteAppends } from "./append.js";
import type { Expr } from "./ast.js";
import { celCalls } from "./calls.js";
import { scanSource } from "./escapes.js";
import { guardLoops } from "./guard.js";
import { guardHasOperands } from "./has.js";
import { checkLimits, type StaticLimits } from "./limits.js";
import { rewriteGlobalOverloads } from "./overloads.js";
import { locateParseError } from "./parse-error.js";
import { offsetToPosition, type Position } from "./position.js";
import { checkSyntax } from "./syntax.js";
import { celVariables } from "./variables.js";

export interface Compiled {
  run: (bindings: Record<string, CelValue>) => CelResult;
  /** Source position of an expression id, for runtime error messages. */
  position: (exprId: bigint | undefined) => Position | undefined;
  /** The calls as the source writes them (`CelEvaluator.calls`), read before the rewrites below. */
  calls: readonly CelCall[];
  /** The variables it reads (`CelEvaluator.variables`), read before the rewrites below. */
  variables: readonly CelVariable[];
}

export interface CompileLimits extends StaticLimits {
  maxExpressionLength: number;
}

export type CompileResult = { ok: true; value: Compiled } | { ok: false; error: CelSyntaxError };

export function compile(source: string, env: CelEnv, limits: CompileLimits): CompileResult {
  // Checked before parsing: parse time grows with length, and very long inputs can exhaust
  // the parser's stack.
  if (source.length > limits.maxExpressionLength) {
    return failure(`expression is longer than ${limits.maxExpressionLength} characters`);
  }
  // Checked before parsing, which accepts escapes CEL rejects (`'\q'`) and fails on others
  // without a position (`'\x4'`), and whose time grows with the number of tokens and whose
  // stack grows with nesting.
  const scan = scanSource(source);
  if (scan.escape)
    return failure(scan.escape.message, offsetToPosition(source, scan.escape.offset));
  if (scan.operands > limits.maxAstNodes) {
    return failure(`expression has more than ${limits.maxAstNodes} nodes`);
  }
  if (scan.depth > limits.maxAstDepth) {
    return failure(`expression nests deeper than ${limits.maxAstDepth} levels`);
  }
  // CEL langdef: a comment is whitespace, but @bufbuild/cel's parser reads one only up to a
  // line break, so a comment ending the source (YAML `|-` strips the last newline) failed.
  const text = scan.endsInComment ? `${source}\n` : source;
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(text);
  } catch (e) {
    return parseFailure(text, e);
  }
  const root = parsed.expr as unknown as Expr;
  // The parser always records each node's offset.
  const { positions } = parsed.sourceInfo!;
  const position = (id: bigint | undefined): Position | undefined => {
    const offset = positions[String(id)]; // an error without an id has no position
    return offset === undefined ? undefined : offsetToPosition(source, offset);
  };
  const breach = checkSyntax(root) ?? checkLimits(root, limits);
  if (breach) return failure(breach.message, position(breach.exprId));
  const calls = celCalls(source, parsed);
  const variables = celVariables(parsed);
  rewriteGlobalOverloads(root);
  guardHasOperands(root);
  guardLoops(root);
  rewriteAppends(root); // after the guard has counted the steps' nodes
  try {
    return { ok: true, value: { run: plan(env, parsed), position, calls, variables } };
  } catch (e) {
    return failure(`expression cannot be planned: ${errorMessage(e)}`);
  }
}

function failure(message: string, at?: Position): { ok: false; error: CelSyntaxError } {
  return { ok: false, error: at ? { message, line: at.line, column: at.column } : { message } };
}

/**
 * The parser's errors carry a position, which parse-error.ts moves to where the expression
 * went wrong; a stack overflow (V8 and JavaScriptCore say "Maximum call stack size
 * exceeded", SpiderMonkey "too much recursion") has none.
 */
function parseFailure(source: string, e: unknown): { ok: false; error: CelSyntaxError } {
  if (/call stack|too much recursion/i.test(errorMessage(e))) {
    return failure("expression nests too deeply to parse");
  }
  const problem = locateParseError(source, e);
  return problem
    ? failure(problem.message, offsetToPosition(source, problem.offset))
    : failure(errorMessage(e));
}

export function errorMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
