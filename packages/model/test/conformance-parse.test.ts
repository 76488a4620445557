import { parse } from "@oatf/model";
import { describe, expect, it } from "vitest";
import { at } from "./at.js";
import { fixtureText, upstreamFiles } from "./fixtures.js";

const files = (kind: string) => upstreamFiles(`parse/${kind}`, { exclude: /\.meta\.yaml$/ });

describe("upstream parse corpus", () => {
  it.each(files("valid"))("parses valid/%s", (file) => {
    const result = parse(fixtureText(`parse/valid/${file}`));
    expect(result.ok ? [] : result.error).toEqual([]);
  });

  it.each(files("invalid"))("rejects invalid/%s with located errors", (file) => {
    const result = parse(fixtureText(`parse/invalid/${file}`));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.length).toBeGreaterThan(0);
    for (const error of result.error) {
      expect(["syntax", "type_mismatch", "unknown_variant"]).toContain(error.kind);
      expect(error.message).not.toBe("");
      expect(error.range?.start.line).toBeGreaterThanOrEqual(1);
      expect(error.range?.start.column).toBeGreaterThanOrEqual(1);
    }
  });

  it("reports the type mismatch of the fixture at its path and position", () => {
    const result = parse(fixtureText("parse/invalid/type-mismatch.yaml"));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toEqual([
      expect.objectContaining({
        kind: "type_mismatch",
        path: "attack.severity.confidence",
        ...at(7, 17),
      }),
    ]);
  });
});
