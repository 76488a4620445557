// The one check pipeline (pipeline.ts) and the one CEL-loading policy (default-cel.ts) that
// `load`, `validate` over text and the CLI share (issue 26 item 3).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { CelEvaluator } from "@oatf/model";
import { describe, expect, it } from "vitest";
import { checkDocument } from "../src/cli/shared/check.js";
import {
  celForText,
  defaultCelEvaluator,
  hasExpressionKey,
  loadCelFor,
  loadDefaultCel,
} from "../src/default-cel.js";
import { load } from "../src/load.js";
import { checkText, checkTextLoadingCel } from "../src/pipeline.js";
import { validate } from "../src/validate.js";
import { REPO } from "./cli-build.js";

const example = (name: string) => readFileSync(join(REPO, "examples", name), "utf8");
const PATTERN_ONLY = example("mcp-rug-pull.yaml");
const WITH_EXPRESSION = example("a2a-skill-poisoning.yaml");
/** The expression example with a CEL expression that does not parse (V-014). */
const BAD_CEL = WITH_EXPRESSION.replace(
  /cel: >\n(\s+)message\.message/,
  "cel: >\n$1(((message.message",
);
const NOT_YAML = 'oatf: "0.1"\nattack: [unclosed\n';

/** An evaluator that records what it was asked, to tell it apart from the default. */
function recordingCel(): CelEvaluator & { checked: string[] } {
  const checked: string[] = [];
  return {
    checked,
    evaluate: () => ({ ok: true, value: true }),
    check(expression) {
      checked.push(expression);
      return { ok: true, value: undefined };
    },
  };
}

describe("the check pipeline", () => {
  it("gives the parsed document only when it was read in full and breaks no rule", () => {
    expect(BAD_CEL).not.toBe(WITH_EXPRESSION);
    const good = checkText(PATTERN_ONLY);
    expect(good.errors).toEqual([]);
    expect(good.document?.attack?.name).toBeTypeOf("string");
    const bad = checkText(BAD_CEL);
    expect(bad.document).toBeUndefined();
    expect(bad.errors.map((e) => e.rule)).toContain("V-014");
    const unreadable = checkText(NOT_YAML);
    expect(unreadable.document).toBeUndefined();
    expect(unreadable.errors[0]?.rule).toMatch(/^parse\//);
  });

  it("is what load, validate over text and the CLI each report", async () => {
    for (const text of [PATTERN_ONLY, WITH_EXPRESSION, BAD_CEL, NOT_YAML]) {
      const checked = checkText(text);
      const loaded = load(text);
      expect(loaded.ok).toBe(checked.document !== undefined);
      if (!loaded.ok) expect(loaded.error).toEqual(checked.errors);
      expect(loaded.warnings).toEqual(checked.warnings);
      expect(validate(text)).toEqual({ errors: checked.errors, warnings: checked.warnings });
      const waited = await checkTextLoadingCel(text);
      expect(waited).toEqual(checked);
      const cli = await checkDocument(text);
      expect(cli.valid).toBe(checked.document !== undefined);
      expect(cli.diagnostics.map((d) => d.rule).sort()).toEqual(
        [...checked.errors, ...checked.warnings].map((d) => d.rule).sort(),
      );
    }
  });

  it("passes the caller's CEL evaluator through, and none for null", () => {
    const cel = recordingCel();
    expect(checkText(BAD_CEL, { cel }).errors.map((e) => e.rule)).not.toContain("V-014");
    expect(cel.checked.length).toBeGreaterThan(0);
    const none = checkText(WITH_EXPRESSION, { cel: null });
    expect(none.warnings.map((w) => w.rule)).toContain("OATF-V014-SKIPPED");
  });

  it("honours the parse limits", () => {
    const tooBig = checkText(PATTERN_ONLY, { maxBytes: 10 });
    expect(tooBig.document).toBeUndefined();
    expect(tooBig.errors.map((e) => e.rule)).toEqual(["parse/too-large"]);
  });
});

describe("the CEL-loading policy", () => {
  const pattern = checkText(PATTERN_ONLY).document;
  const expression = checkText(WITH_EXPRESSION).document;

  it("gives the default only to documents with an expression", async () => {
    expect(hasExpressionKey(pattern)).toBe(false);
    expect(hasExpressionKey(expression)).toBe(true);
    // A text gets the default loaded on first use, which validate asks for only to check CEL.
    const asked = recordingCel();
    checkText(PATTERN_ONLY, { cel: asked });
    expect(asked.checked).toEqual([]);
    checkText(WITH_EXPRESSION, { cel: asked });
    expect(asked.checked.length).toBeGreaterThan(0);
    const onFirstUse = celForText(undefined);
    expect(onFirstUse?.check?.("size(x) > 1")).toEqual(
      defaultCelEvaluator().check?.("size(x) > 1"),
    );
    expect(onFirstUse?.check?.("(((")).toEqual(defaultCelEvaluator().check?.("((("));
    expect(await loadCelFor(pattern)).toBeUndefined();
    expect(await loadCelFor(expression)).toBe(await loadDefaultCel());
  });

  it("always gives the caller's evaluator, and none for null", async () => {
    const cel = recordingCel();
    for (const document of [pattern, expression]) {
      expect(celForText(cel)).toBe(cel);
      expect(await loadCelFor(document, cel)).toBe(cel);
      expect(celForText(null)).toBeUndefined();
      expect(await loadCelFor(document, null)).toBeUndefined();
    }
  });

  it("gives documents built in code the default, unscanned", () => {
    // The parsed form of BAD_CEL, passed as a document: `validate` checks its CEL by default.
    const parsed = structuredClone(checkText(BAD_CEL.replace("(((", "")).document!);
    const detection = parsed.attack!.indicators![0]!;
    expect(detection.expression).toBeDefined();
    detection.expression!.cel = "(((x";
    expect(validate(parsed).errors.map((e) => e.rule)).toEqual(["V-014"]);
    expect(validate(parsed, { cel: null }).errors).toEqual([]);
  });
});
