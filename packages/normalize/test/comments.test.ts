// serializeNormalized: the canonical text with the source's comments carried over (issue 25:
// `oatf normalize` dropped every comment of a hand-written file).
import { readdirSync, readFileSync } from "node:fs";
import { parse, serialize } from "@oatf/model";
import { normalize, serializeNormalized } from "@oatf/normalize";
import { describe, expect, it } from "vitest";

function canonicalWithComments(source: string): string {
  const parsed = parse(source);
  if (!parsed.ok) throw new Error(parsed.error.map((e) => e.message).join("\n"));
  return serializeNormalized(parsed.value, source);
}

const SOURCE = `# Rug pull: a tool that changes after approval.
oatf: "0.1" # the format version
attack:
  # what it is called
  name: Rug pull # short
  severity: high # how bad
  execution:
    mode: mcp_server # removed by N-007
    phases:
      # the trust phase
      - name: trust # first
        state:
          tools: [] # none yet
        trigger:
          event: tools/call
      - name: swap
  indicators:
    # the one indicator
    - target: tools[*].description
      pattern:
        contains: IMPORTANT # shorthand, expanded by N-005
  # after the last field of attack
`;

describe("serializeNormalized", () => {
  const out = canonicalWithComments(SOURCE);
  const lines = out.split("\n");
  const lineWith = (text: string) => lines.find((line) => line.includes(text));

  it("without comments: exactly serialize(normalize(document))", () => {
    const source = SOURCE.replace(/ *#.*$/gm, "").replace(/^\n/gm, "");
    const parsed = parse(source);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(serializeNormalized(parsed.value, source)).toBe(serialize(normalize(parsed.value)));
  });

  it("keeps every comment of the source", () => {
    const comments = (text: string) => [...text.matchAll(/#(.*)$/gm)].map((m) => m[1]!.trim());
    expect(comments(out).sort()).toEqual(comments(SOURCE).sort());
  });

  it("is the canonical text once the comments are removed", () => {
    const parsed = parse(SOURCE);
    if (!parsed.ok) throw new Error("invalid");
    const stripped = out
      .split("\n")
      .filter((line) => !/^\s*#/.test(line))
      .map((line) => line.replace(/ #.*$/, ""))
      .join("\n");
    expect(stripped).toBe(serialize(normalize(parsed.value)));
  });

  it("puts each comment at its field, also where normalization moved the field", () => {
    expect(lines[0]).toBe("# Rug pull: a tool that changes after approval.");
    expect(lineWith("oatf:")).toBe('oatf: "0.1" # the format version');
    expect(lineWith("name: Rug pull")).toBe("  name: Rug pull # short");
    expect(lines[lines.indexOf("  name: Rug pull # short") - 1]).toBe("  # what it is called");
    // A comment after a key whose value becomes a mapping goes on the line before it.
    expect(lines[lines.indexOf("  severity:") - 1]).toBe("  # how bad");
    // execution.phases[0] → execution.actors[0].phases[0]; execution.mode → the actor's mode.
    expect(lineWith("- name: trust")).toBe("          - name: trust # first");
    expect(lines[lines.indexOf("          - name: trust # first") - 1]).toBe(
      "          # the trust phase",
    );
    expect(lineWith("mode: mcp_server # removed")).toBe(
      "        mode: mcp_server # removed by N-007",
    );
    expect(lineWith("tools: []")).toBe("              tools: [] # none yet");
    // pattern.contains → pattern.condition.contains
    expect(lineWith("contains:")).toMatch(/^ {10}contains: .*# shorthand, expanded by N-005$/);
    expect(lines.at(-2)).toBe("  # after the last field of attack");
  });

  it("is stable: normalizing its own output changes nothing", () => {
    expect(canonicalWithComments(out)).toBe(out);
  });
});

describe("serializeNormalized on the examples", () => {
  const dir = new URL("../../../examples/", import.meta.url);
  const files = readdirSync(dir).filter((f) => f.endsWith(".yaml"));

  it.each(files)("%s: the normalized document, its comments kept, stable", (file) => {
    const source = readFileSync(new URL(file, dir), "utf8");
    const parsed = parse(source);
    if (!parsed.ok) throw new Error(`${file} does not parse`);
    const out = serializeNormalized(parsed.value, source);
    const reread = parse(out);
    expect(reread.ok && reread.value).toEqual(normalize(parsed.value));
    const commentLines = (text: string) => text.split("\n").filter((l) => /^\s*#/.test(l)).length;
    expect(commentLines(out)).toBeGreaterThanOrEqual(commentLines(source));
    expect(canonicalWithComments(out)).toBe(out);
  });
});
