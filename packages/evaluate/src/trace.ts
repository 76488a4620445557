// Trace evaluation (format §6, "trace-filtering procedure"): every indicator is run
// over the messages of an observed trace that match its protocol, surface, actor and
// direction; it matches if any of them matches.
import {
  DIRECTIONS,
  type Direction,
  type Document,
  type Indicator,
  type IndicatorVerdict,
  type Value,
} from "@oatf/model";
import { extractProtocol } from "@oatf/registries";
import { describeThrown } from "./compile-error.js";
import {
  asVerdict,
  type CompiledIndicator,
  compileIndicator,
  type IndicatorEvaluators,
  type Outcome,
  skipReason,
} from "./indicator.js";
import { readOptions } from "./options.js";
import { agUiToolCallEnricher } from "./trace-enrich.js";
import { type ComputedVerdict, computeVerdict, indicatorId } from "./verdict.js";

/**
 * One observed protocol message. `content` is what an indicator evaluates: the JSON-RPC
 * `params` (requests, notifications) or `result` (responses), or the event payload for
 * non-JSON-RPC bindings (SDK §4.1).
 */
export interface TraceMessage {
  /** Protocol identifier: `mcp`, `a2a`, `ag_ui`, ... */
  protocol: string;
  /** Protocol role of the message, from the actor's perspective (format §6.1). */
  direction: Direction;
  /** The actor whose connection carried the message, in multi-actor runs. */
  actor?: string;
  /** The protocol operation (`tools/call`, `agent_card/get`, `run_agent_input`). */
  operation: string;
  content: Value;
  /** When the message was observed (ISO 8601), reported in evidence. */
  timestamp?: string;
}

/**
 * Why `value` is not a TraceMessage, or undefined when it is one: for tools that read
 * traces from outside (JSON Lines files, queues) before calling `evaluateTrace`.
 */
export function traceMessageProblem(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return "a trace message must be a JSON object";
  const m = value as Record<string, unknown>;
  if (typeof m.protocol !== "string") return "missing string field 'protocol'";
  if (typeof m.operation !== "string") return "missing string field 'operation'";
  if (typeof m.direction !== "string" || !DIRECTIONS.includes(m.direction as Direction))
    return '\'direction\' must be "request" or "response"';
  if (!Object.hasOwn(m, "content")) return "missing field 'content'";
  if (m.actor !== undefined && typeof m.actor !== "string") return "'actor' must be a string";
  if (m.timestamp !== undefined && typeof m.timestamp !== "string")
    return "'timestamp' must be a string";
  return undefined;
}

export interface EvaluateTraceOptions extends IndicatorEvaluators {
  /** Verdict `source`: the tool producing the verdicts. */
  source?: string;
}

interface Scan {
  id: string;
  compiled: CompiledIndicator;
  accepts: (message: TraceMessage) => boolean;
  eligible: number;
  decided?: IndicatorVerdict;
  /** Evidence of the first error, when no message matched. */
  firstError?: string;
}

function protocolOf(attack: Document["attack"], indicator: Indicator): string | undefined {
  if (typeof indicator.protocol === "string") return indicator.protocol;
  const execution = attack.execution;
  if (typeof execution?.mode === "string") return extractProtocol(execution.mode);
  const actor = execution?.actors?.find((a) => a?.name === indicator.actor);
  return typeof actor?.mode === "string" ? extractProtocol(actor.mode) : undefined;
}

/**
 * The actor a message without `actor` was observed on: with one actor (the `default`
 * actor N-007 makes of single- and multi-phase forms, or a lone declared one), every
 * message is on its connection; with several, such a message is on none in particular.
 */
function soleActor(attack: Document["attack"]): string | undefined {
  const actors = attack.execution?.actors;
  if (actors === undefined || actors === null) return "default";
  const name = Array.isArray(actors) && actors.length === 1 ? actors[0]?.name : undefined;
  return typeof name === "string" ? name : undefined;
}

/** Steps 1–4 of the trace-filtering procedure, as a predicate on messages. */
function traceFilter(
  attack: Document["attack"],
  indicator: Indicator,
): (m: TraceMessage) => boolean {
  const protocol = protocolOf(attack, indicator);
  const { surface, actor, direction } = indicator;
  const unnamed = soleActor(attack);
  return (m) =>
    (protocol === undefined || m.protocol === protocol) &&
    (surface === undefined || m.operation === surface) &&
    (actor === undefined || (m.actor ?? unnamed) === actor) &&
    (direction === undefined || m.direction === direction);
}

// The fields a trace message is read through, read once: a message whose fields cannot be
// read (a throwing getter) is skipped like any malformed one.
function snapshot(raw: unknown): TraceMessage | undefined {
  if (typeof raw !== "object" || raw === null) return undefined;
  try {
    const { protocol, direction, actor, operation, content, timestamp } = raw as TraceMessage;
    return { protocol, direction, actor, operation, content, timestamp };
  } catch {
    return undefined;
  }
}

function scanFor(
  attack: Document["attack"],
  indicator: Indicator,
  index: number,
  evaluators: IndicatorEvaluators,
  source: string | undefined,
): Scan {
  const id = indicatorId(attack, index);
  const scan: Scan = {
    id,
    compiled: compileIndicator(indicator, { id }),
    accepts: traceFilter(attack, indicator ?? ({} as Indicator)),
    eligible: 0,
  };
  // Skipped on every message (no evaluator, unknown method) is skipped on none too: an
  // indicator that could not be evaluated must not read as not_matched on an empty trace.
  const reason = skipReason(indicator, evaluators);
  if (reason !== undefined)
    scan.decided = asVerdict(id, { result: "skipped", evidence: reason }, source);
  return scan;
}

function describe(index: number, m: TraceMessage): string {
  const actor = m.actor === undefined ? "" : ` on actor ${m.actor}`;
  const at = m.timestamp === undefined ? "" : ` at ${m.timestamp}`;
  return `message ${index} (${m.protocol} ${m.operation} ${m.direction}${actor}${at})`;
}

function settle(scan: Scan, source: string | undefined): IndicatorVerdict {
  if (scan.decided !== undefined) return scan.decided;
  const outcome: Outcome =
    scan.firstError !== undefined
      ? { result: "error", evidence: scan.firstError }
      : { result: "not_matched", evidence: `no match in ${scan.eligible} eligible message(s)` };
  return asVerdict(scan.id, outcome, source);
}

/**
 * Evaluates every indicator of `document` over a trace (SDK §4.4 per message, format §6
 * trace filtering) and computes the attack verdict (SDK §4.5). Each matched indicator's
 * evidence names the first message that matched, by its 0-based position in the trace.
 * Runs in one pass over `messages`, which may be any iterable (e.g. a streamed JSONL file).
 */
export function evaluateTrace(
  document: Document,
  messages: Iterable<TraceMessage>,
  options: EvaluateTraceOptions = {},
): ComputedVerdict {
  const { source, cel, semantic } = readOptions(options, ["source", "cel", "semantic"]);
  const evaluators: IndicatorEvaluators = { cel, semantic };
  let attack: Document["attack"];
  let scans: Scan[];
  try {
    attack = document?.attack ?? ({} as Document["attack"]);
    const indicators = Array.isArray(attack.indicators) ? attack.indicators : [];
    scans = indicators.map((indicator, i) => scanFor(attack, indicator, i, evaluators, source));
  } catch {
    // An unreadable document: computeVerdict reports it (or its missing indicators).
    let readable: Document["attack"] | undefined;
    try {
      readable = document?.attack;
    } catch {}
    return computeVerdict(readable as Document["attack"], [], { source });
  }
  let pending = scans.filter((scan) => scan.decided === undefined);
  const enrich = agUiToolCallEnricher();
  let index = -1;
  try {
    for (const raw of messages) {
      index++;
      if (pending.length === 0) break;
      const message = snapshot(raw);
      if (message === undefined) continue;
      message.content = enrich(message);
      let decidedAny = false;
      for (const scan of pending) {
        if (!scan.accepts(message)) continue;
        scan.eligible++;
        const outcome = scan.compiled.run(message.content, evaluators);
        if (outcome.result === "not_matched") continue;
        if (outcome.result === "error") {
          scan.firstError ??= `${describe(index, message)}: ${outcome.evidence}`;
          continue;
        }
        // `matched` answers the indicator; `skipped` (no evaluator) is the same for every message.
        const evidence =
          outcome.result === "matched"
            ? `${describe(index, message)}: ${outcome.evidence ?? "matched"}`
            : outcome.evidence;
        scan.decided = asVerdict(scan.id, { result: outcome.result, evidence }, source);
        decidedAny = true;
      }
      if (decidedAny) pending = pending.filter((scan) => scan.decided === undefined);
    }
  } catch (thrown) {
    // The trace stopped part-way (a failing stream): what was not read is unknown.
    const why = `the trace could not be read after message ${index}: ${describeThrown(thrown)}`;
    for (const scan of pending) scan.firstError ??= why;
  }
  const verdicts = new Map(scans.map((scan) => [scan.id, settle(scan, source)]));
  return computeVerdict(attack, verdicts, { source });
}
