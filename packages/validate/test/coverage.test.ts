// Our own fixtures hold at least one passing and one failing case for every rule
// and warning, named "<code> valid|absent: …" and "<code> invalid|warning: …".

import { ownCases } from "@oatf/conformance";
import { VALIDATION_RULES, WARNING_RULES } from "@oatf/model";
import { describe, expect, it } from "vitest";
import type { ValidateCase } from "./support.js";

const cases = ownCases<ValidateCase["input"], ValidateCase["expected"]>("validate");

function count(code: string, kinds: string[]): number {
  // W-001 is how V-002 is reported; its cases are named after V-002.
  const named = code === "W-001" ? "V-002" : code;
  const name = new RegExp(`^${named} (${kinds.join("|")})\\b`);
  return cases.filter((c) => name.test(c.name)).length;
}

describe("own fixture coverage", () => {
  const codes = [
    ...Object.keys(VALIDATION_RULES),
    ...Object.keys(WARNING_RULES).filter((code) => code.startsWith("W-")),
  ];
  it.each(codes)("%s has a passing and a failing case", (code) => {
    expect(count(code, ["valid", "absent"]), "passing cases").toBeGreaterThan(0);
    expect(count(code, ["invalid", "warning"]), "failing cases").toBeGreaterThan(0);
  });

  it("failing cases expect the rule they are named after", () => {
    for (const c of cases) {
      const [, code, kind] = /^([VW]-\d{3}) (\w+)/.exec(c.name) ?? [];
      if (kind !== "invalid" && kind !== "warning") continue;
      const reported = [...(c.expected.errors ?? []), ...(c.expected.warnings ?? [])].map(
        (x) => x.rule,
      );
      const expected = code === "V-002" ? "W-001" : code;
      expect(reported, c.id).toContain(expected);
    }
  });
});
