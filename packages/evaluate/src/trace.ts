// Trace evaluation (format §6, "trace-filtering procedure"): every indicator is run
// over the messages of an observed trace that match its protocol, surface, actor and
// direction; it matches if any of them matches.
import { DIRECTIONS, type Direction, type Document, type Value } from "@oatf/model";
import { describeThrown } from "./compile-error.js";
import type { TraceVerdict } from "./coverage.js";
import type { IndicatorEvaluators } from "./indicator.js";
import { readOptions } from "./options.js";
import { createTraceEvaluator } from "./trace-evaluator.js";

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
  /** The 1-based line of the trace file it was read from, reported in evidence. */
  line?: number;
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
  if (!DIRECTIONS.includes(m.direction as Direction))
    return '\'direction\' must be "request" or "response"';
  if (!Object.hasOwn(m, "content")) return "missing field 'content'";
  if (m.actor !== undefined && typeof m.actor !== "string") return "'actor' must be a string";
  if (m.timestamp !== undefined && typeof m.timestamp !== "string")
    return "'timestamp' must be a string";
  if (m.line !== undefined && !(Number.isSafeInteger(m.line) && (m.line as number) > 0))
    return "'line' must be a positive integer";
  return undefined;
}

export interface EvaluateTraceOptions extends IndicatorEvaluators {
  /** Verdict `source`: the tool producing the verdicts. */
  source?: string;
}

/**
 * Evaluates every indicator of `document` over a trace (SDK §4.4 per message, format §6
 * trace filtering) and computes the attack verdict (SDK §4.5). Each matched indicator's
 * evidence names the first message that matched: by its 1-based source `line` when the
 * message has one (messages from the trace readers do), else by its 0-based position.
 * Runs in one pass over `messages`, which may be any iterable (e.g. a streamed JSONL file).
 * The one-document case of `createTraceEvaluator`; `coverage` says, per indicator, how many
 * messages it was evaluated on and in how many its target resolved.
 */
export function evaluateTrace(
  document: Document,
  messages: Iterable<TraceMessage>,
  options: EvaluateTraceOptions = {},
): TraceVerdict {
  const { source, cel, semantic } = readOptions(options, ["source", "cel", "semantic"]);
  const evaluator = createTraceEvaluator([document], { source, cel, semantic });
  try {
    for (const message of messages) {
      if (evaluator.done) break;
      evaluator.push(message);
    }
  } catch (thrown) {
    // The trace stopped part-way (a failing stream): what was not read is unknown.
    evaluator.fail(
      `the trace could not be read after message ${evaluator.count - 1}: ${describeThrown(thrown)}`,
    );
  }
  return evaluator.verdicts()[0]!;
}
