// JSON-RPC 2.0 logs of MCP and A2A traffic (format §7.1.3, §7.2; SDK §4.1). One message
// per line, bare or wrapped as `{timestamp?, actor?, direction, message}`; a batch array
// is read element by element. Requests and notifications become `request` messages whose
// content is `params`; a response is correlated by id with its request on the same
// connection (actor) in the other direction and becomes a `response` message of the
// request's method whose content is `result` (or `error`). MCP `tools/call` and
// `prompts/get` results are enriched with the request's `params` (SDK §4.1): content is
// `{...params, ...result}`, the result's fields winning a clash.
import type { Value } from "@oatf/model";
import { surfacesFor } from "@oatf/registries";
import { isObject } from "../json.js";
import { type TraceMessage, traceMessageProblem } from "../trace.js";
import { type LineDecoder, parseLine, problem, type TraceRecord, timestampOf } from "./record.js";

/** Requests awaiting their response that are remembered at once (oldest forgotten first). */
export const MAX_PENDING_REQUESTS = 10_000;

// The two sides of a recorded connection; a response travels the other way from its request.
const OUTBOUND = new Set(["send", "sent", "outgoing", "out", "client→server", "client->server"]);
const INBOUND = new Set([
  "receive",
  "received",
  "incoming",
  "in",
  "server→client",
  "server->client",
]);

const ENRICHED = new Set(["tools/call", "prompts/get"]);
const MCP_METHODS = new Set(surfacesFor("mcp") ?? []);
const A2A_METHODS = new Set(surfacesFor("a2a") ?? []);

interface Pending {
  method: string;
  params: Value | undefined;
  protocol: string;
}

export interface JsonRpcOptions {
  /** The protocol when neither the line nor the method tells (default `mcp`). */
  protocol?: string;
}

type Side = "out" | "in" | "";

function sideOf(direction: unknown): Side | undefined {
  if (direction === undefined) return "";
  if (typeof direction !== "string") return undefined;
  const d = direction.trim().toLowerCase();
  if (OUTBOUND.has(d)) return "out";
  if (INBOUND.has(d)) return "in";
  return undefined;
}

const other = (side: Side): Side => (side === "out" ? "in" : side === "in" ? "out" : "");

export function jsonRpcDecoder(options: JsonRpcOptions = {}): LineDecoder {
  const fallback = options.protocol ?? "mcp";
  const pending = new Map<string, Pending>();

  // A method only one protocol has (`message/send`, `tools/list`) tells the log's protocol;
  // one both have (`tasks/get`) takes the protocol the log has shown so far.
  let shown: string | undefined;
  function protocolFor(method: string, given: unknown): string {
    if (typeof given === "string") return given;
    const a2a = A2A_METHODS.has(method);
    if (a2a !== MCP_METHODS.has(method)) shown = a2a ? "a2a" : "mcp";
    return shown ?? fallback;
  }

  function one(value: unknown, line: number, out: TraceRecord[]) {
    if (!isObject(value)) return problem(out, line, "T-SHAPE", "not a JSON-RPC message object");
    // A synthetic line (e.g. A2A `agent_card/get`, which has no JSON-RPC method) in the
    // SDK's own message shape passes through.
    if (value.jsonrpc === undefined && value.message === undefined) {
      const why = traceMessageProblem(value);
      if (why !== undefined) return problem(out, line, "T-SHAPE", `not JSON-RPC 2.0 (${why})`);
      if (value.protocol === "a2a" || value.protocol === "mcp") shown = value.protocol;
      out.push({ kind: "message", message: { ...(value as unknown as TraceMessage), line } });
      return;
    }
    const wrapped = value.jsonrpc === undefined;
    if (wrapped && Array.isArray(value.message)) {
      if (value.message.length === 0)
        return problem(out, line, "T-SHAPE", "an empty JSON-RPC batch");
      for (const message of value.message) one({ ...value, message }, line, out);
      return;
    }
    const rpc = wrapped ? value.message : value;
    if (!isObject(rpc) || rpc.jsonrpc !== "2.0") {
      return problem(out, line, "T-SHAPE", 'not a JSON-RPC 2.0 message ("jsonrpc": "2.0")');
    }
    const side = wrapped ? sideOf(value.direction) : "";
    if (side === undefined) {
      const spelled = JSON.stringify(value.direction);
      return problem(out, line, "T-SHAPE", `unknown direction ${spelled}`);
    }
    const actor = wrapped && typeof value.actor === "string" ? value.actor : undefined;
    const timestamp = wrapped ? timestampOf(value.timestamp) : undefined;
    const base = {
      ...(actor === undefined ? {} : { actor }),
      ...(timestamp === undefined ? {} : { timestamp }),
      line,
    };
    const given = wrapped ? value.protocol : undefined;
    const connection = actor ?? "";
    const idKey = (s: Side, id: unknown) => `${connection}\u0000${s}\u0000${JSON.stringify(id)}`;

    if (typeof rpc.method === "string") {
      const method = rpc.method;
      const protocol = protocolFor(method, given);
      const params = rpc.params as Value | undefined;
      if (rpc.id !== undefined && rpc.id !== null) {
        const key = idKey(side, rpc.id);
        if (pending.has(key)) {
          problem(
            out,
            line,
            "T-DUPLICATE-ID",
            `request id ${JSON.stringify(rpc.id)} reused before its response: the earlier request is forgotten`,
            "warning",
          );
          pending.delete(key);
        }
        pending.set(key, { method, params, protocol });
        if (pending.size > MAX_PENDING_REQUESTS) {
          pending.delete(pending.keys().next().value as string);
          problem(
            out,
            line,
            "T-PENDING-LIMIT",
            `over ${MAX_PENDING_REQUESTS} requests await a response: the oldest is forgotten`,
            "warning",
          );
        }
      }
      out.push({
        kind: "message",
        message: {
          protocol,
          direction: "request",
          operation: method,
          content: params ?? {},
          ...base,
        },
      });
      return;
    }
    if (!Object.hasOwn(rpc, "result") && !Object.hasOwn(rpc, "error")) {
      return problem(
        out,
        line,
        "T-SHAPE",
        "a JSON-RPC message needs a method, a result or an error",
      );
    }
    const key = idKey(other(side), rpc.id);
    const request = pending.get(key);
    pending.delete(key);
    const content = (Object.hasOwn(rpc, "result") ? rpc.result : rpc.error) as Value;
    if (request === undefined) {
      problem(
        out,
        line,
        "T-UNCORRELATED",
        `response to id ${JSON.stringify(rpc.id)} has no earlier request: its operation is unknown ("")`,
        "warning",
      );
      const protocol = typeof given === "string" ? given : (shown ?? fallback);
      out.push({
        kind: "message",
        message: { protocol, direction: "response", operation: "", content, ...base },
      });
      return;
    }
    const params = request.params;
    const enrich =
      request.protocol === "mcp" &&
      ENRICHED.has(request.method) &&
      Object.hasOwn(rpc, "result") &&
      isObject(content) &&
      isObject(params);
    out.push({
      kind: "message",
      message: {
        protocol: request.protocol,
        direction: "response",
        operation: request.method,
        content: enrich ? ({ ...(params as object), ...(content as object) } as Value) : content,
        ...base,
      },
    });
  }

  return {
    line(text, line, out) {
      const value = parseLine(text, line, out);
      if (value === undefined) return;
      if (!Array.isArray(value)) return one(value, line, out);
      if (value.length === 0) return problem(out, line, "T-SHAPE", "an empty JSON-RPC batch");
      for (const element of value) one(element, line, out);
    },
    end() {},
  };
}
