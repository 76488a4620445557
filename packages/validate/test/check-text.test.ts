// Issue 34 §4: one way to check a text. `checkText` (@oatf/validate/text) is the recovering
// parse and validate in one pass, and beside each diagnostic the data behind it, so a tool
// (the language service) acts on data and never reads a message.
import { parseRecovering } from "@oatf/model";
import { validateRecovered } from "@oatf/validate";
import { checkText } from "@oatf/validate/text";
import { describe, expect, it } from "vitest";
import { celStub } from "./support.js";

const document = (extra: { surface?: string; event?: string; description?: string } = {}) =>
  `oatf: "0.1"
attack:
  execution:
    mode: mcp_server
    phases:
      - name: wait
        state:
          tools:
            - name: calc
              description: ${extra.description ?? "adds"}
        trigger:
          event: ${extra.event ?? "tools/call"}
      - name: done
  indicators:
    - surface: ${extra.surface ?? "tools/call"}
      target: name
      pattern:
        contains: calc
`;

describe("checkText", () => {
  it("reports what validateRecovered reports over the parse, and the document when usable", () => {
    const texts = [
      document(),
      document({ surface: "tools/lsit", event: "tools/cal" }),
      'oatf: "0.1"\nattack: [unclosed\n',
      document().replace("contains: calc", "contains: calc\n      severity: huge"),
    ];
    for (const text of texts) {
      const checked = checkText(text, { cel: celStub });
      const expected = validateRecovered(parseRecovering(text), { cel: celStub });
      expect(checked.errors).toEqual(expected.errors);
      expect(checked.warnings).toEqual(expected.warnings);
      const parsed = parseRecovering(text);
      expect(checked.document).toEqual(
        parsed.errors.length === 0 && expected.errors.length === 0 ? parsed.document : undefined,
      );
    }
    expect(checkText(document()).document?.attack?.execution).toBeDefined();
  });

  it("lists every diagnostic once, errors then warnings, as the same objects", () => {
    const checked = checkText(document({ surface: "tools/lsit" }).replace("oatf: ", "oatf: 9"));
    expect(checked.errors.length).toBeGreaterThan(0);
    expect(checked.warnings.length).toBeGreaterThan(0);
    expect(checked.findings.map((f) => f.diagnostic)).toEqual([
      ...checked.errors,
      ...checked.warnings,
    ]);
    const all = [...checked.errors, ...checked.warnings];
    for (const [i, f] of checked.findings.entries()) expect(f.diagnostic).toBe(all[i]);
  });

  it("gives the suggested value as data, the same one the message names", () => {
    const { findings } = checkText(document({ surface: "tools/lsit", event: "tools/cal" }));
    const surface = findings.find((f) => f.diagnostic.rule === "V-018");
    expect(surface?.suggestion).toBe("tools/list");
    expect(surface?.diagnostic.message).toContain("did you mean `tools/list`?");
    const event = findings.find((f) => f.diagnostic.rule === "V-029");
    expect(event?.suggestion).toBe("tools/call");
    expect(event?.diagnostic.message).toContain("did you mean `tools/call`?");
    const far = checkText(document({ surface: "zzzzzzzz" })).findings;
    expect(far.find((f) => f.diagnostic.rule === "V-018")?.suggestion).toBeUndefined();
  });

  it("gives a template finding the reference it is about, its range that `{{…}}`", () => {
    for (const newline of ["\n", "\r\n"]) {
      const text = document({ description: '"see {{ nope }} and {{ghost.x}}"' }).replaceAll(
        "\n",
        newline,
      );
      const { findings } = checkText(text);
      const nope = findings.find((f) => f.reference === "nope");
      expect(nope?.diagnostic.rule).toBe("W-004");
      const ghost = findings.find((f) => f.reference === "ghost.x");
      expect(ghost?.diagnostic.rule).toBe("V-032");
      for (const [finding, written] of [
        [nope, "{{ nope }}"],
        [ghost, "{{ghost.x}}"],
      ] as const) {
        const range = finding?.diagnostic.range;
        expect(text.slice(range?.start.offset, range?.end.offset)).toBe(written);
      }
    }
    const plain = checkText(document()).findings;
    expect(plain.every((f) => f.reference === undefined && f.suggestion === undefined)).toBe(true);
  });

  it("honours the parse limits", () => {
    const { errors, document: parsed } = checkText(document(), { maxBytes: 10 });
    expect(parsed).toBeUndefined();
    expect(errors.map((e) => e.rule)).toEqual(["parse/too-large"]);
  });
});
