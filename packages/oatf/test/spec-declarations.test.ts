// SDK §7 (sdk/diagnostics.md) in the declarations an npm user gets: a TypeScript consumer
// written from the spec's tables (field names, `Optional<T>` as `T | undefined`, the "One of"
// enumerations) compiles against the built `oatf` package's .d.ts, not the sources, under the
// module resolutions TypeScript projects use (nodenext, bundler). spec-diagnostics.test.ts
// checks the same types on the sources and on real objects.
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ts from "typescript";
import { beforeAll, describe, expect, it } from "vitest";
import setup, { REPO } from "./cli-build.js";

beforeAll(() => setup(), 600_000);

const CONSUMER = `
import {
  evaluateExpression, evaluatePattern, interpolateTemplate, load, parse, validate,
  type Diagnostic, type DiagnosticSeverity, type EvaluationError, type EvaluationErrorKind,
  type OATFError, type ParseError, type ParseErrorKind, type ValidationError,
  type ValidationResult,
} from "oatf";

export function diagnostic(d: Diagnostic): string {
  const severity: "error" | "warning" = d.severity;
  const code: string = d.code;
  const path: string | undefined = d.path;
  const message: string = d.message;
  return [severity, code, path, message].join(" ");
}
export function parseError(e: ParseError): string {
  const kind: "syntax" | "type_mismatch" | "unknown_variant" = e.kind;
  const message: string = e.message;
  const path: string | undefined = e.path;
  const line: number | undefined = e.line;
  const column: number | undefined = e.column;
  return [kind, message, path, line, column].join(" ");
}
export function validationError(e: ValidationError): string {
  const rule: string = e.rule;
  const specRef: string = e.spec_ref;
  const message: string = e.message;
  const path: string = e.path;
  return [rule, specRef, message, path].join(" ");
}
export function evaluationError(e: EvaluationError): string {
  const kind:
    | "path_resolution" | "regex_timeout" | "cel_error" | "type_error" | "semantic_error"
    | "unsupported_method" = e.kind;
  const indicator: string | undefined = e.indicator_id;
  return [kind, e.message, indicator].join(" ");
}
export const severities: DiagnosticSeverity[] = ["error", "warning"];
export const parseKinds: ParseErrorKind[] = ["syntax", "type_mismatch", "unknown_variant"];
export const evaluationKinds: EvaluationErrorKind[] = [
  "path_resolution", "regex_timeout", "cel_error", "type_error", "semantic_error",
  "unsupported_method",
];

const parsed = parse("oatf: x");
if (!parsed.ok) parsed.error.map(parseError);
else {
  const result: ValidationResult = validate(parsed.value);
  result.errors.map(validationError);
  result.warnings.map(diagnostic);
}
const loaded = load("oatf: x");
if (!loaded.ok) loaded.error.map((e: OATFError) => ("kind" in e ? parseError(e) : validationError(e)));
loaded.warnings.map(diagnostic);
interpolateTemplate("{{x}}", {}).diagnostics.map(diagnostic);
const expression = evaluateExpression({ cel: "true" }, {});
if (!expression.ok) evaluationError(expression.error);
const pattern = evaluatePattern({ contains: "a" }, "a");
if (!pattern.ok) evaluationError(pattern.error);
`;

/** The compiler's errors for the consumer under `options`, in a project that installed oatf. */
function compile(options: ts.CompilerOptions): string[] {
  const dir = mkdtempSync(join(tmpdir(), "oatf-consumer-"));
  mkdirSync(join(dir, "node_modules"));
  symlinkSync(join(REPO, "packages/oatf"), join(dir, "node_modules/oatf"), "dir");
  writeFileSync(join(dir, "package.json"), '{"name":"consumer","type":"module","private":true}');
  const file = join(dir, "consumer.ts");
  writeFileSync(file, CONSUMER);
  const program = ts.createProgram([file], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    exactOptionalPropertyTypes: true,
    types: [],
    ...options,
  });
  return ts
    .getPreEmitDiagnostics(program)
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
}

describe("SDK §7 in the published declarations", () => {
  it("compiles a consumer written from the spec's tables (nodenext)", () => {
    const options = {
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
    };
    expect(compile(options)).toEqual([]);
  });

  it("compiles it with a bundler's resolution", () => {
    const options = {
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
    };
    expect(compile(options)).toEqual([]);
  });
});
