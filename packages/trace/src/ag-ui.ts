// AG-UI traffic (format §7.3): captured SSE streams (`data:` lines, an event per blank-line
// separated block; `event:`, `id:`, `retry:` and `:` comment lines ignored) or JSON Lines of
// events, one event object per line, in either form the RunAgentInput POST body too. Event
// `type` becomes the operation by the binding's case translation (format §7.3.2:
// `TEXT_MESSAGE_CONTENT` → `text_message_content`); the content is the whole event. Events
// come from the agent, so they are `response` messages; the RunAgentInput body (an object
// with `threadId` and `runId` and no `type`) is the `request` `run_agent_input`. Tool-call
// events are enriched with `toolCallName`, and end events with their assembled text, by the
// evaluator, not here (one implementation: engine/trace-enrich.ts, engine/ag-ui-assemble.ts).

import type { TraceMessage } from "@oatf/evaluate";
import { BoundedTable } from "@oatf/evaluate/internal";
import type { Value } from "@oatf/model";
import { isObject } from "@oatf/model/rules";
import { DEFAULT_MAX_LINE_LENGTH } from "./lines.js";
import {
  type LineDecoder,
  parseLine,
  preview,
  problem,
  type TraceRecord,
  timestampOf,
} from "./record.js";
import { sseLog } from "./sse/events.js";

const SCREAMING = /^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/;
const SNAKE = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;

/** Event types whose operation is remembered (a stream uses a handful), and their characters. */
const operations = new BoundedTable<string | null>(256, 16 * 1024);

/** Format §7.3.2 case translation: `TOOL_CALL_START` → `tool_call_start`; snake_case stays. */
export function agUiOperation(type: string): string | undefined {
  const operation = operations.getOrCreate(
    type,
    () => (SCREAMING.test(type) ? type.toLowerCase() : SNAKE.test(type) ? type : null),
    type.length,
  );
  return operation ?? undefined;
}

/** Whether a JSON value looks like an AG-UI event or RunAgentInput (for format detection). */
export function looksLikeAgUi(value: unknown): boolean {
  if (!isObject(value)) return false;
  if (typeof value.type === "string") return SCREAMING.test(value.type);
  return typeof value.threadId === "string" && typeof value.runId === "string";
}

function emitEvent(value: unknown, line: number, out: TraceRecord[]) {
  if (!isObject(value))
    return problem(out, line, "T-SHAPE", "an AG-UI event must be a JSON object");
  const timestamp = timestampOf(value.timestamp);
  // Object literals, not a spread of a shared base: spreading cost more than parsing the line.
  const message = (
    direction: "request" | "response",
    operation: string,
  ): TraceMessage & { line: number } =>
    timestamp
      ? { protocol: "ag_ui", content: value as Value, line, timestamp, direction, operation }
      : { protocol: "ag_ui", content: value as Value, line, direction, operation };
  if (value.type === undefined) {
    if (typeof value.threadId === "string" && typeof value.runId === "string") {
      out.push({ kind: "message", message: message("request", "run_agent_input") });
      return;
    }
    return problem(
      out,
      line,
      "T-SHAPE",
      "an AG-UI event needs a string 'type' (or is a RunAgentInput with threadId and runId)",
    );
  }
  const operation = typeof value.type === "string" ? agUiOperation(value.type) : undefined;
  if (operation === undefined) {
    return problem(
      out,
      line,
      "T-SHAPE",
      `AG-UI event type ${preview(value.type)} is not an EventType name`,
    );
  }
  out.push({ kind: "message", message: message("response", operation) });
}

/**
 * An SSE event is one message, so it is held to the line limit: its `data:` payloads joined
 * by line feeds (empty `data:` lines count one each) are at most `maxEventLength` long.
 */
export function agUiDecoder(maxEventLength = DEFAULT_MAX_LINE_LENGTH): LineDecoder {
  const event = (text: string, line: number, out: TraceRecord[]) => {
    const value = parseLine(text, line, out);
    if (value !== undefined) emitEvent(value, line, out);
  };
  return sseLog(event, event, maxEventLength);
}
