// Extension points (SDK §6): interfaces the SDK declares and callers implement.
import type { EvaluationError, GenerationError } from "./diagnostics.js";
import type { Result } from "./result.js";
import type { Protocol, SemanticExamples, SemanticIntentClass, Value } from "./types.js";

/** A syntax error reported by `CelEvaluator.check`, 1-based position when known. */
export interface CelSyntaxError {
  message: string;
  line?: number;
  column?: number;
}

/**
 * A function an evaluator provides, as CEL source calls it: `size(x)` is
 * `{ name: "size", receiver: false, arity: 1 }`, `s.contains(t)` is
 * `{ name: "contains", receiver: true, arity: 1 }`. Macros are functions too (`l.exists(x, p)`:
 * `exists`, receiver, 2). One entry per call shape; a function with several is listed once per shape.
 */
export interface CelFunctionDeclaration {
  readonly name: string;
  /** Called on a receiver, `target.name(...)`, rather than as `name(...)`. */
  readonly receiver: boolean;
  /** Its arguments, the receiver not counted. */
  readonly arity: number;
}

/** A call as CEL source writes it, with where its name starts (see `CelEvaluator.calls`). */
export interface CelCall {
  readonly name: string;
  /** Called on a receiver: `target.name(...)`. */
  readonly receiver: boolean;
  /** Arguments, the receiver not counted. */
  readonly arity: number;
  /** UTF-16 offset of the name in the expression. */
  readonly offset: number;
}

/** A variable CEL source reads, with where its name starts (see `CelEvaluator.variables`). */
export interface CelVariable {
  readonly name: string;
  /** UTF-16 offset of the name in the expression. */
  readonly offset: number;
}

/** SDK §6.1. Must be side-effect free; should bound evaluation time (100 ms recommended). */
export interface CelEvaluator {
  evaluate(expression: string, context: Record<string, Value>): Result<Value, EvaluationError>;
  /** Syntax check without evaluation (backs V-014). Optional for third-party evaluators. */
  check?(expression: string): Result<void, CelSyntaxError>;
  /**
   * The functions and macros it provides (an SDK extension beyond SDK §6.1, optional): `validate`
   * warns (OATF-V014-FUNCTION) about a call to a function not declared here, or with an arity
   * not declared here, with a did-you-mean. Without it, calls are not checked.
   */
  functions?(): readonly CelFunctionDeclaration[];
  /**
   * The calls `expression` (one `check` accepted) makes, macros included, innermost first
   * (an SDK extension, optional, with `functions`: both are needed for OATF-V014-FUNCTION).
   */
  calls?(expression: string): readonly CelCall[];
  /**
   * The variables `expression` (one `check` accepted) reads: its identifiers that no macro
   * binds, type names aside (an SDK extension, optional): `validate` warns
   * (OATF-V014-VARIABLE) about one that is neither `message` nor a declared variable, which
   * no evaluation context holds. Without it, variables are not checked.
   */
  variables?(expression: string): readonly CelVariable[];
}

/** SDK §6.2. Returns a score in [0, 1]. The SDK ships no default. */
export interface SemanticEvaluator {
  evaluate(
    text: string,
    intent: string,
    intent_class: SemanticIntentClass | undefined,
    threshold: number | undefined,
    examples: SemanticExamples | undefined,
  ): Result<number, EvaluationError>;
}

/** SDK §6.3. The SDK ships no default. */
export interface GenerationProvider {
  generate(
    prompt: string,
    protocol: Protocol,
    response_context: Value,
  ): Result<Value, GenerationError>;
}
