// parse → normalize → serialize → parse → normalize is stable for generated documents
// (the fixture cases run in packages/oatf/test/normalize-conformance.test.ts).
import { parse, serialize } from "@oatf/model";
import { normalize } from "@oatf/normalize";
import fc from "fast-check";
import { expect, it } from "vitest";
import { validDocument } from "./arbitraries.js";

it("round-trips generated documents", () => {
  fc.assert(
    fc.property(validDocument, (document) => {
      const first = normalize(document);
      const reparsed = parse(serialize(first));
      expect(reparsed.ok && normalize(reparsed.value)).toEqual(first);
    }),
    { numRuns: 200 },
  );
});
