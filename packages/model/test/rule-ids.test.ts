// The one rule table (rule-ids.ts): every id a diagnostic names, anywhere in the SDK, is in it
// with its severity and spec reference.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  EVALUATION_ERROR_KINDS,
  EVALUATION_ERROR_KINDS_TABLE,
  EVALUATION_RULES,
  isDiagnosticRule,
  PARSE_RULES,
  ruleInfo,
  TRACE_RULES,
  VALIDATION_RULES,
  WARNING_RULES,
} from "@oatf/model";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const TABLES = [VALIDATION_RULES, WARNING_RULES, PARSE_RULES, EVALUATION_RULES, TRACE_RULES];

/** The TypeScript sources of the SDK's packages, the playground and the conformance runner. */
function sources(): string[] {
  const dirs = [
    ...readdirSync(join(ROOT, "packages")).map((p) => join(ROOT, "packages", p, "src")),
    join(ROOT, "apps", "playground", "src"),
    join(ROOT, "conformance", "src"),
  ];
  const files: string[] = [];
  const walk = (dir: string) => {
    let entries: import("node:fs").Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return; // a package without src/
    }
    for (const e of entries) {
      if (e.isDirectory()) walk(join(dir, e.name));
      else if (/\.tsx?$/.test(e.name)) files.push(join(dir, e.name));
    }
  };
  for (const dir of dirs) walk(dir);
  return files;
}

/** Quoted strings shaped like a rule id: V-NNN, W-NNN, W-/E-/T-NAME, parse/name, OATF-NAME. */
const RULE_LIKE =
  /["'`]((?:[VW]-\d{3})|(?:[EWT]-[A-Z][A-Z-]*[A-Z])|(?:parse\/[a-z-]+)|(?:OATF-[A-Z][A-Z0-9-]*))["'`]/g;

describe("the rule table", () => {
  it("accepts the rule ids of every table", () => {
    for (const rule of ["V-001", "W-001", "parse/syntax", "E-NO-INDICATORS", "T-FORMAT"]) {
      expect(isDiagnosticRule(rule)).toBe(true);
    }
  });

  it("accepts only strings, not values that merely print as a rule id", () => {
    const printsAsRule = { toString: () => "V-001" };
    expect(isDiagnosticRule(printsAsRule)).toBe(false);
    expect(isDiagnosticRule(["V-001"])).toBe(false);
    expect(isDiagnosticRule(undefined)).toBe(false);
  });

  it("has every rule id a source names (parse, validate, readers, evaluation, CLI, apps)", () => {
    const files = sources();
    expect(files.length).toBeGreaterThan(100);
    const unknown: string[] = [];
    let seen = 0;
    for (const file of files) {
      for (const [, id] of readFileSync(file, "utf8").matchAll(RULE_LIKE)) {
        seen++;
        if (!isDiagnosticRule(id)) unknown.push(`${file.slice(ROOT.length)}: ${id}`);
      }
    }
    expect(seen).toBeGreaterThan(50);
    expect(unknown).toEqual([]);
  });

  it("gives every rule a severity, and a spec reference (the OATF- codes are the SDK's own)", () => {
    for (const table of TABLES) {
      for (const [id, info] of Object.entries(table) as [string, { spec_ref?: string }][]) {
        expect(["error", "warning"]).toContain(ruleInfo(id)!.severity);
        if (id.startsWith("OATF-")) expect(info.spec_ref, id).toBeUndefined();
        else expect(info.spec_ref, id).toMatch(/§/);
      }
    }
  });

  it("gives an id listed twice (V-018, V-029) one severity, a warning", () => {
    for (const id of ["V-018", "V-029"] as const) {
      expect(VALIDATION_RULES[id].severity).toBe("warning");
      expect(WARNING_RULES[id].severity).toBe("warning");
    }
  });

  it("says which trace rules stop reading and which leave a message unattributed", () => {
    const flagged = (key: "stops" | "unattributed") =>
      Object.entries(TRACE_RULES)
        .filter(([, info]) => (info as Record<string, unknown>)[key] === true)
        .map(([id]) => id);
    expect(flagged("stops")).toEqual(["T-FORMAT"]);
    expect(flagged("unattributed").sort()).toEqual([
      "T-AMBIGUOUS-ID",
      "T-PENDING-LIMIT",
      "T-PROTOCOL",
      "T-UNCORRELATED",
    ]);
    // Only readers use the flags, and a rule that leaves a message unattributed is a warning.
    for (const table of [VALIDATION_RULES, WARNING_RULES, PARSE_RULES, EVALUATION_RULES]) {
      for (const info of Object.values(table)) expect(Object.keys(info)).not.toContain("stops");
    }
    for (const id of flagged("unattributed")) expect(ruleInfo(id)!.severity).toBe("warning");
  });
});

describe("evaluation error kinds (SDK §7.3)", () => {
  it("are all in the table, each with its spec section", () => {
    expect(Object.keys(EVALUATION_ERROR_KINDS_TABLE).sort()).toEqual(
      [...EVALUATION_ERROR_KINDS].sort(),
    );
    for (const info of Object.values(EVALUATION_ERROR_KINDS_TABLE))
      expect(info.spec_ref).toMatch(/^SDK §\d/);
  });

  it("are built with evaluationError everywhere, never as a bare object", () => {
    const kinds = EVALUATION_ERROR_KINDS.join("|");
    const bare = new RegExp(`kind: "(?:${kinds})"`);
    const offenders = sources().filter((file) => bare.test(readFileSync(file, "utf8")));
    expect(offenders.map((file) => file.slice(ROOT.length))).toEqual([]);
  });
});

describe("the V-rules' spec references", () => {
  it("are the SDK entry-points table's, as written there (SDK §7.2 `spec_ref`)", () => {
    // ../shared/spec, read in place: the table's second column, a link's text for a link.
    const table = readFileSync(
      fileURLToPath(new URL("../../../../shared/spec/oatf/sdk/entry-points.md", import.meta.url)),
      "utf8",
    );
    const refs = new Map<string, string>();
    for (const [, rule, ref] of table.matchAll(/^\| (V-\d{3}) \| ([^|]+) \|/gm))
      refs.set(rule!, ref!.trim().replace(/\[([^\]]+)\]\([^)]*\)/g, "$1"));
    expect(refs.size).toBeGreaterThan(40);
    const ours = Object.fromEntries(
      Object.keys({ ...VALIDATION_RULES, ...WARNING_RULES })
        .filter((rule) => refs.has(rule))
        .map((rule) => [rule, ruleInfo(rule)?.spec_ref]),
    );
    expect(ours).toEqual(Object.fromEntries(refs));
  });
});
