import {
  type Diagnostic,
  isParseError,
  isValidationError,
  type OATFError,
  type ParseError,
  parse,
  type ValidationError,
} from "@oatf/model";
import { describe, expect, it } from "vitest";

/** A real ParseError: what `parse` returns for text that is not YAML. */
function parseError(): ParseError {
  const result = parse("oatf: [unclosed");
  if (result.ok) throw new Error("expected a parse error");
  return result.error[0]!;
}

/** A ValidationError as `validate` reports it: a V-rule with its spec section, no `kind`. */
const validationError: ValidationError = {
  severity: "error",
  rule: "V-001",
  code: "V-001",
  message: "`oatf` is missing",
  path: "oatf",
  spec_ref: "§11.1.1",
};

describe("isParseError / isValidationError", () => {
  it("tells a parse error (it has a kind) from a validation error", () => {
    const error = parseError();
    expect(error.kind).toBe("syntax");
    expect(error.spec_ref).toEqual(expect.any(String));
    expect([isParseError(error), isValidationError(error)]).toEqual([true, false]);
    expect([isParseError(validationError), isValidationError(validationError)]).toEqual([
      false,
      true,
    ]);
  });

  it("splits the errors of a mixed list into exactly the two kinds", () => {
    const errors: OATFError[] = [parseError(), validationError, parseError()];
    expect(errors.filter(isParseError)).toHaveLength(2);
    expect(errors.filter(isValidationError)).toEqual([validationError]);
  });

  it("does not take a diagnostic without a spec reference or a rule for a validation error", () => {
    const warning: Diagnostic = {
      severity: "warning",
      rule: "W-001",
      code: "W-001",
      message: "m",
      path: "",
    };
    const noRule = { severity: "error", message: "m", path: "", spec_ref: "§1" };
    expect(isValidationError(warning as OATFError)).toBe(false);
    expect(isValidationError(noRule as OATFError)).toBe(false);
  });
});
