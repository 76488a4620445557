import { isDiagnosticRule } from "@oatf/model";
import { describe, expect, it } from "vitest";

describe("isDiagnosticRule", () => {
  it("accepts the rule ids of every table", () => {
    for (const rule of ["V-001", "W-001", "parse/syntax", "E-NO-INDICATORS", "T-FORMAT"]) {
      expect(isDiagnosticRule(rule)).toBe(true);
    }
  });

  it("accepts only strings, not values that merely print as a rule id", () => {
    const printsAsRule = { toString: () => "V-001" };
    expect(isDiagnosticRule(printsAsRule)).toBe(false);
    expect(isDiagnosticRule(["V-001"])).toBe(false);
    expect(isDiagnosticRule(undefined)).toBe(false);
  });
});
