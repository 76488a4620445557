// load (SDK §3.5) and the CEL wiring of the `oatf` package's validate and load.
import { readFileSync } from "node:fs";
import { err, ok } from "@oatf/model/internal";
import fc from "fast-check";
import {
  type CelEvaluator,
  defaultCelEvaluator,
  isParseError,
  isValidationError,
  load,
  normalize,
  parse,
  validate,
} from "oatf";
import { V014_SKIPPED } from "oatf/advanced";
import { describe, expect, it } from "vitest";

const benchDocument = readFileSync(new URL("../bench/multi-actor.yaml", import.meta.url), "utf8");

const withCel = (cel: string) => `oatf: "0.1"
attack:
  execution:
    mode: mcp_server
    state:
      tools: []
  indicators:
    - target: "tools"
      expression:
        cel: '${cel}'
`;

describe("load", () => {
  it("returns the normalized document with the validation warnings", () => {
    const result = load(withCel("size(message.tools) > 0"));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.document.attack.execution.actors?.[0]).toMatchObject({
      name: "default",
      mode: "mcp_server",
    });
    expect(result.value.document.attack.indicators?.[0]).toMatchObject({
      id: "indicator-01",
      protocol: "mcp",
    });
    expect(result.value.warnings).toEqual([]);
  });

  it("is parse, then validate, then normalize", () => {
    const parsed = parse(benchDocument);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const { errors, warnings } = validate(parsed.value);
    expect(errors).toEqual([]);
    expect(load(benchDocument)).toEqual({
      ...ok({ document: normalize(parsed.value), warnings }),
      warnings,
    });
  });

  it("keeps validation warnings beside a valid document", () => {
    const result = load(withCel("true").replace("mcp_server", "voice_server"));
    expect(result.ok).toBe(true);
    expect(result.ok && result.value.warnings.map((w) => w.rule)).toContain("W-002");
  });

  it("keeps the warnings when the document is invalid, and reports parse problems with the rules", () => {
    const result = load(`oatf: "0.1"
attack:
  status: nope
  execution:
    mode: voice_server
    state: {}
  indicators:
    - target: "a.b"
      confidence: 500
      pattern: {contains: x}
`);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.map((e) => e.rule)).toEqual(["V-005", "V-025"]);
    expect(result.warnings.map((w) => w.rule)).toContain("W-002");
  });

  it("returns a NormalizedDocument: the N-001..N-008 fields need no assertion", () => {
    const result = load(benchDocument);
    if (!result.ok) throw new Error("expected a valid document");
    const { attack } = result.value.document;
    const name: string = attack.name;
    const phaseMode: string = attack.execution.actors[0]!.phases[0]!.mode;
    const id: string | undefined = attack.indicators?.[0]?.id;
    expect([name, phaseMode, id].every((v) => typeof v === "string")).toBe(true);
  });

  it("returns parse errors and does not validate", () => {
    const result = load("oatf: [unclosed");
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.length).toBeGreaterThan(0);
    expect(result.error.every(isParseError)).toBe(true);
  });

  it("returns every validation error and no document", () => {
    const text = `oatf: "0.1"
attack:
  id: bad-id
  severity:
    level: high
    confidence: 140
  execution:
    mode: mcp_server
    state: {}
`;
    const result = load(text);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.every(isValidationError)).toBe(true);
    expect(result.error.map((e) => "rule" in e && e.rule).sort()).toEqual(["V-017", "V-023"]);
    // Positions come from the parsed source.
    expect(result.error.every((e) => typeof e.range?.start.line === "number")).toBe(true);
  });

  it("never throws, whatever the text", () => {
    const fragments = fc.constantFrom(
      'oatf: "0.1"\n',
      "attack:\n",
      "  execution:\n",
      "    mode: mcp_server\n",
      "    state: {}\n",
      "  indicators:\n",
      "    - target: x\n",
      "      pattern: {contains: y}\n",
      "      expression: {cel: '('}\n",
      "__proto__: {a: 1}\n",
      "&a x: *a\n",
      "\t- [\n",
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.array(fragments).map((f) => f.join("")),
        ),
        (text) => {
          const result = load(text);
          expect(typeof result.ok).toBe("boolean");
        },
      ),
      { numRuns: 300 },
    );
    expect(load(undefined as unknown as string).ok).toBe(false);
  });
});

describe("CEL wiring", () => {
  const invalid = withCel("size(message.tools) >");

  it("checks CEL syntax (V-014) with the default evaluator", () => {
    const rules = (r: ReturnType<typeof load>) =>
      r.ok ? [] : r.error.map((e) => "rule" in e && e.rule);
    expect(rules(load(invalid))).toContain("V-014");
    expect(validate(parseOk(invalid)).errors.map((e) => e.rule)).toContain("V-014");
  });

  it("skips the CEL check, with a warning, when cel is null", () => {
    const result = load(invalid, { cel: null });
    expect(result.ok).toBe(true);
    expect(result.ok && result.value.warnings.map((w) => w.rule)).toContain(V014_SKIPPED);
    expect(validate(parseOk(invalid), { cel: null }).errors).toEqual([]);
  });

  it("uses a caller's evaluator instead of the default", () => {
    const checked: string[] = [];
    const cel: CelEvaluator = {
      evaluate: () => err({ kind: "cel_error", message: "unused" }),
      check: (expression) => {
        checked.push(expression);
        return err({ message: "rejected by the custom checker" });
      },
    };
    const result = load(withCel("true"), { cel });
    expect(checked).toEqual(["true"]);
    expect(result.ok ? [] : result.error.map((e) => e.message).join()).toContain(
      "rejected by the custom checker",
    );
  });

  it("passes other validate options through", () => {
    const text = withCel("true").replace("mcp_server", "voice_server");
    const result = load(text, { suppressWarnings: ["W-002"] });
    expect(result.ok && result.value.warnings).toEqual([]);
  });

  it("shares one default evaluator", () => {
    expect(defaultCelEvaluator()).toBe(defaultCelEvaluator());
  });
});

function parseOk(text: string) {
  const result = parse(text);
  if (!result.ok) throw new Error("does not parse");
  return result.value;
}
