// Every validate case of the upstream conformance suite and of our own fixtures.
import { describe, expect, it } from "vitest";
import { type FixtureCase, loadCases, OWN_DIR, runCase, UPSTREAM_DIR } from "./support.js";

/**
 * Upstream cases whose expectation cannot be met as written, each with the
 * corrected expectation. A test below fails once upstream fixes the case, so the
 * erratum is removed then.
 */
const UPSTREAM_ERRATA: Record<string, { reason: string; expected: FixtureCase["expected"] }> = {
  "VAL-032b": {
    reason:
      "the expected path `…tools[0].response.content[0].text` is not in the input; the template string is at `…tools[0].responses[0].content.content[0].text`",
    expected: {
      errors: [
        {
          rule: "V-032",
          path: "attack.execution.actors[0].phases[0].state.tools[0].responses[0].content.content[0].text",
        },
      ],
    },
  },
};

for (const [label, dir] of [
  ["upstream", UPSTREAM_DIR],
  ["own", OWN_DIR],
] as const) {
  for (const { file, cases } of loadCases(dir)) {
    describe(`${label} validate/${file}`, () => {
      it.each(cases.map((c) => [c.id, c] as const))("%s", (id, c) => {
        const erratum = label === "upstream" ? UPSTREAM_ERRATA[id] : undefined;
        if (erratum) {
          expect(runCase(c), `still broken upstream: ${erratum.reason}`).toBeDefined();
          expect(runCase({ ...c, expected: erratum.expected }), c.name).toBeUndefined();
        } else {
          expect(runCase(c), c.name).toBeUndefined();
        }
      });
    });
  }
}

describe("fixture ids", () => {
  it("are unique across upstream and own fixtures", () => {
    const ids = [UPSTREAM_DIR, OWN_DIR].flatMap((dir) =>
      loadCases(dir).flatMap(({ cases }) => cases.map((c) => c.id)),
    );
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });
});
