// `readYaml` (the text read as YAML once, for the language service): `parseRead` of its result
// is `parseRecovering` of the text, the tree is there also for half-written YAML, and an
// object `readYaml` did not return is read from its text, never trusted.
import { getSourceInfo, parseRead, parseRecovering, readYaml, type YamlText } from "@oatf/model";
import { describe, expect, it } from "vitest";
import { MINIMAL } from "./fixtures.js";

const texts: [string, string][] = [
  ["a document", MINIMAL],
  ["a syntax error", `${MINIMAL}  broken: [unclosed\n`],
  ["an unknown field", MINIMAL.replace("attack:", "attak:")],
  ["two documents", `${MINIMAL}---\na: 1\n`],
  ["a control character", `${MINIMAL}# \u0007\n`],
  ["a byte order mark", `\ufeff${MINIMAL}`],
  ["nothing", ""],
];

describe("readYaml", () => {
  it.each(texts)("%s: parseRead of the read text is parseRecovering of the text", (_, text) => {
    const read = readYaml(text);
    expect(read.text).toBe(text);
    const fromRead = parseRead(read);
    const fromText = parseRecovering(text);
    expect(fromRead).toEqual(fromText);
    if (fromText.document)
      expect(getSourceInfo(fromRead.document!)?.rangeOf?.("attack")).toEqual(
        getSourceInfo(fromText.document)?.rangeOf?.("attack"),
      );
  });

  it("keeps the YAML tree of text with syntax errors, and none of refused text", () => {
    const read = readYaml(`${MINIMAL}  broken: [unclosed\n`);
    expect(read.tree?.errors.length).toBeGreaterThan(0);
    expect(read.tree?.getIn(["attack", "execution", "mode"])).toBe("mcp_server");
    expect(readYaml(`${MINIMAL}---\na: 1\n`).tree).toBeUndefined();
    expect(readYaml("x: 1\n", { maxBytes: 2 }).tree).toBeUndefined();
  });

  it("refuses an object it did not return, as parseRecovering refuses what is not text", () => {
    const forged = { text: "oatf: [", tree: undefined };
    expect(parseRead(forged)).toEqual(parseRecovering(forged as unknown as string));
    expect(parseRead(forged).errors.map((e) => e.message)).toEqual([
      "expected the YAML text as a string, got object",
    ]);
    expect(parseRead(null as unknown as YamlText).errors).toHaveLength(1);
  });

  it("never throws: an exception while reading is reported as parseRecovering reports it", () => {
    const throwing = {
      get maxBytes(): number {
        throw new Error("no limit");
      },
    };
    const read = readYaml(MINIMAL, throwing);
    expect(read.tree).toBeUndefined();
    expect(parseRead(read, throwing)).toEqual(parseRecovering(MINIMAL, throwing));
    expect(parseRead(read, throwing).errors.map((e) => e.message)).toEqual([
      "the input could not be parsed: no limit",
    ]);
  });
});
