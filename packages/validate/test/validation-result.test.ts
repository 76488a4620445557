// SDK §3.2 and §7.4: what validate returns. Errors carry severity, rule, message, path and
// spec reference, plus a position when the document came from `parse`; warnings carry a
// spec reference when their code has one.
import type { Document } from "@oatf/model";
import { parse, VALIDATION_RULES } from "@oatf/model";
import { V014_SKIPPED, validate } from "@oatf/validate";
import { describe, expect, it } from "vitest";

const builtInCode = (attack: Record<string, unknown>) =>
  ({ oatf: "0.1", attack }) as unknown as Document;

describe("errors", () => {
  it("of a document built in code have no position fields at all", () => {
    const { errors } = validate(
      builtInCode({ version: 0, execution: { mode: "mcp_server", state: {} } }),
    );
    expect(errors).toHaveLength(1);
    expect(Object.keys(errors[0]!).sort()).toEqual([
      "code",
      "message",
      "path",
      "rule",
      "severity",
      "spec_ref",
    ]);
    expect(errors[0]).toMatchObject({
      severity: "error",
      rule: "V-035",
      spec_ref: VALIDATION_RULES["V-035"].spec_ref,
    });
  });

  it("under parse rules carry the parse rule's spec reference", () => {
    const { errors } = validate(
      builtInCode({ name: 5, execution: { mode: "mcp_server", state: {} } }),
    );
    expect(errors).toEqual([
      {
        severity: "error",
        rule: "parse/type-mismatch",
        code: "parse/type-mismatch",
        message: "expected a string, found integer 5",
        path: "attack.name",
        spec_ref: expect.any(String),
      },
    ]);
    expect(errors[0]!.spec_ref.length).toBeGreaterThan(0);
  });

  it("of a parsed document carry their range", () => {
    const parsed = parse(
      `oatf: "0.1"\nattack:\n  version: 0\n  execution:\n    mode: mcp_server\n    state: {}\n`,
    );
    if (!parsed.ok) throw new Error("fixture does not parse");
    const { errors } = validate(parsed.value);
    expect(errors).toEqual([
      expect.objectContaining({
        rule: "V-035",
        range: {
          start: { line: 3, column: 12, offset: 31 },
          end: { line: 3, column: 13, offset: 32 },
        },
      }),
    ]);
  });

  it("a document that is not a finite tree is one V-020 error, nothing else", () => {
    const state: Record<string, unknown> = {};
    state.self = state;
    expect(validate(builtInCode({ execution: { mode: "mcp_server", state } }))).toEqual({
      errors: [
        {
          severity: "error",
          rule: "V-020",
          code: "V-020",
          spec_ref: VALIDATION_RULES["V-020"].spec_ref,
          message: "the document contains itself here (a cycle) (at attack.execution.state.self)",
          path: "attack.execution.state.self",
        },
      ],
      warnings: [],
    });
  });
});

describe("warnings", () => {
  const withCel = builtInCode({
    execution: { mode: "mcp_server", state: { tools: [] } },
    indicators: [{ target: "x", expression: { cel: "true" } }],
    severity: "high",
  });

  it("with a code outside the rule tables have no spec reference", () => {
    const { warnings } = validate(withCel);
    expect(warnings.map((w) => w.rule)).toEqual(["OATF-V014-SKIPPED"]);
    expect(V014_SKIPPED).toBe("OATF-V014-SKIPPED");
    expect(warnings[0]).not.toHaveProperty("spec_ref");
  });

  it("W-rules carry theirs", () => {
    const { warnings } = validate(builtInCode({ execution: { mode: "voice_server", state: {} } }));
    expect(warnings).toEqual([
      expect.objectContaining({
        rule: "W-002",
        spec_ref: "SDK §7.0",
        severity: "warning",
      }),
    ]);
  });

  it("are all kept when none is suppressed", () => {
    expect(validate(withCel, { suppressWarnings: [] }).warnings).toHaveLength(1);
  });
});
