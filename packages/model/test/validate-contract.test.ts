// The contract with @oatf/validate: for every upstream validation case, parse
// either succeeds (so validate reports the expected rule and path itself) or
// fails with a ParseError carrying that same rule and path, so a tool gets
// one rule id per problem whichever step found it.
import { parse } from "@oatf/model";
import { describe, expect, it } from "vitest";
import { type SuiteCase, suite } from "./fixtures.js";

interface Expected {
  valid?: boolean;
  errors?: { rule: string; path?: string }[];
}

const cases = (file: string) =>
  suite(file).filter((c): c is SuiteCase & { input: string } => typeof c.input === "string");

describe("parse agrees with validate on the upstream suites", () => {
  for (const file of ["validate/suite.yaml", "validate/warnings.yaml"]) {
    it.each(cases(file).map((c) => [c.id, c] as const))(`${file} %s`, (_id, c) => {
      const result = parse(c.input);
      const expected = c.expected as Expected;
      if (result.ok) return; // validate's turn
      // A document validate must accept may never be rejected by parse.
      expect(expected.errors ?? [], "parse rejected a valid document").not.toEqual([]);
      for (const want of expected.errors ?? []) {
        const match = result.error.find(
          (e) => e.rule === want.rule && (want.path === undefined || e.path === want.path),
        );
        expect(
          match,
          `${want.rule} at ${want.path}: ${JSON.stringify(result.error)}`,
        ).toBeDefined();
      }
    });
  }

  it("rejects the documents whose problem is a parse problem, with the rule", () => {
    const rejected = cases("validate/suite.yaml")
      .filter((c) => !parse(c.input).ok)
      .map((c) => c.id);
    expect(rejected).toEqual(
      expect.arrayContaining(["VAL-001b", "VAL-003b", "VAL-004f", "VAL-005b", "VAL-005g"]),
    );
  });
});
