// JSON-RPC 2.0 framing, shared by the MCP and A2A adapters: reading what a peer sent
// (one message or a batch) into requests, notifications and responses, and building answers.
// A peer's bytes are untrusted: anything that is not a JSON-RPC message is said, not thrown.
import type { Value } from "@oatf/model";

export type Id = string | number;

export type Incoming =
  | { kind: "request"; id: Id; method: string; params: Value | undefined }
  | { kind: "notification"; method: string; params: Value | undefined }
  | { kind: "response"; id: Id; result: Value; error?: undefined }
  | { kind: "response"; id: Id; error: Value; result?: undefined }
  | { kind: "invalid"; id: Id | null; problem: string };

export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;
export const METHOD_NOT_FOUND = -32601;
export const INVALID_PARAMS = -32602;
export const INTERNAL_ERROR = -32603;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const isId = (v: unknown): v is Id =>
  typeof v === "string" || (typeof v === "number" && Number.isFinite(v));

/** One parsed JSON value read as a JSON-RPC message. */
export function classify(value: unknown): Incoming {
  if (!isObject(value)) return { kind: "invalid", id: null, problem: "not a JSON object" };
  const id = isId(value.id) ? value.id : undefined;
  if (typeof value.method === "string") {
    const params = value.params as Value | undefined;
    if (params !== undefined && typeof params !== "object")
      return { kind: "invalid", id: id ?? null, problem: "params must be an object or array" };
    if (value.id === undefined) return { kind: "notification", method: value.method, params };
    if (id === undefined)
      return { kind: "invalid", id: null, problem: "the id is not a string or number" };
    return { kind: "request", id, method: value.method, params };
  }
  if (id !== undefined && Object.hasOwn(value, "result"))
    return { kind: "response", id, result: value.result as Value };
  if (id !== undefined && Object.hasOwn(value, "error"))
    return { kind: "response", id, error: value.error as Value };
  return {
    kind: "invalid",
    id: id ?? null,
    problem: "neither a request (method) nor a response (id with result or error)",
  };
}

/** A body's messages: a batch is read element by element; a JSON problem is said. */
export function readMessages(text: string): { messages: Incoming[]; batch: boolean } | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return `not JSON: ${(error as Error).message}`;
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return "an empty batch";
    return { messages: value.map(classify), batch: true };
  }
  return { messages: [classify(value)], batch: false };
}

export function resultMessage(id: Id | null, result: Value): Record<string, Value> {
  return { jsonrpc: "2.0", id, result };
}

export function errorMessage(
  id: Id | null,
  code: number,
  message: string,
  data?: Value,
): Record<string, Value> {
  const error: Record<string, Value> = { code, message };
  if (data !== undefined) error.data = data;
  return { jsonrpc: "2.0", id, error };
}

/** A request or notification we send (`params` left out when there are none). */
export function requestMessage(
  method: string,
  params: Value | undefined,
  id?: Id,
): Record<string, Value> {
  const message: Record<string, Value> = { jsonrpc: "2.0" };
  if (id !== undefined) message.id = id;
  message.method = method;
  if (params !== undefined) message.params = params;
  return message;
}
