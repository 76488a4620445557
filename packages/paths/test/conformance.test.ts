// The upstream dot-path cases (primitives/resolve-*-path.yaml), read through the conformance
// harness (it fails when the suite is missing or a file has no case).
import { upstreamCases } from "@oatf/conformance";
import { resolveSimplePath, resolveWildcardPath } from "@oatf/paths";
import { describe, expect, it } from "vitest";

type Input = { path: string; value: unknown };

const simple = upstreamCases<Input, unknown>("primitives", { file: "resolve-simple-path.yaml" });
const wildcard = upstreamCases<Input, { values: unknown[] }>("primitives", {
  file: "resolve-wildcard-path.yaml",
});

describe("conformance: resolve-simple-path.yaml", () => {
  it.each(simple.map((f) => [f.id, f] as const))("%s", (_id, fixture) => {
    const actual = resolveSimplePath(fixture.input.path, fixture.input.value);
    const expected = fixture.expected as { found?: boolean; value?: unknown } | null;
    if (expected === null) expect(actual).toBeUndefined();
    else if (typeof expected === "object" && expected.found === true) {
      expect(actual).toEqual(expected.value);
    } else expect(actual).toEqual(expected);
  });
});

describe("conformance: resolve-wildcard-path.yaml", () => {
  it.each(wildcard.map((f) => [f.id, f] as const))("%s", (_id, fixture) => {
    expect(resolveWildcardPath(fixture.input.path, fixture.input.value)).toEqual(
      fixture.expected.values,
    );
  });
});
