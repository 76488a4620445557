// The SDK functions the conformance runner calls, in one place, with the signatures the
// runner relies on. Each is looked up by its documented name when a case runs, so a function
// that is missing fails the cases that need it (loudly) instead of breaking the whole run.
import * as celDefault from "@oatf/cel-default";
import * as evaluate from "@oatf/evaluate";
import type {
  Attack,
  AttackVerdict,
  CelEvaluator,
  Condition,
  Diagnostic,
  Document,
  EvaluationError,
  ExpressionMatch,
  Extractor,
  Indicator,
  IndicatorVerdict,
  MatchPredicate,
  OATFError,
  ParseError,
  PatternMatch,
  Phase,
  ProtocolEvent,
  ResponseEntry,
  Result,
  SemanticEvaluator,
  Trigger,
  TriggerResult,
  TriggerState,
  ValidationResult,
  Value,
} from "@oatf/model";
import * as model from "@oatf/model";
import * as normalizeNs from "@oatf/normalize";
import * as paths from "@oatf/paths";
import * as registries from "@oatf/registries";
import * as oatf from "../index.js";

export class MissingFunctionError extends Error {}

function pick<F>(ns: object, pkg: string, name: string): F {
  const fn = (ns as Record<string, unknown>)[name];
  if (typeof fn !== "function") throw new MissingFunctionError(`${pkg} does not export ${name}`);
  return fn as F;
}

const m = <F>(name: string) => pick<F>(model, "@oatf/model", name);
const e = <F>(name: string) => pick<F>(evaluate, "@oatf/evaluate", name);

export const sdk = {
  parse: () => m<(input: string) => Result<Document, ParseError[]>>("parse"),
  serialize: () => m<(document: Document) => string>("serialize"),
  parseDuration: () => m<(input: string) => Result<number, ParseError>>("parseDuration"),
  /** `validate` as the `oatf` package wires it: with the default CEL evaluator (V-014). */
  validate: () => pick<(document: Document) => ValidationResult>(oatf, "oatf", "validate"),
  load: () =>
    pick<(input: string) => Result<{ document: Document }, OATFError[]>>(oatf, "oatf", "load"),
  normalize: () =>
    pick<(document: Document) => Document>(normalizeNs, "@oatf/normalize", "normalize"),
  createCelEvaluator: () =>
    pick<() => CelEvaluator>(celDefault, "@oatf/cel-default", "createCelEvaluator"),

  resolveSimplePath: () =>
    pick<(path: string, value: Value) => Value | undefined>(
      paths,
      "@oatf/paths",
      "resolveSimplePath",
    ),
  resolveWildcardPath: () =>
    pick<(path: string, value: Value) => Value[]>(paths, "@oatf/paths", "resolveWildcardPath"),
  extractProtocol: () =>
    pick<(mode: string) => string>(registries, "@oatf/registries", "extractProtocol"),
  parseEventQualifier: () =>
    pick<(event: string) => { base: string; qualifier?: string }>(
      registries,
      "@oatf/registries",
      "parseEventQualifier",
    ),
  resolveEventQualifier: () =>
    pick<(protocol: string, baseEvent: string, content: Value) => string | undefined>(
      registries,
      "@oatf/registries",
      "resolveEventQualifier",
    ),

  evaluateCondition: () => e<(condition: Condition, value: Value) => boolean>("evaluateCondition"),
  evaluatePredicate: () =>
    e<(predicate: MatchPredicate, value: Value) => boolean>("evaluatePredicate"),
  interpolateTemplate: () =>
    e<
      (
        template: string,
        extractors: Record<string, string>,
        request?: Value,
        response?: Value,
      ) => { value: string; diagnostics: Diagnostic[] }
    >("interpolateTemplate"),
  interpolateValue: () =>
    e<
      (
        value: Value,
        extractors: Record<string, string>,
        request?: Value,
        response?: Value,
      ) => { value: Value; diagnostics: Diagnostic[] }
    >("interpolateValue"),
  evaluateExtractor: () =>
    e<(extractor: Extractor, message: Value, direction: string) => string | undefined>(
      "evaluateExtractor",
    ),
  selectResponse: () =>
    e<(entries: ResponseEntry[], request: Value) => ResponseEntry | undefined>("selectResponse"),
  evaluateTrigger: () =>
    e<
      (
        trigger: Trigger,
        event: ProtocolEvent | undefined,
        elapsed: number,
        state: TriggerState,
        protocol?: string,
      ) => TriggerResult
    >("evaluateTrigger"),
  computeEffectiveState: () =>
    e<(phases: Phase[], phaseIndex: number) => Value>("computeEffectiveState"),
  evaluateIndicator: () =>
    e<
      (
        indicator: Indicator,
        message: Value,
        celEvaluator?: CelEvaluator,
        semanticEvaluator?: SemanticEvaluator,
      ) => IndicatorVerdict
    >("evaluateIndicator"),
  evaluatePattern: () =>
    e<(pattern: PatternMatch, message: Value) => Result<boolean, EvaluationError>>(
      "evaluatePattern",
    ),
  evaluateExpression: () =>
    e<
      (
        expression: ExpressionMatch,
        message: Value,
        celEvaluator?: CelEvaluator,
      ) => Result<boolean, EvaluationError>
    >("evaluateExpression"),
  computeVerdict: () =>
    e<(attack: Attack, verdicts: Map<string, IndicatorVerdict>) => AttackVerdict>("computeVerdict"),
  evaluateTrace: () =>
    e<
      (document: Document, messages: unknown[], options?: Record<string, unknown>) => AttackVerdict
    >("evaluateTrace"),
  paths: (name: string) => pick<(...args: unknown[]) => unknown>(paths, "@oatf/paths", name),
};
