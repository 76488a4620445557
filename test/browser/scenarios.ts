// What the browser suite runs: every public entry point on the example documents, through the
// published `oatf` entry, and @oatf/diagrams' pictures. The same function runs in Node and in
// Chromium; the suite compares.
import { sequenceSvg, timelineSvg } from "@oatf/diagrams";
import {
  evaluateIndicator,
  evaluateTrace,
  type Indicator,
  loadDefaultCel,
  normalize,
  parse,
  readTraceText,
  serialize,
  type TraceMessage,
  type Value,
  validate,
} from "oatf";

export interface Inputs {
  /** examples/mcp-rug-pull.yaml: pattern indicators only. */
  patternDocument: string;
  patternTrace: string;
  /** examples/a2a-skill-poisoning.yaml: a CEL expression indicator. */
  celDocument: string;
  celTrace: string;
}

/** The CEL indicator's first result before `loadDefaultCel` (Node loads CEL on first use; a browser cannot). */
function celBeforeLoad(inputs: Inputs) {
  const indicator = (parsed(inputs.celDocument).attack.indicators ?? []).find((i) => i.expression);
  const verdict = evaluateIndicator(indicator as Indicator, COMPLIANT_TASK);
  return { result: verdict.result, evidence: verdict.evidence ?? null };
}

export async function runScenarios(inputs: Inputs) {
  const beforeLoad = celBeforeLoad(inputs);
  await loadDefaultCel();
  return {
    beforeLoad,
    parse: parseAndValidate(inputs.patternDocument),
    invalid: invalidDocument(inputs.patternDocument),
    roundTrip: roundTrip(inputs.patternDocument),
    patternIndicator: indicatorResults(inputs.patternDocument, contents(inputs.patternTrace)),
    celIndicator: indicatorResults(inputs.celDocument, [
      ...contents(inputs.celTrace),
      COMPLIANT_TASK,
    ]),
    patternTrace: traceVerdict(inputs.patternDocument, inputs.patternTrace),
    celTrace: traceVerdict(inputs.celDocument, inputs.celTrace),
    pictures: pictures(inputs.patternDocument, inputs.patternTrace),
  };
}

/** The document's timeline and the trace's sequence diagram, as SVG markup. */
function pictures(document: string, trace: string) {
  const drawn = parsed(document);
  return {
    timeline: timelineSvg(drawn),
    sequence: sequenceSvg(messages(trace), { document: drawn }),
    messages: messages(trace).length,
  };
}

function parsed(text: string) {
  const result = parse(text);
  if (!result.ok) throw new Error(`example does not parse: ${JSON.stringify(result.error)}`);
  return result.value;
}

function parseAndValidate(text: string) {
  const { errors, warnings } = validate(parsed(text));
  return { errors: errors.length, warnings: warnings.length };
}

/** An out-of-range `severity.confidence` must come back as V-017 at its line and column. */
function invalidDocument(text: string) {
  const broken = text.replace(/confidence: \d+/, "confidence: 180");
  const { errors } = validate(parsed(broken));
  const line = broken.split("\n").findIndex((l) => l.includes("confidence: 180")) + 1;
  return {
    expectedLine: line,
    errors: errors.map((e) => ({
      rule: e.rule,
      path: e.path,
      line: e.range?.start.line,
      column: e.range?.start.column,
    })),
  };
}

function roundTrip(text: string) {
  const normalized = normalize(parsed(text));
  const yaml = serialize(normalized);
  const again = serialize(normalize(parsed(yaml)));
  return { stable: again === yaml, startsWith: yaml.slice(0, 40) };
}

/** The trace through the SDK's reader (format detected), as a browser tool would read it. */
function messages(trace: string): TraceMessage[] {
  return readTraceText(trace).flatMap((r) => (r.kind === "message" ? [r.message] : []));
}

function contents(trace: string): Value[] {
  return messages(trace).map((m) => m.content);
}

/** A task message from an agent that fell for the A2A example: it sends its API key. */
const COMPLIANT_TASK: Value = {
  message: {
    role: "user",
    parts: [{ kind: "text", text: "Analyze this. My API key: sk-live-51Hx" }],
  },
};

/** Each indicator's verdict on each message (the SDK §4.4 entry point). */
function indicatorResults(document: string, messages: Value[]) {
  const indicators = (parsed(document).attack.indicators ?? []) as Indicator[];
  return indicators.map((indicator) => ({
    id: indicator.id,
    method: indicator.expression ? "expression" : "pattern",
    results: messages.map((message) => evaluateIndicator(indicator, message).result),
  }));
}

function traceVerdict(document: string, trace: string) {
  const verdict = evaluateTrace(normalize(parsed(document)), messages(trace));
  return {
    result: verdict.result,
    max_tier: verdict.max_tier,
    indicators: verdict.indicator_verdicts.map((v) => `${v.indicator_id}:${v.result}`),
    evidence: verdict.indicator_verdicts.map((v) => v.evidence),
  };
}
