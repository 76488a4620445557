// Every normalize/ and roundtrip/ fixture case, upstream and own, read through the conformance
// harness. Documents are compared as parsed models (key order and quoting do not matter).
// Upstream expectations that predate SDK §3.3's `phase.mode` default are corrected by the
// harness's errata (conformance/errata.yaml), exactly as in the conformance run.
import { allCases, type SuiteCase } from "@oatf/conformance";
import { type Document, parse, serialize } from "@oatf/model";
import { normalize } from "@oatf/normalize";
import { describe, expect, it } from "vitest";

const normalizeCases = allCases<string, string>("normalize");
const roundtripCases = allCases<string, unknown>("roundtrip");

function parsed(text: unknown): Document {
  const result = parse(String(text));
  if (!result.ok) throw new Error(`fixture does not parse: ${JSON.stringify(result.error)}`);
  return result.value;
}

function expectedOf(c: SuiteCase<string, string>): Document {
  return parsed(c.erratum?.expected ?? c.expected);
}

function roundTrip(document: Document): Document {
  return normalize(parsed(serialize(document)));
}

describe("normalize fixtures", () => {
  it.each(normalizeCases.map((c) => [`${c.id} ${c.name}`, c] as const))("%s", (_, c) => {
    expect(normalize(parsed(c.input))).toEqual(expectedOf(c));
  });

  it.each(normalizeCases.map((c) => [`${c.id} expected output is a fixed point`, c] as const))(
    "%s",
    (_, c) => {
      const expected = expectedOf(c);
      expect(normalize(expected)).toEqual(expected);
    },
  );

  it("an erratum's original expectation still fails (else the erratum is stale)", () => {
    const corrected = normalizeCases.filter((c) => c.erratum);
    expect(corrected.length).toBeGreaterThan(0);
    for (const c of corrected) expect(normalize(parsed(c.input))).not.toEqual(parsed(c.expected));
  });
});

describe("roundtrip fixtures", () => {
  it.each(roundtripCases.map((c) => [`${c.id} ${c.name}`, c] as const))("%s", (_, c) => {
    expect(c.expected).toEqual({ identical: true });
    const first = normalize(parsed(c.input));
    expect(roundTrip(first)).toEqual(first);
  });

  // The normalize inputs make good round-trip inputs too.
  it.each(normalizeCases.map((c) => [`${c.id} input`, c] as const))("%s", (_, c) => {
    const first = normalize(parsed(c.input));
    expect(roundTrip(first)).toEqual(first);
  });
});
