// validate/: `expected` names a minimum set of errors (rule + path) and of warnings;
// `valid: true` or `errors: []` means no errors at all, `warnings: []` means no warnings;
// a field left out is not asserted.
// When parse rejects the input, the case passes only if a ParseError carries each
// expected rule and path.
// The matcher takes `parse` and `validate` as arguments, so @oatf/validate's own tests run the
// same comparison with their stand-in CEL checker (they may not depend on the oatf package).
import type {
  Diagnostic,
  Document,
  ParseError,
  Result,
  ValidationError,
  ValidationResult,
} from "@oatf/model";
import { type FixtureCase, FixtureError, fail, type Outcome, PASS } from "../case.js";
import { show } from "../compare.js";
import { fields, list, noExtra, str } from "../shape.js";

export interface ValidateFunctions {
  parse: (text: string) => Result<Document, ParseError[]>;
  validate: (document: Document) => ValidationResult;
}

interface Expectation {
  rule: string;
  path?: string;
}

export function checkValidate(
  c: Pick<FixtureCase, "input" | "expected" | "extra">,
  { parse, validate }: ValidateFunctions,
): Outcome {
  noExtra(c.extra);
  const exp = fields(c.expected, "expected", [], ["valid", "errors", "warnings"]);
  if ("valid" in exp && (exp.valid !== true || "errors" in exp)) {
    throw new FixtureError("expected.valid must be true and stand without expected.errors");
  }
  if (Object.keys(exp).length === 0)
    throw new FixtureError("expected needs valid, errors or warnings");
  const errors = "errors" in exp ? expectations(exp.errors, "expected.errors") : [];
  const warnings = "warnings" in exp ? expectations(exp.warnings, "expected.warnings") : undefined;

  const parsed = parse(str(c.input, "input"));
  if (!parsed.ok) {
    if (errors.length === 0)
      return fail("parses and validates", `ParseError ${show(parsed.error)}`);
    const missing = errors.filter(
      (x) => !parsed.error.some((p: ParseError) => matches(x, p.rule, p.path)),
    );
    return missing.length === 0
      ? PASS
      : fail(`ParseError carrying ${show(missing)}`, `ParseError ${show(parsed.error)}`);
  }

  const result = validate(parsed.value);
  if (errors.length === 0 && result.errors.length > 0) {
    return fail("no errors", `errors ${show(summarize(result.errors))}`);
  }
  const missingErrors = errors.filter(
    (x) => !result.errors.some((v: ValidationError) => matches(x, v.rule, v.path)),
  );
  if (missingErrors.length > 0) {
    return fail(
      `errors include ${show(missingErrors)}`,
      `errors ${show(summarize(result.errors))}`,
    );
  }
  if (warnings === undefined) return PASS;
  const actual = result.warnings.map((w: Diagnostic) => ({ rule: w.rule, path: w.path }));
  if (warnings.length === 0) {
    return actual.length === 0 ? PASS : fail("no warnings", `warnings ${show(actual)}`);
  }
  const missingWarnings = warnings.filter((x) => !actual.some((w) => matches(x, w.rule, w.path)));
  return missingWarnings.length === 0
    ? PASS
    : fail(`warnings include ${show(missingWarnings)}`, `warnings ${show(actual)}`);
}

function expectations(value: unknown, where: string): Expectation[] {
  return list(value, where).map((item, i) => {
    const f = fields(item, `${where}[${i}]`, ["rule"], ["path"]);
    const rule = str(f.rule, `${where}[${i}].rule`);
    return "path" in f ? { rule, path: str(f.path, `${where}[${i}].path`) } : { rule };
  });
}

function matches(x: Expectation, rule: string | undefined, path: string | undefined): boolean {
  return x.rule === rule && (x.path === undefined || x.path === path);
}

function summarize(errors: ValidationError[]): Expectation[] {
  return errors.map((v) => ({ rule: v.rule, path: v.path }));
}
