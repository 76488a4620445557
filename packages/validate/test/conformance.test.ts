// Every validate case of the upstream conformance suite and of our own fixtures, read and
// compared by the conformance harness; errata come from conformance/errata.yaml.
import { ownCases, upstreamCases } from "@oatf/conformance";
import { describe, expect, it } from "vitest";
import { runCase, type ValidateCase } from "./support.js";

const cases: ValidateCase[] = [
  ...upstreamCases<ValidateCase["input"], ValidateCase["expected"]>("validate"),
  ...ownCases<ValidateCase["input"], ValidateCase["expected"]>("validate"),
];

describe("validate fixtures", () => {
  it.each(cases.map((c) => [`${c.origin} ${c.file} ${c.id}`, c] as const))("%s", (_, c) => {
    if (c.erratum) {
      // The erratum holds only while the upstream expectation still fails.
      expect(runCase(c), `still broken upstream: ${c.erratum.reason}`).toBeDefined();
      expect(runCase({ ...c, expected: c.erratum.expected }), c.name).toBeUndefined();
    } else {
      expect(runCase(c), c.name).toBeUndefined();
    }
  });
});

describe("fixture ids", () => {
  it("are unique across upstream and own fixtures", () => {
    const ids = cases.map((c) => c.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });
});
