// A2A over JSON-RPC as the binding reads it (format §7.2.2, §7.2.3): A2A v1.0 method names
// map onto the binding's v0.3 names (the native name kept as `native_operation`); every SSE
// item of a `message/stream` (or `tasks/resubscribe`) response is a response of that method;
// an item whose result is a `TaskStatusUpdateEvent` / `TaskArtifactUpdateEvent` is also the
// synthetic event `task/status` / `task/artifact`, whose content is that event object.
// v1.0 wraps a streamed or sent result in a one-key object (`{"statusUpdate": {...}}`,
// `{"task": {...}}`, proto `oneof` framing): the content is the object inside it, read in the
// v0.3 shape the binding's indicators are written against (a2a-v1.ts: `kind`, roles, states,
// parts), and the message keeps what the wire said as `native_content`.

import type { TraceMessage } from "@oatf/evaluate";
import type { Value } from "@oatf/model";
import { isObject } from "@oatf/model/rules";
import { a2aOperationOfV1 } from "@oatf/registries";
import { FINAL_STATES, paramsV03, plainResultV03, resultV03 } from "./a2a-v1.js";

/** The binding's operation for an A2A method, and the native v1.0 name when it had one. */
export function a2aMethod(method: string): { operation: string; native?: string } {
  const operation = a2aOperationOfV1(method);
  return operation === undefined ? { operation: method } : { operation, native: method };
}

/** Whether a method is A2A by its v1.0 name alone. */
export const isA2aV1Method = (method: string): boolean => a2aOperationOfV1(method) !== undefined;

/** Operations answered with a stream of SSE items, each correlated with the request. */
const STREAMING = new Set(["message/stream", "tasks/resubscribe"]);
export const isStreaming = (operation: string): boolean => STREAMING.has(operation);

/** Operations whose result is a Task, a Message or a stream event (v1.0: wrapped in a oneof). */
const POLYMORPHIC = new Set(["message/send", "message/stream", "tasks/resubscribe"]);

const V1_CASES: Record<string, string> = {
  task: "task",
  message: "message",
  statusUpdate: "status-update",
  artifactUpdate: "artifact-update",
};
const V03_KINDS = new Set(["task", "message", "status-update", "artifact-update"]);
const PROJECTED: Record<string, string> = {
  "status-update": "task/status",
  "artifact-update": "task/artifact",
};

/** What one A2A result is, read as the binding says. */
export interface A2aResult {
  /** The content of the method's response message (a v1.0 oneof unwrapped). */
  content: Value;
  /** `task/status` or `task/artifact` when the result is that stream event. */
  projected?: string;
  /** The item ends its stream: `final: true`, or a terminal task state. */
  final: boolean;
  /** Why a stream item is none of Task, Message, status-update or artifact-update. */
  problem?: string;
}

/** The kind of an A2A result: v0.3 `kind`, or the one case of a v1.0 wrapper (its object). */
function kindOf(result: Record<string, unknown>): { kind: string; inner: Value } | undefined {
  if (typeof result.kind === "string" && V03_KINDS.has(result.kind))
    return { kind: result.kind, inner: result as Value };
  const keys = Object.keys(result);
  if (keys.length !== 1 || !Object.hasOwn(V1_CASES, keys[0]!)) return undefined;
  const inner = result[keys[0]!];
  if (!isObject(inner)) return undefined;
  const kind = V1_CASES[keys[0]!]!;
  return { kind, inner: inner as Value };
}

/** Reads the result of a correlated A2A response of `operation`. */
export function a2aResult(operation: string, result: Value): A2aResult {
  if (!POLYMORPHIC.has(operation)) return { content: result, final: false };
  const found = isObject(result) ? kindOf(result) : undefined;
  if (found === undefined) {
    return {
      content: result,
      final: false,
      ...(isStreaming(operation)
        ? {
            problem:
              "an A2A stream item should be a Task, a Message, a status-update or an artifact-update (v0.3 `kind`, or v1.0 `task` / `message` / `statusUpdate` / `artifactUpdate`): read as " +
              operation +
              " only",
          }
        : {}),
    };
  }
  // A v1.0 case is read in the v0.3 shape (a v0.3 result, with its `kind`, stays as it is).
  const content = resultV03(found.kind, found.inner);
  const event = content as Record<string, unknown>;
  const status = isObject(event.status) ? event.status : undefined;
  const final =
    event.final === true ||
    found.kind === "message" ||
    (typeof status?.state === "string" && FINAL_STATES.has(status.state));
  const projected = PROJECTED[found.kind];
  return { content, final, ...(projected === undefined ? {} : { projected }) };
}

/** Whether an uncorrelated result shows it is A2A (a Task, Message or stream event). */
export function looksLikeA2aResult(result: unknown): boolean {
  return isObject(result) && kindOf(result) !== undefined;
}

/**
 * Marks a message read from an A2A v1.0 method (`native`, its name on the wire): the name is
 * kept as `native_operation`, the content is read in the binding's v0.3 shape (request
 * params; a Task result; a oneof result is read so by `a2aResult` already; an error stays),
 * and when that changed it, what the wire carried (the params, or the response's `wire`
 * result or error) is kept as `native_content`: the same object, not a copy.
 */
export function a2aV1(
  message: TraceMessage,
  native: string,
  response?: { wire: Value; isResult: boolean },
): void {
  message.native_operation = native;
  const wire = response === undefined ? message.content : response.wire;
  if (response === undefined) message.content = paramsV03(message.operation, wire);
  else if (response.isResult && message.content === wire)
    message.content = plainResultV03(message.operation, wire);
  if (message.content !== wire) message.native_content = wire;
}
