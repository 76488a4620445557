// What one span says about one protocol call: its method, the request's params and the
// response's result as far as the span carries them, and what it did not carry (`missing`,
// dot-paths of the content, which become the messages' `uncaptured`).
import type { Value } from "@oatf/model";
import { isObject } from "@oatf/model/rules";
import { setOwn } from "./any-value.js";
import type { OtlpSpan } from "./spans.js";

export interface Exchange {
  protocol: "mcp" | "a2a";
  method: string;
  /** A notification has no response. */
  notification: boolean;
  params: Record<string, Value>;
  /** Paths of the params the span did not carry (`""`: all of them). */
  paramsMissing: string[];
  /** The result (or the JSON-RPC error, when `error`), as far as the span carries it. */
  result: Record<string, Value>;
  resultMissing: string[];
  error: boolean;
  /** `mcp.session.id` (the span's, else its resource's), else the span's trace id. */
  session?: string;
}

/** A span attribute (or its resource's) as a string, when it is one. */
export function stringAttribute(span: OtlpSpan, key: string, resource = false): string | undefined {
  const value = span.attributes.get(key) ?? (resource ? span.resource.get(key) : undefined);
  return typeof value === "string" ? value : undefined;
}

/**
 * An attribute whose value the conventions say is "any" (`gen_ai.tool.call.arguments`): a
 * structured value, or JSON text, parsed as the conventions ask ("best effort to deserialize");
 * text that is not JSON stays text.
 */
export function structuredAttribute(span: OtlpSpan, key: string): Value | undefined {
  const value = span.attributes.get(key);
  if (typeof value !== "string") return value;
  const trimmed = value.trimStart();
  if (!trimmed.startsWith("{") && !trimmed.startsWith("[")) return value;
  try {
    return JSON.parse(value) as Value;
  } catch {
    return value;
  }
}

/** A session for the exchange: the MCP session id, else the trace (one agent run, one client session). */
export function sessionOf(span: OtlpSpan): string | undefined {
  const session = stringAttribute(span, "mcp.session.id", true);
  if (session !== undefined && session !== "") return session;
  return span.traceId === "" ? undefined : span.traceId;
}

/** The JSON-RPC error a failed span stands for (`{code?, message}`), when it failed. */
export function errorOf(span: OtlpSpan): Record<string, Value> | undefined {
  const code =
    span.attributes.get("rpc.response.status_code") ??
    span.attributes.get("rpc.jsonrpc.error_code");
  const type = stringAttribute(span, "error.type");
  if (span.status.code !== 2 && code === undefined && (type === undefined || type === "tool_error"))
    return undefined;
  const error: Record<string, Value> = {};
  const numeric = typeof code === "string" ? Number(code) : code;
  if (typeof numeric === "number" && Number.isSafeInteger(numeric)) error.code = numeric;
  error.message = span.status.message || type || "the call failed";
  return error;
}

/** A plain object copy of `value` when it is an object (own keys, `__proto__` included). */
export function objectOf(value: Value | undefined): Record<string, Value> | undefined {
  if (!isObject(value) || Array.isArray(value)) return undefined;
  const copy: Record<string, Value> = {};
  for (const key of Object.keys(value)) setOwn(copy, key, value[key] as Value);
  return copy;
}
