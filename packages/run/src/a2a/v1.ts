// A2A v1.0 traffic recorded as @oatf/trace's readers read it (format §7.2: the binding's
// indicators are written against its v0.3 shape): the content in that shape, the wire kept as
// `native_content` when it differs, the v1.0 method as `native_operation`, a stream's status
// or artifact item also its `task/status` / `task/artifact` event. The run's verdict, its
// triggers (format §5.3: `match` reads the object indicators read), `when` and extractors
// then see what `oatf evaluate` of the run's trace sees.
import type { Value } from "@oatf/model";
import { a2aResult, a2aV1 } from "@oatf/trace/internal";
import type { Observed } from "../recording.js";

/** A request sent as `native` (a v1.0 method, the binding's `operation`), as read. */
export function v1Request(operation: string, native: string, params: Value): Observed {
  const message: Observed = { protocol: "a2a", direction: "request", operation, content: params };
  a2aV1(message, native);
  return message;
}

/** A response to a `native` request (its result or error, as on the wire), as read. */
export function v1Response(
  operation: string,
  native: string,
  wire: Value,
  isResult: boolean,
): Observed[] {
  const read = isResult ? a2aResult(operation, wire, true) : undefined;
  const content = read?.content ?? wire;
  const message: Observed = { protocol: "a2a", direction: "response", operation, content };
  a2aV1(message, native, { wire, isResult });
  if (read?.projected === undefined) return [message];
  const event: Observed = {
    protocol: "a2a",
    direction: "response",
    operation: read.projected,
    content: read.content,
  };
  return [message, event];
}
