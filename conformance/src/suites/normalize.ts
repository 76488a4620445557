// normalize/: normalize(parse(input)) equals parse(expected), compared structurally.
// roundtrip/: parse → normalize → serialize → parse → normalize is stable.
import type { Document } from "@oatf/model";
import { type FixtureCase, FixtureError, fail, type Outcome, PASS } from "../case.js";
import { firstDifference, show } from "../compare.js";
import { normalize, parse, serialize } from "../sdk.js";
import { fields, noExtra, str } from "../shape.js";

export function runNormalize(c: FixtureCase): Outcome {
  noExtra(c.extra);
  const expected = parseOrFail(str(c.expected, "expected"), "expected");
  if ("failure" in expected) throw new FixtureError("expected does not parse");
  const input = parseOrFail(str(c.input, "input"), "input");
  if ("failure" in input) return input.failure;
  const actual = normalize(input.document);
  const diff = firstDifference(expected.document, actual);
  return diff === undefined ? PASS : fail("the expected document", `differs ${diff}`);
}

export function runRoundtrip(c: FixtureCase): Outcome {
  noExtra(c.extra);
  const exp = fields(c.expected, "expected", ["identical"]);
  if (exp.identical !== true) throw new FixtureError("expected.identical must be true");
  const input = parseOrFail(str(c.input, "input"), "input");
  if ("failure" in input) return input.failure;
  const first = normalize(input.document);
  const yaml = serialize(first);
  const again = parseOrFail(yaml, "serialized output");
  if ("failure" in again) return again.failure;
  const second = normalize(again.document);
  const diff = firstDifference(first, second);
  return diff === undefined ? PASS : fail("identical: true", `round trip differs ${diff}`);
}

function parseOrFail(text: string, what: string): { document: Document } | { failure: Outcome } {
  const result = parse(text);
  if (result.ok) return { document: result.value };
  return { failure: fail(`${what} parses`, `ParseError ${show(result.error)}`) };
}
