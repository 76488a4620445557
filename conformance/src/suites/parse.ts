// parse/ corpus: valid documents parse; invalid ones produce at least one ParseError.
import { type FixtureCase, fail, type Outcome, PASS } from "../case.js";
import { show } from "../compare.js";
import { parse } from "../sdk.js";

export function runParse(c: FixtureCase): Outcome {
  const result = parse(c.raw ?? "");
  if (c.fileStem === "valid") {
    return result.ok ? PASS : fail("parses", `ParseError ${show(result.error)}`);
  }
  if (result.ok) return fail(`ParseError (${show(c.expected)})`, "parsed without error");
  const errors = result.error;
  const wellFormed =
    Array.isArray(errors) && errors.length > 0 && errors.every((x) => typeof x?.kind === "string");
  return wellFormed ? PASS : fail("a non-empty list of ParseError", show(errors));
}
