// The default CelEvaluator (SDK §6.1) on top of @bufbuild/cel.
import { type CelError, type CelValue, celEnv, celType, isCelError } from "@bufbuild/cel";
import {
  type CelEvaluator,
  type CelSyntaxError,
  type EvaluationError,
  err,
  ok,
  type Result,
  type Value,
} from "@oatf/model";
import { LruCache } from "./cache.js";
import { type Compiled, type CompileResult, compile, errorMessage } from "./compile.js";
import { cappedConcat } from "./concat.js";
import { conversions } from "./conversions.js";
import { Deadline, deadlineFunc, withDeadline } from "./guard.js";
import { hasOperandFunc } from "./has.js";
import { isolated } from "./isolated.js";
import { type CelEvaluatorOptions, resolveOptions } from "./options.js";
import { stringOrdering } from "./ordering.js";
import { fromCel, toCel } from "./values.js";

/** The default evaluator: `check` is always present. */
export interface DefaultCelEvaluator extends CelEvaluator {
  check(expression: string): Result<void, CelSyntaxError>;
  /**
   * Resolves when `evaluate` can answer without first waiting for start-up: at once in the
   * default mode; in isolated mode once the worker has started (it starts on creation and
   * again after a termination; a call made before then blocks until it is up).
   */
  ready(): Promise<void>;
}

export function createCelEvaluator(options?: CelEvaluatorOptions): DefaultCelEvaluator {
  const opts = resolveOptions(options);
  const deadline = new Deadline();
  const env = celEnv({
    funcs: [
      deadlineFunc(deadline),
      hasOperandFunc(),
      ...cappedConcat(opts.maxConcatSize),
      ...conversions(),
      ...stringOrdering(),
    ],
  });
  const cache = new LruCache<string, CompileResult>(opts.cacheSize);

  const compiled = (expression: string): CompileResult => {
    let c = cache.get(expression);
    if (c === undefined) {
      c = compile(expression, env, opts);
      cache.set(expression, c);
    }
    return c;
  };

  const evaluate = (
    expression: string,
    context: Record<string, Value>,
  ): Result<Value, EvaluationError> => {
    if (typeof expression !== "string") return err(celErr("expression must be a string"));
    const c = compiled(expression);
    if (!c.ok) return err(celErr(`invalid expression${at(c.error)}: ${c.error.message}`));
    const program = c.value;
    deadline.start(opts.timeoutMs);
    const raw = withDeadline(deadline, () => program.run(bind(context)));
    if (deadline.expired) {
      return err(celErr(`evaluation exceeded the time limit of ${opts.timeoutMs} ms`));
    }
    if (isCelError(raw)) return err(runtimeError(raw, program));
    if (opts.requireBoolean && typeof raw !== "boolean") {
      return err({ kind: "type_error", message: `expected a bool result, got ${typeName(raw)}` });
    }
    const out = fromCel(raw);
    if (!out.ok) {
      return err({ kind: "type_error", message: `result of type ${out.type} has no JSON form` });
    }
    return ok(out.value);
  };

  const worker = opts.isolated ? isolated(opts) : undefined;

  return {
    evaluate(expression, context) {
      try {
        return worker ? worker.evaluate(expression, context) : evaluate(expression, context);
      } catch (e) {
        // Only hostile input gets here (a throwing getter read while building the result).
        return err(celErr(errorMessage(e)));
      }
    },

    async ready() {
      await worker?.ready();
    },

    check(expression) {
      if (typeof expression !== "string") return err({ message: "expression must be a string" });
      const c = compiled(expression);
      return c.ok ? ok(undefined) : err(c.error);
    },
  };
}

/** A null-prototype bindings object, so `toString` or `__proto__` never resolve to builtins. */
function bind(context: unknown): Record<string, CelValue> {
  const bindings: Record<string, CelValue> = Object.create(null);
  if (typeof context === "object" && context !== null) {
    const record = context as Record<string, Value>;
    for (const key of Object.keys(record)) bindings[key] = toCel(record[key]);
  }
  return bindings;
}

function runtimeError(e: CelError, compiled: Compiled): EvaluationError {
  const pos = compiled.position(e.exprId);
  const message = pos ? `${e.message} (at ${pos.line}:${pos.column})` : e.message;
  // An unknown function or method is what SDK §6.1 calls an unsupported method.
  const kind = e.message.startsWith("unbound function") ? "unsupported_method" : "cel_error";
  return { kind, message };
}

function celErr(message: string): EvaluationError {
  return { kind: "cel_error", message };
}

function at(e: CelSyntaxError): string {
  return e.line === undefined ? "" : ` at ${e.line}:${e.column}`;
}

function typeName(v: CelValue): string {
  try {
    return celType(v).name;
  } catch (e) {
    return errorMessage(e);
  }
}
