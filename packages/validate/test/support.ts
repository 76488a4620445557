// Test support: validate cases from the conformance harness (@oatf/conformance), compared by
// its validate matcher, and a stand-in CEL checker.
import { checkValidate, type SuiteCase } from "@oatf/conformance";
import type { CelEvaluator } from "@oatf/model";
import { parse } from "@oatf/model";
import { type ValidateOptions, validate } from "@oatf/validate";

export interface Expectation {
  rule: string;
  path?: string;
}

export type ValidateCase = SuiteCase<
  string,
  { valid?: true; errors?: Expectation[]; warnings?: Expectation[] }
>;

/**
 * A stand-in for @oatf/cel-default's checker (validate may not depend on it):
 * rejects unbalanced brackets and unterminated strings, which is what the
 * fixtures' invalid CEL exercises.
 */
export const celStub: CelEvaluator = {
  evaluate: () => ({ ok: true, value: true }),
  check(expression) {
    const closing: Record<string, string> = { "(": ")", "[": "]", "{": "}" };
    const open: string[] = [];
    let quote: string | undefined;
    for (const ch of expression) {
      if (quote) {
        if (ch === quote) quote = undefined;
      } else if (ch === '"' || ch === "'") quote = ch;
      else if (ch in closing) open.push(closing[ch]!);
      else if (ch === ")" || ch === "]" || ch === "}") {
        if (open.pop() !== ch) return { ok: false, error: { message: `unexpected '${ch}'` } };
      }
    }
    if (quote) return { ok: false, error: { message: "unterminated string" } };
    if (open.length > 0) return { ok: false, error: { message: `missing '${open.pop()}'` } };
    return { ok: true, value: undefined };
  },
};

/**
 * Runs one validate case with the harness's matcher; returns why it fails, or undefined when
 * it passes.
 */
export function runCase(
  c: Pick<ValidateCase, "input" | "expected" | "extra">,
  options: ValidateOptions = { cel: celStub },
): string | undefined {
  const outcome = checkValidate(c, { parse, validate: (d) => validate(d, options) });
  return outcome.pass ? undefined : `expected ${outcome.expected}; actual ${outcome.actual}`;
}
