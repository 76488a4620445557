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

/** SDK §6.1. Must be side-effect free; should bound evaluation time (100 ms recommended). */
export interface CelEvaluator {
  evaluate(expression: string, context: Record<string, Value>): Result<Value, EvaluationError>;
  /** Syntax check without evaluation (backs V-014). Optional for third-party evaluators. */
  check?(expression: string): Result<void, CelSyntaxError>;
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
