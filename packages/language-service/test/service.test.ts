import { readFileSync } from "node:fs";
import { parseRecovering } from "@oatf/model";
import { validate, validateRecovered } from "@oatf/validate";
import { describe, expect, it } from "vitest";
import { TextDocument } from "vscode-languageserver-textdocument";
import type { Position } from "vscode-languageserver-types";
import { createLanguageService } from "../src/index.js";

const example = readFileSync(
  new URL("../../../examples/cross-protocol-chain.yaml", import.meta.url),
  "utf8",
);

/** The position of `needle`'s occurrence in `text`, `shift` characters into it. */
function at(text: string, needle: string, shift = 0, nth = 0): Position {
  let index = -1;
  for (let i = 0; i <= nth; i++) index = text.indexOf(needle, index + 1);
  if (index < 0) throw new Error(`no ${needle} in the text`);
  return TextDocument.create("u", "yaml", 0, text).positionAt(index + shift);
}

function doc(text: string, uri = "file:///doc.yaml") {
  return { uri, version: 1, text };
}

const service = createLanguageService();

describe("diagnostics", () => {
  it("are validate's, with their ranges mapped to line and character", () => {
    const text = example.replace("tier: ingested", "tier: ingestd");
    const expected = validateRecovered(parseRecovering(text), {});
    const got = service.diagnostics(doc(text));
    expect(got.map((d) => [d.code, d.message])).toEqual(
      [...expected.errors, ...expected.warnings].map((d) => [d.rule, d.message]),
    );
    const tier = got.find((d) => d.code === "V-005" || d.code === "parse/unknown-variant");
    expect(tier?.range.start).toEqual(at(text, "ingestd"));
    expect(tier?.data).toMatchObject({ path: "attack.indicators[0].tier" });
  });

  it("are empty for a valid document, apart from validate's own warnings", () => {
    const { errors } = validate(parseRecovering(example).document as never, {});
    expect(errors).toEqual([]);
    expect(service.diagnostics(doc(example)).filter((d) => d.severity === 1)).toEqual([]);
  });
});

describe("hover", () => {
  it("on a field: its SDK §2 description and section", () => {
    expect(service.hover(doc(example), { line: 1000, character: 0 })).toBeNull();
    const direction = service.hover(doc(example), at(example, "direction:", 1));
    expect(JSON.stringify(direction?.contents)).toContain("SDK §2.12 Indicator");
    expect(JSON.stringify(direction?.contents)).toContain("one of `request`, `response`");
    const tier = service.hover(doc(example), at(example, "tier:", 1));
    expect(JSON.stringify(tier?.contents)).toContain(
      "`ingested` < `local_action` < `boundary_breach`",
    );
  });

  it("on an enum value: the allowed values", () => {
    const h = service.hover(doc(example), at(example, "critical", 2));
    expect(JSON.stringify(h?.contents)).toContain(
      "Allowed: `informational`, `low`, `medium`, `high`, `critical`",
    );
  });

  it("on a surface: protocol, observing modes and content", () => {
    const h = service.hover(doc(example), at(example, "surface: message/send", 10));
    const text = JSON.stringify(h?.contents);
    expect(text).toContain("protocol: `a2a`");
    expect(text).toContain("`a2a_server`");
    expect(text).toContain("content:");
  });

  it("on a mode: its binding and the events it observes", () => {
    const h = JSON.stringify(
      service.hover(doc(example), at(example, "mode: a2a_server", 8))?.contents,
    );
    expect(h).toContain("the a2a server (format §7.2)");
    expect(h).toContain("`agent_card/get`");
  });

  it("on a diagnostic: the rule and what it checks", () => {
    const text = example.replace("tier: ingested", "tier: ingestd");
    const h = service.hover(doc(text), at(text, "ingestd", 2));
    expect(JSON.stringify(h?.contents)).toMatch(/\*\*(V-005|parse\/unknown-variant)\*\*/);
  });
});

describe("completion", () => {
  const labels = (text: string, position: Position) =>
    service.completion(doc(text), position).items.map((i) => i.label);

  it("offers the fields of the mapping at the cursor that are not written yet", () => {
    const text = example.replace("      tier: ingested\n", "      tier: ingested\n      \n");
    const got = labels(text, at(text, "      \n", 6));
    expect(got).toContain("confidence");
    expect(got).toContain("false_positives");
    expect(got).not.toContain("tier");
    expect(got).not.toContain("mode");
  });

  it("offers a partial key's fields on a new list item", () => {
    const text = example.replace("  indicators:\n", "  indicators:\n    - sur\n");
    const got = labels(text, at(text, "- sur", 5));
    expect(got).toContain("surface");
    expect(got).toContain("target");
  });

  it("offers a severity's keys on its own lines and its levels after the colon", () => {
    const block = 'oatf: "0.1"\nattack:\n  severity:\n    \n';
    expect(labels(block, { line: 3, character: 4 })).toEqual(["level", "confidence"]);
    const scalar = 'oatf: "0.1"\nattack:\n  severity: \n';
    expect(labels(scalar, { line: 2, character: 12 })).toContain("critical");
  });

  it("offers enum values", () => {
    const text = example.replace("tier: ingested", "tier: ");
    expect(labels(text, at(text, "tier: ", 6))).toEqual([
      "ingested",
      "local_action",
      "boundary_breach",
    ]);
  });

  it("offers the surfaces of the indicator's protocol and the events of the actor's mode", () => {
    const text = example.replace("surface: message/send", "surface: mess");
    const surfaces = labels(text, at(text, "surface: mess", 13));
    expect(surfaces).toContain("message/send");
    expect(surfaces).not.toContain("tools/call");
    const events = labels(example, at(example, "event: tools/call", 7));
    expect(events).toContain("tools/call");
    expect(events).toContain("notifications/initialized");
    expect(events).not.toContain("message/send");
  });

  it("offers actor names for indicator.actor and extractors inside {{", () => {
    expect(labels(example, at(example, "actor: rogue_checker", 7))).toEqual([
      "mcp_poisoner",
      "rogue_checker",
    ]);
    const text = example.replace("{{mcp_poisoner.requested_env}}", "{{mcp_poisoner.re");
    expect(labels(text, at(text, "{{mcp_poisoner.re", 17))).toEqual(["requested_env"]);
  });
});

describe("definition and references", () => {
  it("go from an indicator's actor and a template to the actor and extractor", () => {
    const d = service.definition(doc(example), at(example, "actor: rogue_checker", 9));
    expect(d).toHaveLength(1);
    expect(d[0]?.range.start).toEqual(at(example, "name: rogue_checker", 6));
    const e = service.definition(doc(example), at(example, "mcp_poisoner.requested_env", 16));
    expect(e[0]?.range.start).toEqual(at(example, "name: requested_env", 6));
    const actor = service.definition(doc(example), at(example, "{{mcp_poisoner", 4));
    expect(actor[0]?.range.start).toEqual(at(example, "name: mcp_poisoner", 6));
  });

  it("find every use of an actor", () => {
    const refs = service.references(doc(example), at(example, "name: mcp_poisoner", 8), true);
    expect(refs.map((r) => r.range.start)).toEqual([
      at(example, "name: mcp_poisoner", 6),
      at(example, "{{mcp_poisoner", 2),
      at(example, "actor: mcp_poisoner", 7),
    ]);
    expect(
      service.references(doc(example), at(example, "name: mcp_poisoner", 8), false),
    ).toHaveLength(2);
  });

  it("go to a phase and an indicator id from themselves", () => {
    expect(service.definition(doc(example), at(example, "name: poison", 7))).toHaveLength(1);
    expect(service.definition(doc(example), at(example, "OATF-030-02", 3))).toHaveLength(1);
  });
});

describe("document symbols", () => {
  it("outline actors with their phases, then indicators", () => {
    const symbols = service.documentSymbols(doc(example));
    expect(symbols.map((s) => [s.name, s.detail, s.children?.map((c) => c.name)])).toEqual([
      ["mcp_poisoner", "actor", ["poison", "wait"]],
      ["rogue_checker", "actor", ["pose"]],
      ["OATF-030-01", "indicator", undefined],
      ["OATF-030-02", "indicator", undefined],
      ["OATF-030-03", "indicator", undefined],
    ]);
  });
});

describe("quick fixes", () => {
  const fixes = (text: string) => {
    const d = doc(text, `file:///fix-${text.length}.yaml`);
    const diagnostics = service.diagnostics(d);
    return service.codeActions(
      d,
      diagnostics[0]?.range ?? { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
      diagnostics,
    );
  };
  const apply = (text: string, title: string) => {
    const action = fixes(text).find((a) => a.title === title);
    const edits = Object.values(action?.edit?.changes ?? {})[0] ?? [];
    return TextDocument.applyEdits(TextDocument.create("u", "yaml", 0, text), edits);
  };

  it("did-you-mean an enum value, a field name, a surface", () => {
    expect(fixes(example.replace("tier: ingested", "tier: ingestd")).map((a) => a.title)).toContain(
      "Change to `ingested`",
    );
    expect(
      fixes(example.replace("      tier: ingested", "      teir: ingested")).map((a) => a.title),
    ).toContain("Change to `tier`");
    const surface = example.replace("surface: message/send", "surface: mesage/send");
    expect(apply(surface, "Change to `message/send`")).toBe(example);
  });

  it("did-you-mean a mode (W-002)", () => {
    const text = example.replace("mode: a2a_server", "mode: a2a_sever");
    expect(apply(text, "Change to `a2a_server`")).toBe(example);
  });

  it("insert a missing required field", () => {
    const text = example.replace('      target: "name"\n', "");
    const fixed = apply(text, "Add required field `target`");
    expect(
      service.diagnostics(doc(fixed, "file:///fixed.yaml")).map((d) => d.data),
    ).not.toContainEqual(expect.objectContaining({ path: "attack.indicators[0].target" }));
    expect(fixed).toContain('    - target: ""\n      id: OATF-030-01');
  });
});

describe("edit distance", () => {
  it("counts a swap of neighbours as one edit and stops past the bound", async () => {
    const { editDistance, closest } = await import("../src/index.js");
    expect(editDistance("teir", "tier", 3)).toBe(1);
    expect(editDistance("stabel", "stable", 3)).toBe(1);
    expect(editDistance("kitten", "sitting", 3)).toBe(3);
    expect(editDistance("abc", "xyzxyz", 2)).toBe(3);
    expect(closest("colour", ["color", "column", "draft"])).toEqual(["color"]);
    expect(closest("tools/lsit", ["tools/list", "tools/call"])).toEqual(["tools/list"]);
  });
});

describe("validate: false", () => {
  it("gives no diagnostics and no rule text, and still hovers and completes", () => {
    const quiet = createLanguageService({ validate: false });
    const text = example.replace("tier: ingested", "tier: ingestd");
    expect(quiet.diagnostics(doc(text))).toEqual([]);
    expect(JSON.stringify(quiet.hover(doc(text), at(text, "ingestd", 2))?.contents)).not.toContain(
      "V-005",
    );
    expect(JSON.stringify(quiet.hover(doc(text), at(text, "ingestd", 2))?.contents)).toContain(
      "not a tier value",
    );
    expect(quiet.completion(doc(text), at(text, "tier: ", 6)).items.length).toBe(3);
  });
});

describe("completion ranges", () => {
  const edit = (text: string, position: Position, label: string) => {
    const item = service.completion(doc(text), position).items.find((i) => i.label === label);
    const textEdit = item?.textEdit as {
      range: import("vscode-languageserver-types").Range;
      newText: string;
    };
    return TextDocument.applyEdits(TextDocument.create("u", "yaml", 0, text), [textEdit]);
  };

  it("replace the whole word under the cursor, and keep an existing key's colon", () => {
    expect(edit(example, at(example, "direction: request", 13), "response")).toContain(
      "direction: response\n",
    );
    const renamed = edit(example, at(example, "      direction: request", 8), "confidence");
    expect(renamed).toContain("      confidence: request\n      target");
    expect(
      edit(example, at(example, "{{mcp_poisoner.requested_env}}", 5), "rogue_checker"),
    ).toContain("{{rogue_checker.requested_env}}");
  });
});

describe("hover on names", () => {
  it("says what a template's extractor captures and how often an actor is used", () => {
    const extractor = JSON.stringify(
      service.hover(doc(example), at(example, "requested_env}}", 3))?.contents,
    );
    expect(extractor).toContain(
      "captures from the request with json_path `$.arguments.env` (actor `mcp_poisoner`)",
    );
    const actor = JSON.stringify(
      service.hover(doc(example), at(example, "name: mcp_poisoner", 8))?.contents,
    );
    expect(actor).toContain("mode `mcp_server`");
    expect(actor).toContain("2 uses in this document");
    const text = example.replace("{{mcp_poisoner.requested_env}}", "{{mcp_poisoner.missing}}");
    expect(JSON.stringify(service.hover(doc(text), at(text, "missing}}", 2))?.contents)).toContain(
      "not defined",
    );
  });
});

describe("template diagnostics", () => {
  it("are narrowed to their {{…}} inside the string", () => {
    const text = example.replace(
      "{{mcp_poisoner.requested_env}}",
      "{{ ghost.requested_env }} and {{nope}}",
    );
    const got = service.diagnostics(doc(text, "file:///templates.yaml"));
    const ghost = got.find((d) => d.code === "V-032");
    expect(ghost?.range).toEqual({
      start: at(text, "{{ ghost"),
      end: at(text, "{{ ghost", "{{ ghost.requested_env }}".length),
    });
    const nope = got.find((d) => d.code === "W-004" && d.message.startsWith("{{nope}}"));
    expect(nope?.range.start).toEqual(at(text, "{{nope}}"));
  });
});
