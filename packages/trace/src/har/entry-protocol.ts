// The protocol of a HAR entry whose JSON-RPC method both bindings have (`tasks/get`,
// `tasks/cancel`: MCP 2025-11-25 tasks and A2A v0.3), when no session ties it to others: told
// by its answer (an A2A Task has a `contextId` and a `status` object; an MCP task a `taskId`
// and a `status` string), else by its path, else defaulted and said. Never silently MCP.
import { isObject } from "@oatf/model/rules";
import { surfacesFor } from "@oatf/registries";
import { looksLikeA2aResult } from "../jsonrpc/a2a.js";
import { type TraceRecord, unattributed } from "../record.js";

const MCP = new Set(surfacesFor("mcp") ?? []);
const A2A = new Set(surfacesFor("a2a") ?? []);

function fromAnswer(result: unknown): string | undefined {
  if (!isObject(result)) return undefined;
  if (
    looksLikeA2aResult(result) ||
    (typeof result.contextId === "string" && isObject(result.status))
  )
    return "a2a";
  if (typeof result.taskId === "string" && typeof result.status === "string") return "mcp";
  return undefined;
}

/**
 * The protocol an entry's JSON-RPC is read as when its request's method does not tell it:
 * undefined when the method tells it (or there is none), else what its answer or path says.
 */
export function entryProtocol(
  request: unknown,
  response: unknown,
  path: string,
  where: string,
  line: number,
  out: TraceRecord[],
): string | undefined {
  if (!isObject(request) || typeof request.method !== "string") return undefined;
  const method = request.method;
  if (!MCP.has(method) || !A2A.has(method)) return undefined;
  const told =
    (isObject(response) ? fromAnswer(response.result) : undefined) ??
    (/\/mcp\/?$/i.test(path) ? "mcp" : /\/a2a\/?$/i.test(path) ? "a2a" : undefined);
  if (told !== undefined) return told;
  unattributed(
    out,
    line,
    "T-PROTOCOL",
    `${where}: ${method} is MCP's and A2A's, and its answer and path tell neither: read as mcp`,
  );
  return undefined;
}
