// The observed protocol message (SDK §4.1): the one type the trace readers produce and the
// trace engine consumes, so it sits below both and neither depends on the other through it.
import type { Direction, Value } from "@oatf/model";

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
  /**
   * The operation as the wire named it, when the binding names it otherwise: an A2A v1.0
   * method (`SendStreamingMessage` for `message/stream`). Indicators match `operation`.
   */
  native_operation?: string;
  content: Value;
  /**
   * The content as the wire carried it, when the reader read it in the binding's shape
   * instead: A2A v1.0 params and results, read in the v0.3 shape (`kind`, `role: "user"`,
   * `status.state: "completed"`). Indicators match `content`.
   */
  native_content?: Value;
  /** When the message was observed (ISO 8601), reported in evidence. */
  timestamp?: string;
  /**
   * The connection or session the message belongs to (proxy connection id, MCP session id,
   * A2A `contextId`, AG-UI `threadId`): a monitor keeps one evaluation state per session, and
   * AG-UI tool calls are named per session. Never a message id or a direction.
   */
  session?: string;
  /**
   * The run the message belongs to: one execution of the attack against one agent under test,
   * as the user names it (`oatf record --run`, `oatf publish --run`, a monitor's `run`
   * option). Verdicts are per run; messages without one are the one run of their trace. Unlike
   * `session`, which only correlates messages, a run splits verdicts.
   */
  run?: string;
  /**
   * Dot-paths (SDK §5.1) of content the wire carried and the capture did not record (an OTel
   * span without `gen_ai.tool.call.arguments`: `["arguments"]`; `[""]`: the whole content).
   * The message is blind for an indicator whose target equals, lies under or lies above one:
   * it is not evaluated for it, and an indicator only blind messages reached is `skipped`.
   */
  uncaptured?: readonly string[];
  /** The 1-based line of the trace file it was read from, reported in evidence. */
  line?: number;
}

/**
 * Why `value` is not a TraceMessage, or undefined when it is one: for tools that read
 * traces from outside (JSON Lines files, queues) before calling `evaluateTrace`.
 */
export function traceMessageProblem(value: unknown): string | undefined {
  // Run on every line a trace reader reads: each field is named (no loop over keys, no
  // search of a table), so that each check is an inline-cached load, ~10x faster.
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return "a trace message must be a JSON object";
  const m = value as Record<string, unknown>;
  if (typeof m.protocol !== "string") return "missing string field 'protocol'";
  if (typeof m.operation !== "string") return "missing string field 'operation'";
  if (m.direction !== "request" && m.direction !== "response")
    return '\'direction\' must be "request" or "response"';
  if (m.content === undefined && !Object.hasOwn(m, "content")) return "missing field 'content'";
  if (m.actor !== undefined && typeof m.actor !== "string") return "'actor' must be a string";
  if (m.native_operation !== undefined && typeof m.native_operation !== "string")
    return "'native_operation' must be a string";
  if (m.session !== undefined && typeof m.session !== "string") return "'session' must be a string";
  if (m.run !== undefined && typeof m.run !== "string") return "'run' must be a string";
  const u = m.uncaptured;
  if (u !== undefined && !(Array.isArray(u) && u.every((p) => typeof p === "string")))
    return "'uncaptured' must be an array of strings";
  if (m.timestamp !== undefined && typeof m.timestamp !== "string")
    return "'timestamp' must be a string";
  if (m.line !== undefined && !(Number.isSafeInteger(m.line) && (m.line as number) > 0))
    return "'line' must be a positive integer";
  return undefined;
}
