// The parse entry points (SDK §3.1): what `parseRecovering` returns when it stops early, never
// throws, keeps source ranges, reports V-020 feature uses with the other problems, and in order.
import { getSourceInfo, parseRecovering } from "@oatf/model";
import { describe, expect, it } from "vitest";
import { featureError } from "../src/parse/parse.js";
import { PARSE_RULES, VALIDATION_RULES } from "../src/rule-ids.js";
import { MINIMAL } from "./fixtures.js";

const syntaxError = (message: string) => ({
  kind: "syntax",
  severity: "error",
  rule: "parse/syntax",
  code: "parse/syntax",
  message,
  path: "",
  spec_ref: PARSE_RULES["parse/syntax"].spec_ref,
});

describe("parseRecovering: stopping early", () => {
  it("refuses input that is not a string, naming its type", () => {
    expect(parseRecovering(42 as unknown as string)).toEqual({
      document: undefined,
      errors: [syntaxError("expected the YAML text as a string, got number")],
      unreadable: [""],
    });
  });

  it("reports an exception from inside the parser instead of throwing it", () => {
    const throwing = {
      get maxBytes(): number {
        throw new Error("limits unavailable");
      },
    };
    expect(parseRecovering(MINIMAL, throwing)).toEqual({
      document: undefined,
      errors: [syntaxError("the input could not be parsed: limits unavailable")],
      unreadable: [""],
    });
    const throwsText = {
      get maxNodes(): number {
        throw "no nodes";
      },
    };
    expect(parseRecovering(MINIMAL, throwsText).errors).toEqual([
      syntaxError("the input could not be parsed: no nodes"),
    ]);
  });

  it("marks the whole document unreadable after invalid YAML", () => {
    const recovered = parseRecovering("a: [1\n");
    expect(recovered.document).toBeUndefined();
    expect(recovered.unreadable).toEqual([""]);
    expect(recovered.errors[0]!.rule).toBe("parse/syntax");
  });

  it("has no document when the root is not a mapping", () => {
    expect(parseRecovering("- 1\n")).toEqual({
      document: undefined,
      errors: [
        {
          kind: "type_mismatch",
          severity: "error",
          rule: "parse/type-mismatch",
          code: "parse/type-mismatch",
          message: "expected a mapping (document), found a sequence",
          path: "",
          spec_ref: PARSE_RULES["parse/type-mismatch"].spec_ref,
          line: 1,
          column: 1,
          range: {
            start: { line: 1, column: 1, offset: 0 },
            end: { line: 2, column: 1, offset: 4 },
          },
        },
      ],
      unreadable: [""],
    });
  });
});

describe("parse: source ranges of the values read", () => {
  it("rangeOf spans the value written at a path, and nothing for an absent path", () => {
    const text = `${MINIMAL}  name: "a b"\n`;
    const at = text.indexOf('"a b"');
    const document = parseRecovering(text).document!;
    const info = getSourceInfo(document)!;
    expect(info.rangeOf!("attack.name")).toEqual({
      start: { line: 7, column: 9, offset: at },
      end: { line: 7, column: 14, offset: at + 5 },
    });
    expect(info.rangeOf!("attack.description")).toBeUndefined();
  });
});

describe("featureError: the V-020 error for a YAML feature use", () => {
  const use = { path: "attack.name", line: 3, column: 9 } as const;

  it("names the feature and its detail, one character wide at the use", () => {
    expect(featureError({ ...use, kind: "anchor", detail: "a", offset: 30 })).toEqual({
      kind: "syntax",
      severity: "error",
      rule: "V-020",
      code: "V-020",
      message: "YAML anchor `a` is not allowed in OATF documents",
      path: "attack.name",
      spec_ref: VALIDATION_RULES["V-020"].spec_ref,
      line: 3,
      column: 9,
      range: {
        start: { line: 3, column: 9, offset: 30 },
        end: { line: 3, column: 10, offset: 31 },
      },
    });
  });

  it("leaves out a detail it does not have, and the range (not the line) when the offset is unknown", () => {
    const error = featureError({ ...use, kind: "merge_key" });
    expect(error.message).toBe("YAML merge key `<<` is not allowed in OATF documents");
    expect(error).not.toHaveProperty("range");
    expect(error).toMatchObject({ line: 3, column: 9 });
    expect(featureError({ ...use, kind: "custom_tag", detail: "!x", offset: 0 }).range).toEqual({
      start: { line: 3, column: 9, offset: 0 },
      end: { line: 3, column: 10, offset: 1 },
    });
  });

  it("is reported with the other problems when parse fails", () => {
    const found = parseRecovering(`oatf: "0.1"\nattack:\n  x-a: &a 1\n  name: 5\n`).errors;
    expect(found.map((e) => [e.rule, e.path, e.message])).toEqual([
      ["V-004", "attack.execution", "missing required field `execution` in attack"],
      ["V-020", "attack.x-a", "YAML anchor `a` is not allowed in OATF documents"],
      ["parse/type-mismatch", "attack.name", "expected a string, found integer 5"],
    ]);
  });
});

describe("parse errors are in source order", () => {
  it("orders errors on one line by column, whatever order they were found in", () => {
    const found = parseRecovering(`${MINIMAL}  references: [{title: 5}, {url: 6}]\n`).errors;
    expect(found.map((e) => [e.path, e.range?.start.column])).toEqual([
      ["attack.references[0].url", 16],
      ["attack.references[0].title", 24],
      ["attack.references[1].url", 34],
    ]);
  });
});
