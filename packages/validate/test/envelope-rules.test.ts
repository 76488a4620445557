// The document root and the attack envelope (format §4; SDK §3.2 V-001, V-003, V-004, V-005,
// V-017, V-020, V-023, V-035, V-045, V-046 and W-001): each finding's rule, path and message.
import { CATEGORIES, parse, RELATIONSHIPS, SEVERITY_LEVELS, STATUSES } from "@oatf/model";
import { validate } from "@oatf/validate";
import { describe, expect, it } from "vitest";
import { findings, notAllowed, withAttack } from "./findings.js";

const EXECUTION = { mode: "mcp_server", state: { tools: [] } };

describe("the document root", () => {
  it("V-001: names what is wrong with `oatf`", () => {
    expect(findings({ attack: { execution: EXECUTION } }).errors).toEqual([
      {
        rule: "V-001",
        path: "oatf",
        message: 'the `oatf` version is missing; add `oatf: "0.1"` as the first key',
      },
    ]);
    expect(findings({ oatf: 0.1, attack: { execution: EXECUTION } }).errors).toEqual([
      {
        rule: "V-001",
        path: "oatf",
        message: '`oatf` must be a quoted version string such as "0.1", got 0.1',
      },
    ]);
    expect(findings({ oatf: "0.2", attack: { execution: EXECUTION } }).errors).toEqual([
      { rule: "V-001", path: "oatf", message: 'unsupported OATF version "0.2"; supported: 0.1' },
    ]);
  });

  it("W-001: `oatf` should come first", () => {
    expect(findings({ attack: { execution: EXECUTION }, oatf: "0.1" })).toEqual({
      errors: [],
      warnings: [
        {
          rule: "W-001",
          path: "oatf",
          message: "`oatf` should be the first key of the document (V-002)",
        },
      ],
    });
  });

  it("V-003: exactly one attack object", () => {
    expect(findings({ oatf: "0.1" }).errors).toEqual([
      { rule: "V-003", path: "attack", message: "the document needs exactly one `attack` object" },
    ]);
    expect(findings({ oatf: "0.1", attack: [{ execution: EXECUTION }] }).errors).toEqual([
      { rule: "V-003", path: "attack", message: "`attack` must be a single object, got a list" },
    ]);
    expect(findings({ oatf: "0.1", attack: "probe" }).errors).toEqual([
      { rule: "V-003", path: "attack", message: '`attack` must be a single object, got "probe"' },
    ]);
  });

  it("V-020: reports each anchor, alias, merge key and custom tag where it is written", () => {
    const text = `oatf: "0.1"
attack:
  name: &label probe
  description: *label
  execution:
    mode: mcp_server
    state:
      base: &base {a: 1}
      tools:
        - <<: *base
          name: !custom x
`;
    const result = parse(text);
    if (!result.ok) throw new Error(JSON.stringify(result.error));
    const { errors } = validate(result.value);
    const at = (line: number, column: number) => {
      const offset =
        text
          .split("\n")
          .slice(0, line - 1)
          .join("\n").length + column;
      return {
        range: {
          start: { line, column, offset },
          end: { line, column: column + 1, offset: offset + 1 },
        },
      };
    };
    // Each at the node that carries the feature (an anchor or tag: the value it is on).
    const v020 = (path: string, use: string, line: number, column: number) => ({
      rule: "V-020",
      path,
      message: `OATF documents must not use ${use}; write the value out in full`,
      ...at(line, column),
    });
    expect(
      errors.map(({ rule, path, message, range }) => ({ rule, path, message, range })),
    ).toEqual([
      v020("attack.name", "an anchor (&) `label`", 3, 16),
      v020("attack.description", "an alias (*) `label`", 4, 16),
      v020("attack.execution.state.base", "an anchor (&) `base`", 8, 19),
      v020("attack.execution.state.tools[0].<<", "a merge key (<<)", 10, 11),
      v020("attack.execution.state.tools[0].<<", "an alias (*) `base`", 10, 15),
      v020("attack.execution.state.tools[0].name", "a custom tag `!custom`", 11, 25),
    ]);
  });
});

describe("the attack envelope", () => {
  it("V-004: execution is required and is an object", () => {
    expect(findings({ oatf: "0.1", attack: {} }).errors).toEqual([
      { rule: "V-004", path: "attack.execution", message: "`attack.execution` is required" },
    ]);
    expect(findings({ oatf: "0.1", attack: { execution: [] } }).errors).toEqual([
      {
        rule: "V-004",
        path: "attack.execution",
        message: "`attack.execution` must be an object with `state`, `phases` or `actors`",
      },
    ]);
  });

  it("V-023: an attack id is an uppercase prefix and at least three digits, nothing around", () => {
    expect(findings(withAttack({ id: "ACME-001" })).errors).toEqual([]);
    for (const id of ["ACME-01", "xACME-001", "ACME-001x", ["ACME-001"], 7]) {
      expect(findings(withAttack({ id })).errors).toContainEqual({
        rule: "V-023",
        path: "attack.id",
        message: `attack id ${JSON.stringify(id)} must look like PREFIX-NNN (uppercase prefix, at least three digits), e.g. ACME-001`,
      });
    }
  });

  it("V-035: the version is an integer of at least 1", () => {
    expect(findings(withAttack({ version: 1 })).errors).toEqual([]);
    for (const version of [0, 1.5, "2"]) {
      expect(findings(withAttack({ version })).errors).toContainEqual({
        rule: "V-035",
        path: "attack.version",
        message: `version must be an integer >= 1, got ${JSON.stringify(version)}`,
      });
    }
  });

  it("V-046: the grace period is a duration", () => {
    expect(findings(withAttack({ grace_period: "PT30S" })).errors).toEqual([]);
    expect(findings(withAttack({ grace_period: 30 })).errors).toEqual([
      {
        rule: "V-046",
        path: "attack.grace_period",
        message: '30 is not a duration; write e.g. "30s", "5m" or "PT30S"',
      },
    ]);
    const [error] = findings(withAttack({ grace_period: "soon" })).errors;
    expect(error).toMatchObject({ rule: "V-046", path: "attack.grace_period" });
    expect(error!.message).toMatch(
      /^"soon" is not a duration; write e\.g\. "30s", "5m" or "PT30S": \S/,
    );
  });

  it("V-005: status and classification take their closed values", () => {
    const { errors } = findings(
      withAttack({
        status: "final",
        classification: {
          category: "mischief",
          mappings: [{ framework: "atlas", id: "T1", relationship: "cousin" }],
        },
      }),
    );
    expect(errors).toEqual([
      notAllowed("attack.status", "final", STATUSES),
      notAllowed("attack.classification.category", "mischief", CATEGORIES),
      notAllowed("attack.classification.mappings[0].relationship", "cousin", RELATIONSHIPS),
    ]);
  });

  describe("severity, scalar or object form", () => {
    it("V-005: a scalar severity is a level", () => {
      expect(findings(withAttack({ severity: "high" })).errors).toEqual([]);
      expect(findings(withAttack({ severity: "dire" })).errors).toEqual([
        notAllowed("attack.severity", "dire", SEVERITY_LEVELS),
      ]);
    });

    it("V-005: anything else is neither form", () => {
      expect(findings(withAttack({ severity: 3 })).errors).toEqual([
        {
          rule: "V-005",
          path: "attack.severity",
          message: `severity must be a level (${SEVERITY_LEVELS.join(", ")}) or {level, confidence}`,
        },
      ]);
    });

    it("V-005 and V-017: the object form's level and confidence", () => {
      expect(findings(withAttack({ severity: { level: "low", confidence: 0 } })).errors).toEqual(
        [],
      );
      expect(findings(withAttack({ severity: { level: "high", confidence: 100 } })).errors).toEqual(
        [],
      );
      expect(findings(withAttack({ severity: { level: "dire", confidence: 101 } })).errors).toEqual(
        [
          notAllowed("attack.severity.level", "dire", SEVERITY_LEVELS),
          {
            rule: "V-017",
            path: "attack.severity.confidence",
            message: "confidence must be an integer from 0 to 100, got 101",
          },
        ],
      );
      for (const confidence of [-1, 50.5, "50"]) {
        expect(
          findings(withAttack({ severity: { level: "low", confidence } })).errors,
        ).toContainEqual({
          rule: "V-017",
          path: "attack.severity.confidence",
          message: `confidence must be an integer from 0 to 100, got ${JSON.stringify(confidence)}`,
        });
      }
    });
  });

  it("V-045: an impact listed twice is reported once, on the list", () => {
    const impact = ["data_exfiltration", "data_exfiltration", "data_exfiltration"];
    expect(findings(withAttack({ impact })).errors).toEqual([
      {
        rule: "V-045",
        path: "attack.impact",
        message: 'impact "data_exfiltration" is listed more than once; remove the duplicate',
      },
    ]);
  });
});
