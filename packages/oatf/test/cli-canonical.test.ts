// `oatf normalize --check`'s comparison: a file `--write` wrote always passes; a file whose
// data (or field order) is not its canonical form's never does.
import { parse, serialize } from "@oatf/model";
import { normalize } from "@oatf/normalize";
import { carryComments } from "@oatf/normalize/comments";
import fc from "fast-check";
import { expect, it } from "vitest";
import { isScalar, parseDocument, visit } from "yaml";
// The generated valid documents of @oatf/normalize's own tests.
import { validDocument } from "../../normalize/test/arbitraries.js";
import { canonicalDifference } from "../src/cli/normalize/canonical.js";

/** `text` with a comment before every field, as a hand-written file might have. */
function commented(text: string): string {
  const yaml = parseDocument(text);
  let n = 0;
  visit(yaml, {
    Pair(_key, pair) {
      if (isScalar(pair.key)) pair.key.commentBefore = ` note ${n++}`;
    },
  });
  return yaml.toString();
}

it("passes what --write writes, fails what normalize would change", () => {
  fc.assert(
    fc.property(validDocument, (document) => {
      const source = commented(serialize(document));
      const parsed = parse(source);
      if (!parsed.ok) throw new Error("a generated document did not parse");
      const canonical = serialize(normalize(parsed.value));
      const written = carryComments(source, canonical).text;
      expect(canonicalDifference(written, canonical)).toBeUndefined();
      // The source is canonical exactly when its data, in order, is the canonical form's.
      const same =
        JSON.stringify(parseDocument(source).toJS()) ===
        JSON.stringify(parseDocument(canonical).toJS());
      expect(canonicalDifference(source, canonical) === undefined).toBe(same);
    }),
    { numRuns: 150 },
  );
});

it("names the first difference", () => {
  const canonical = `oatf: "0.1"\nattack:\n  name: A\n  version: 1\n  tags: [a, b]\n`;
  const cases: [string, string | undefined][] = [
    [`{oatf: '0.1', attack: {name: "A", version: 1.0, tags: [a, b]}} # flow`, undefined],
    [`oatf: "0.1"\nattack:\n  name: A\n  tags: [a, b]\n`, "`attack` has no `version`"],
    [
      `oatf: "0.1"\nattack:\n  version: 1\n  name: A\n  tags: [a, b]\n`,
      "not in specification order",
    ],
    [
      `oatf: "0.1"\nattack:\n  name: A\n  version: 1\n  tags: [a]\n`,
      "`attack.tags` has 1 entries, not 2",
    ],
    [
      `oatf: "0.1"\nattack:\n  name: A\n  version: "1"\n  tags: [a, b]\n`,
      "`attack.version` is not",
    ],
    [`oatf: "0.1"\nattack:\n  name: A\n  version: 1\n  tags: [a, b]\n  x: 1\n`, "`attack` has `x`"],
  ];
  for (const [text, expected] of cases) {
    const found = canonicalDifference(text, canonical);
    if (expected === undefined) expect(found, text).toBeUndefined();
    else expect(found, text).toContain(expected);
  }
});
