// carryComments: the source's comments on the canonical YAML, on the nodes they belonged to,
// wherever N-001..N-008 moved them; the canonical values never change.
import { parse, serialize } from "@oatf/model";
import { normalize } from "@oatf/normalize";
import { carryComments } from "@oatf/normalize/comments";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isScalar, parseDocument, visit } from "yaml";
import { validDocument } from "./arbitraries.js";

function canonicalOf(source: string): string {
  const parsed = parse(source);
  if (!parsed.ok) throw new Error(parsed.error.map((e) => e.message).join("; "));
  return serialize(normalize(parsed.value));
}

function carried(source: string) {
  const canonical = canonicalOf(source);
  const result = carryComments(source, canonical);
  // The values are the canonical form's, whatever the comments.
  expect(parseDocument(result.text).toJS()).toEqual(parseDocument(canonical).toJS());
  return result;
}

/** The line of `text` that contains `needle`. */
function lineWith(text: string, needle: string): string {
  const lines = text.split("\n").filter((l) => l.includes(needle));
  expect(lines, needle).toHaveLength(1);
  return lines[0]!;
}

describe("comments follow their nodes through the N-steps", () => {
  it("N-006 single-phase form, N-002 severity, N-005 shorthand, N-008 tags", () => {
    const source = `# about this attack
oatf: "0.1" # format version
attack:
  name: Rug pull # the name
  severity: high # why high
  classification:
    category: capability_poisoning
    tags:
      - Tool_Poisoning # was upper case
  execution:
    mode: mcp_server # server side
    state:
      tools:
        # the bait
        - name: calc
          description: adds # innocent
  indicators:
    - target: tools[*].description
      pattern:
        contains: IMPORTANT # the shorthand operator
`;
    const { text, dropped } = carried(source);
    expect(dropped).toBe(0);
    expect(text.startsWith("# about this attack\n")).toBe(true);
    expect(lineWith(text, "# format version")).toBe('oatf: "0.1" # format version');
    expect(lineWith(text, "# the name")).toBe("  name: Rug pull # the name");
    // N-002: on the scalar severity, now its level.
    expect(lineWith(text, "# why high")).toMatch(/^ {4}level: high # why high$/);
    // N-008: the tag changed, its comment stayed.
    expect(lineWith(text, "# was upper case")).toMatch(/- tool-poisoning # was upper case$/);
    // N-006: execution.mode is the default actor's mode; state moved under its phase.
    expect(lineWith(text, "# server side")).toMatch(/^ {8}mode: mcp_server # server side$/);
    expect(lineWith(text, "# innocent")).toMatch(/^ {18}description: adds # innocent$/);
    const bait = text.split("\n").indexOf("                # the bait");
    expect(text.split("\n")[bait + 1]).toBe("                - name: calc");
    // N-005: the operator moved under condition, with its comment.
    expect(lineWith(text, "# the shorthand operator")).toMatch(
      /^ {10}contains: IMPORTANT # the shorthand operator$/,
    );
  });

  it("N-007 multi-phase form: comments under phases move with them", () => {
    const source = `oatf: "0.1"
attack:
  execution:
    mode: mcp_server
    phases:
      - name: trust # build trust first
        state: {tools: []}
        trigger:
          event: tools/call # after one call
      # then swap
      - name: swap
        state: {tools: []}
  indicators:
    - target: tools
      pattern: {regex: "x"}
`;
    const { text, dropped } = carried(source);
    expect(dropped).toBe(0);
    expect(lineWith(text, "# build trust first")).toMatch(
      /^ {10}- name: trust # build trust first$/,
    );
    expect(lineWith(text, "# after one call")).toMatch(
      /^ {14}event: tools\/call # after one call$/,
    );
    const lines = text.split("\n");
    expect(lines[lines.indexOf("          # then swap") + 1]).toBe("          - name: swap");
  });

  it("fields reordered into specification order keep their comments", () => {
    const source = `attack:
  execution: # how it runs
    state: {}
    mode: mcp_server
  name: Late name # written last
oatf: "0.1" # written after attack
`;
    const { text, dropped } = carried(source);
    expect(dropped).toBe(0);
    expect(text.split("\n")[0]).toBe('oatf: "0.1" # written after attack');
    expect(lineWith(text, "# written last")).toBe("  name: Late name # written last");
    expect(text).toContain("# how it runs");
  });

  it("a document without comments comes back as the canonical text, byte for byte", () => {
    const source = `oatf: "0.1"\nattack:\n  execution:\n    mode: mcp_server\n    state: {tools: []}\n`;
    const canonical = canonicalOf(source);
    expect(carryComments(source, canonical)).toEqual({ text: canonical, dropped: 0 });
  });

  it("never changes values: text that is not the canonical form's keeps none", () => {
    const source = `oatf: "0.1" # a comment\nattack:\n  execution:\n    mode: mcp_server\n    state: {}\n`;
    // Not what serialize writes (flow style): the comments are not placed, but counted.
    const notCanonical = `{oatf: "0.1", attack: {execution: {mode: mcp_server, state: {}}}}\n`;
    expect(carryComments(source, notCanonical)).toEqual({ text: notCanonical, dropped: 1 });
    expect(carryComments("{unclosed", "oatf: '0.1'\n").text).toBe("oatf: '0.1'\n");
  });
});

it("generated documents: a comment on every field reaches the canonical text", () => {
  fc.assert(
    fc.property(validDocument, (document) => {
      const yaml = parseDocument(serialize(document));
      let n = 0;
      visit(yaml, {
        Pair(_key, pair) {
          if (isScalar(pair.key)) pair.key.commentBefore = ` c${n++}`;
        },
      });
      const source = yaml.toString();
      const { text, dropped } = carried(source);
      expect(dropped).toBe(0);
      for (let i = 0; i < n; i++) expect(text).toMatch(new RegExp(`# c${i}\\n`));
    }),
    { numRuns: 150 },
  );
});
