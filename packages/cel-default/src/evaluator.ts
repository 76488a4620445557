// The default CelEvaluator (SDK §6.1) on top of @bufbuild/cel.
import {
  type CelEnv,
  type CelError,
  type CelValue,
  celEnv,
  celType,
  isCelError,
} from "@bufbuild/cel";
import type {
  CelCall,
  CelEvaluator,
  CelFunctionDeclaration,
  CelSyntaxError,
  CelVariable,
  EvaluationError,
  Result,
  Value,
} from "@oatf/model";
import { err, evaluationError, LruCache, ok } from "@oatf/model/internal";
import { APPEND, appendGroup } from "./append.js";
import { meteredBuiltins, re2 } from "./builtins.js";
import { type Compiled, type CompileResult, compile, errorMessage } from "./compile.js";
import { cappedConcat } from "./concat.js";
import { conversions } from "./conversions.js";
import { declaredFunctions } from "./declarations.js";
import type { FuncGroup } from "./dispatch.js";
import { Deadline, DeadlineExceeded, GUARD, loopGuard, withDeadline } from "./guard.js";
import { hasOperandFunc } from "./has.js";
import { meteredEnv } from "./meter.js";
import { type CelEvaluatorOptions, type ResolvedOptions, resolveOptions } from "./options.js";
import { stringOrdering } from "./ordering.js";
import { fromCel, toCel } from "./values.js";

/** The default evaluator: `check` and `functions` are always present. */
export interface DefaultCelEvaluator extends CelEvaluator {
  check(expression: string): Result<void, CelSyntaxError>;
  /** The functions and macros it provides, for validate's check of calls (OATF-V014-FUNCTION). */
  functions(): readonly CelFunctionDeclaration[];
  /** The calls an expression makes, as its source writes them, for the same check. */
  calls(expression: string): readonly CelCall[];
  /** The variables an expression reads, for validate's check of them (OATF-V014-VARIABLE). */
  variables(expression: string): readonly CelVariable[];
  /**
   * Resolves when `evaluate` can answer without first waiting for start-up: at once in the
   * default mode; in isolated mode once both workers have started on creation, the one in use
   * and the spare that replaces it after a termination (a call made before the one in use is
   * up blocks until it is).
   */
  ready(): Promise<void>;
}

/** What isolated mode plugs in (isolated.ts, Node only): evaluation in a worker thread. */
export interface Isolation {
  evaluate(expression: string, context: Record<string, Value>): Result<Value, EvaluationError>;
  ready(): Promise<void>;
}

/**
 * The evaluator; `isolate` starts isolated mode when the options ask for it. The package's
 * entries pass it in Node and leave it out elsewhere, so that browser bundles carry no Node
 * built-in (there, `isolated: true` evaluates in the caller's thread, under the same limits).
 */
export function createEvaluator(
  options: CelEvaluatorOptions | undefined,
  isolate?: (options: ResolvedOptions) => Isolation,
): DefaultCelEvaluator {
  const opts = resolveOptions(options);
  const deadline = new Deadline();
  const plainEnv = environment(opts);
  const env = meteredEnv(plainEnv, internalFuncs(opts));
  let functions: readonly CelFunctionDeclaration[] | undefined;
  const cache = new LruCache<string, CompileResult>(opts.cacheSize);
  // The last expression looked up and its program (the cache's most recently used entry, so
  // answering from it leaves the cache as a lookup would): an indicator asks for the same one
  // message after message, and a Map lookup re-inserting the key is a fair part of its run.
  let lastSource: string | undefined;
  let lastCompiled: CompileResult | undefined;
  const create = (source: string) => compile(source, env, opts);

  const compiled = (expression: string): CompileResult => {
    if (expression === lastSource && lastCompiled !== undefined) return lastCompiled;
    const c = cache.getOrCreate(expression, create);
    if (cache.maxSize > 0) {
      lastSource = expression;
      lastCompiled = c;
    }
    return c;
  };

  const evaluate = (
    expression: string,
    context: Record<string, Value>,
  ): Result<Value, EvaluationError> => {
    if (typeof expression !== "string") return err(celErr("expression must be a string"));
    // Compiling is neither charged nor timed: it happens once per cached expression, so
    // counting it would make the result depend on the cache (and on the machine's speed),
    // and the static limits bound its cost. The result's conversion is charged.
    const c = compiled(expression);
    if (!c.ok) return err(celErr(`invalid expression${at(c.error)}: ${c.error.message}`));
    deadline.start(opts.maxCost, opts.timeoutMs);
    const program = c.value;
    let result: Result<Value, EvaluationError> | undefined;
    try {
      result = withDeadline(deadline, () => run(program, context, opts));
    } catch (e) {
      // A charge past the deadline throws this; the check below reports it.
      if (!(e instanceof DeadlineExceeded)) throw e;
    }
    // A result cut short by a bound, or finished past the backstop, is an error, never `ok`.
    return deadline.check() && result ? result : exceeded(deadline, opts);
  };

  const worker = opts.isolated ? isolate?.(opts) : undefined;

  return {
    evaluate(expression, context) {
      try {
        return worker ? worker.evaluate(expression, context) : evaluate(expression, context);
      } catch (e) {
        // Only hostile input gets here (a throwing getter read while building the result).
        return err(celErr(errorMessage(e)));
      }
    },

    ready: async () => worker?.ready(),

    check(expression) {
      if (typeof expression !== "string") return err({ message: "expression must be a string" });
      const c = compiled(expression);
      return c.ok ? ok(undefined) : err(c.error);
    },

    functions() {
      functions ??= Object.freeze(declaredFunctions(plainEnv).map((d) => Object.freeze(d)));
      return functions;
    },

    calls: (expression) => readOf(compiled, expression)?.calls ?? [],
    variables: (expression) => readOf(compiled, expression)?.variables ?? [],
  };
}

/** What `calls` and `variables` read: the compiled expression; none for a non-string. */
function readOf(compiled: (e: string) => CompileResult, expression: unknown): Compiled | undefined {
  const c = typeof expression === "string" ? compiled(expression) : undefined;
  return c?.ok ? c.value : undefined;
}

/** The CEL environment: the builtins, metered, and the functions OATF adds (SDK §6.1). */
export function environment(opts: ResolvedOptions): CelEnv {
  return celEnv({
    re2: re2(),
    funcs: [
      hasOperandFunc(),
      ...meteredBuiltins(),
      ...cappedConcat(opts.maxConcatSize),
      ...conversions(),
      ...stringOrdering(),
    ],
  });
}

/** The functions the compiler's rewrites call, which charge their own calls (meter.ts). */
function internalFuncs(opts: ResolvedOptions): ReadonlyMap<string, FuncGroup> {
  return new Map([
    [GUARD, loopGuard],
    [APPEND, appendGroup(opts.maxConcatSize)],
  ]);
}

/** Runs a compiled program over `context`, within the deadline already started. */
function run(
  program: Compiled,
  context: Record<string, Value>,
  opts: ResolvedOptions,
): Result<Value, EvaluationError> {
  const raw = program.run(bind(context));
  // The usual answer of an indicator's expression needs no conversion.
  if (typeof raw === "boolean") return ok(raw);
  if (isCelError(raw)) return err(runtimeError(raw, program));
  if (opts.requireBoolean && typeof raw !== "boolean") {
    return err(evaluationError("type_error", `expected a bool result, got ${celType(raw).name}`));
  }
  const out = fromCel(raw);
  if (!out.ok) {
    return err(evaluationError("type_error", `result of type ${out.type} has no JSON form`));
  }
  return ok(out.value);
}

/** The error of an evaluation the deadline cut short (or that finished past it). */
function exceeded(deadline: Deadline, opts: ResolvedOptions) {
  return err(
    celErr(
      deadline.breach === "time"
        ? `evaluation exceeded the time limit of ${opts.timeoutMs} ms`
        : `evaluation exceeded the cost budget of ${opts.maxCost} units`,
    ),
  );
}

/**
 * A bindings object with no Object.prototype in its chain, so `toString` or `__proto__` never
 * resolve to builtins (and a `__proto__` key is stored as data). Built by `new` rather than
 * Object.create(null): V8 keeps it a fast object where Object.create(null) makes a dictionary,
 * which took about 60 ns more per evaluation.
 */
const Bindings = function Bindings() {} as unknown as new () => Record<string, CelValue>;
Bindings.prototype = Object.create(null);

function bind(context: Record<string, Value> | null | undefined): Record<string, CelValue> {
  const bindings = new Bindings();
  if (context === null || context === undefined) return bindings;
  // Own enumerable string keys, as Object.entries lists them, without its pair arrays.
  const keys = Object.keys(context);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    bindings[key] = toCel(context[key]);
  }
  return bindings;
}

function runtimeError(e: CelError, compiled: Compiled): EvaluationError {
  const pos = compiled.position(e.exprId);
  const message = pos ? `${e.message} (at ${pos.line}:${pos.column})` : e.message;
  // An unknown function or method is what SDK §6.1 calls an unsupported method.
  const kind = e.message.startsWith("unbound function") ? "unsupported_method" : "cel_error";
  return evaluationError(kind, message);
}

function celErr(message: string): EvaluationError {
  return evaluationError("cel_error", message);
}

function at(e: CelSyntaxError): string {
  return e.line === undefined ? "" : ` at ${e.line}:${e.column}`;
}
