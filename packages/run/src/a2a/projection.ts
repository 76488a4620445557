// A2A stream items that are events of their own (format §7.2.2): a status or artifact update
// is also `task/status` / `task/artifact`, by its v0.3 `kind` or its v1.0 one key.
import type { Value } from "@oatf/model";
import { isObject } from "../state.js";

/** The event a stream item's kind (v0.3) or key (v1.0) is also. */
export const PROJECTED: Readonly<Record<string, string>> = {
  "status-update": "task/status",
  "artifact-update": "task/artifact",
  statusUpdate: "task/status",
  artifactUpdate: "task/artifact",
};

/** A v0.3 stream item's projection (format §7.2.2): its `kind`, or v1.0's one key. */
export function projection(result: Value): { operation: string; content: Value } | undefined {
  if (!isObject(result)) return undefined;
  if (typeof result.kind === "string" && PROJECTED[result.kind])
    return { operation: PROJECTED[result.kind]!, content: result };
  const keys = Object.keys(result);
  if (keys.length === 1 && PROJECTED[keys[0]!] && isObject(result[keys[0]!]))
    return { operation: PROJECTED[keys[0]!]!, content: result[keys[0]!]! };
  return undefined;
}
