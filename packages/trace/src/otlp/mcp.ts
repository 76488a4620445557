// MCP spans as exchanges, by the OpenTelemetry semantic conventions for MCP (`mcp.method.name`,
// `gen_ai.tool.name`, opt-in `gen_ai.tool.call.arguments` / `gen_ai.tool.call.result`) and by
// what the instrumentations of the official SDK that people install emit:
// - `@traceloop/instrumentation-mcp` (wraps `Client.request` and `Server.request`): the method
//   only in the span name (`<tool>.tool` for tools/call, `<method>.mcp` otherwise, a
//   `mcp.client.session` span around a session), content as JSON text in
//   `traceloop.entity.input` / `traceloop.entity.output`, each a digest of the params or result
//   (a tool result's first content item only, tool lists without schemas);
// - `@shinzolabs/instrumentation-mcp` (wraps `McpServer.tool` handlers): `mcp.method.name`
//   tools/call, `mcp.tool.name`, the arguments flattened into `mcp.request.argument.<path>`
//   (when argument collection is on; values redacted to `[REDACTED]`), no result.
// The table is in the package README ("OpenTelemetry (OTLP)").
import type { Value } from "@oatf/model";
import { isObject } from "@oatf/model/rules";
import { setOwn } from "./any-value.js";
import {
  type Exchange,
  errorOf,
  objectOf,
  sessionOf,
  stringAttribute,
  structuredAttribute,
} from "./exchange.js";
import type { OtlpSpan } from "./spans.js";

const TRACELOOP_INPUT = "traceloop.entity.input";
const TRACELOOP_OUTPUT = "traceloop.entity.output";
const ARGUMENT_PREFIX = "mcp.request.argument.";
const REDACTED = "[REDACTED]";

/** Methods whose params carry nothing an indicator reads (a cursor at most). */
const NO_PARAMS = new Set([
  "ping",
  "tools/list",
  "prompts/list",
  "resources/list",
  "resources/templates/list",
  "roots/list",
  "notifications/initialized",
  "notifications/tools/list_changed",
  "notifications/prompts/list_changed",
  "notifications/resources/list_changed",
  "notifications/roots/list_changed",
]);
/** Methods whose result is empty. */
const NO_RESULT = new Set([
  "ping",
  "resources/subscribe",
  "resources/unsubscribe",
  "logging/setLevel",
]);
const URI_METHODS = new Set(["resources/read", "resources/subscribe", "resources/unsubscribe"]);

/**
 * What traceloop's digest of a result leaves out, by method (wildcard dot-paths, SDK §5.1.2):
 * of a tool result it keeps the first content item only.
 */
const TRACELOOP_DROPS: Record<string, string[]> = {
  "tools/call": ["content", "structuredContent"],
  "tools/list": [
    "tools[*].title",
    "tools[*].inputSchema",
    "tools[*].outputSchema",
    "tools[*].annotations",
  ],
  "prompts/list": ["prompts[*].title", "prompts[*].arguments"],
  "prompts/get": ["description"],
  "resources/list": ["resources[*].title", "resources[*].mimeType", "resources[*].annotations"],
  "resources/read": ["contents[*].blob"],
};
/** traceloop cuts a resource's text at this many characters. */
const TRACELOOP_TEXT_CUT = 1000;

/** The MCP method of a span, or undefined when it is no MCP call ("session": traceloop's session span). */
export function mcpMethod(span: OtlpSpan): string | "session" | undefined {
  const method = stringAttribute(span, "mcp.method.name");
  if (method !== undefined && method !== "") return method;
  if (!/mcp/i.test(span.scope) && !span.attributes.has("traceloop.span.kind")) return undefined;
  if (span.name === "mcp.client.session") return "session";
  if (span.attributes.get("traceloop.span.kind") === "tool" && span.name.endsWith(".tool"))
    return "tools/call";
  if (span.name.endsWith(".mcp") && span.name.length > 4) return span.name.slice(0, -4);
  return undefined;
}

/** The exchange an MCP span stands for; `problems` gets what its content attributes lack. */
export function mcpExchange(span: OtlpSpan, method: string, problems: string[]): Exchange {
  const input = traceloopDigest(span, TRACELOOP_INPUT, problems);
  const output = traceloopDigest(span, TRACELOOP_OUTPUT, problems);
  const { params, missing: paramsMissing } = paramsOf(span, method, input);
  const exchange: Exchange = {
    protocol: "mcp",
    method,
    notification: method.startsWith("notifications/"),
    params,
    paramsMissing,
    result: {},
    resultMissing: [],
    error: false,
  };
  const session = sessionOf(span);
  if (session !== undefined) exchange.session = session;
  if (exchange.notification) return exchange;
  const result = resultOf(span, method, output);
  if (result === undefined) {
    const error = errorOf(span);
    if (error !== undefined) return { ...exchange, result: error, error: true };
    if (!NO_RESULT.has(method))
      exchange.resultMissing = method === "tools/call" ? ["content", "structuredContent"] : [""];
    return exchange;
  }
  exchange.result = result.value;
  exchange.resultMissing = result.missing;
  return exchange;
}

/** traceloop's JSON digest in `key`, when the span has one that is an object. */
function traceloopDigest(
  span: OtlpSpan,
  key: string,
  problems: string[],
): Record<string, Value> | undefined {
  const value = span.attributes.get(key);
  if (value === undefined) return undefined;
  const parsed = typeof value === "string" ? structuredAttribute(span, key) : value;
  const digest = objectOf(parsed);
  if (digest === undefined) problems.push(`${key} is not a JSON object`);
  return digest;
}

function paramsOf(
  span: OtlpSpan,
  method: string,
  input: Record<string, Value> | undefined,
): { params: Record<string, Value>; missing: string[] } {
  if (method === "tools/call") return toolCallParams(span, input);
  if (method === "prompts/get") {
    const params: Record<string, Value> = {};
    const name = stringAttribute(span, "gen_ai.prompt.name") ?? input?.name;
    if (name !== undefined) params.name = name;
    if (input?.arguments !== undefined) setOwn(params, "arguments", input.arguments);
    return { params, missing: input === undefined ? ["arguments"] : [] };
  }
  if (URI_METHODS.has(method)) {
    const uri = stringAttribute(span, "mcp.resource.uri") ?? input?.uri;
    return uri === undefined ? { params: {}, missing: [""] } : { params: { uri }, missing: [] };
  }
  if (input !== undefined) return { params: input, missing: [] };
  return { params: {}, missing: NO_PARAMS.has(method) ? [] : [""] };
}

/** tools/call params: the tool's name and its arguments, from whichever source the span has. */
function toolCallParams(
  span: OtlpSpan,
  input: Record<string, Value> | undefined,
): { params: Record<string, Value>; missing: string[] } {
  const params: Record<string, Value> = {};
  const name =
    stringAttribute(span, "gen_ai.tool.name") ??
    stringAttribute(span, "mcp.tool.name") ??
    (typeof input?.tool_name === "string" ? input.tool_name : undefined) ??
    stringAttribute(span, "traceloop.entity.name") ??
    toolOfSpanName(span.name);
  if (name !== undefined) params.name = name;
  const missing: string[] = [];
  const conventional = structuredAttribute(span, "gen_ai.tool.call.arguments");
  if (conventional !== undefined) setOwn(params, "arguments", conventional);
  else if (input !== undefined) {
    // traceloop leaves `arguments` out when the call had none.
    if (input.arguments !== undefined) setOwn(params, "arguments", input.arguments);
  } else {
    const flattened = flattenedArguments(span, missing);
    if (flattened !== undefined) setOwn(params, "arguments", flattened);
    else missing.push("arguments");
  }
  return { params, missing };
}

/** `tools/call get-weather` (conventions) or `get-weather.tool` (traceloop): the tool. */
function toolOfSpanName(name: string): string | undefined {
  if (name.startsWith("tools/call ")) return name.slice("tools/call ".length);
  if (name.endsWith(".tool")) return name.slice(0, -".tool".length);
  return undefined;
}

/**
 * shinzolabs' `mcp.request.argument.<path>` attributes put back together (`a.b` → `{a: {b}}`).
 * A value redacted by its sanitizer (`[REDACTED]`, whole or in part) was not captured: its
 * path is added to `missing` (or `arguments` when the path is no simple dot-path).
 */
function flattenedArguments(span: OtlpSpan, missing: string[]): Record<string, Value> | undefined {
  let found: Record<string, Value> | undefined;
  for (const [key, value] of span.attributes) {
    if (!key.startsWith(ARGUMENT_PREFIX)) continue;
    found ??= {};
    const path = key.slice(ARGUMENT_PREFIX.length).split(".");
    let target = found;
    for (const segment of path.slice(0, -1)) {
      const next = Object.hasOwn(target, segment) ? target[segment] : undefined;
      if (isObject(next) && !Array.isArray(next)) target = next as Record<string, Value>;
      else {
        const created: Record<string, Value> = {};
        setOwn(target, segment, created);
        target = created;
      }
    }
    setOwn(target, path[path.length - 1]!, value);
    if (isRedacted(value)) {
      const simple = path.every((segment) => /^[A-Za-z0-9_-]+$/.test(segment));
      missing.push(simple ? `arguments.${path.join(".")}` : "arguments");
    }
  }
  return found;
}

const isRedacted = (value: Value): boolean =>
  typeof value === "string"
    ? value.includes(REDACTED)
    : Array.isArray(value) &&
      value.some((item) => typeof item === "string" && item.includes(REDACTED));

/** The result a span carries (the conventions' attribute, else traceloop's digest). */
function resultOf(
  span: OtlpSpan,
  method: string,
  output: Record<string, Value> | undefined,
): { value: Record<string, Value>; missing: string[] } | undefined {
  if (method === "tools/call") {
    const conventional = structuredAttribute(span, "gen_ai.tool.call.result");
    if (conventional !== undefined) return { value: toolResultOf(conventional, span), missing: [] };
  }
  if (output === undefined) return undefined;
  return traceloopResult(method, output);
}

/**
 * `gen_ai.tool.call.result` as a CallToolResult: kept when it is one (`content`,
 * `structuredContent` or `isError`), a list as its content items, text as one text item, any
 * other value as its structured content.
 */
function toolResultOf(value: Value, span: OtlpSpan): Record<string, Value> {
  const object = objectOf(value);
  let result: Record<string, Value>;
  if (
    object !== undefined &&
    ("content" in object || "structuredContent" in object || "isError" in object)
  )
    result = object;
  else if (Array.isArray(value)) result = { content: value };
  else if (typeof value === "string") result = { content: [{ type: "text", text: value }] };
  else result = { structuredContent: value };
  if (!("isError" in result) && stringAttribute(span, "error.type") === "tool_error")
    result.isError = true;
  return result;
}

/** traceloop's digest of a result in the result's own shape, and what the digest left out. */
function traceloopResult(
  method: string,
  output: Record<string, Value>,
): { value: Record<string, Value>; missing: string[] } {
  const missing = [...(TRACELOOP_DROPS[method] ?? [])];
  if (method === "tools/call") {
    const value: Record<string, Value> = {};
    const first = output.result;
    if (first !== undefined)
      value.content = [typeof first === "string" ? { type: "text", text: first } : first];
    if (typeof output.is_error === "boolean") value.isError = output.is_error;
    return { value, missing };
  }
  if (method === "prompts/get" && Array.isArray(output.messages)) {
    // traceloop writes each message's content object as JSON text.
    const messages = output.messages.map((message) => {
      const copy = objectOf(message);
      if (copy !== undefined && typeof copy.content === "string") {
        const parsed = parseObject(copy.content);
        if (parsed !== undefined) copy.content = parsed;
      }
      return copy ?? message;
    });
    return { value: { ...output, messages }, missing };
  }
  if (method === "resources/read" && Array.isArray(output.contents)) {
    const cut = output.contents.some(
      (item) =>
        isObject(item) && typeof item.text === "string" && item.text.length >= TRACELOOP_TEXT_CUT,
    );
    if (cut) missing.push("contents[*].text");
  }
  return { value: output, missing };
}

function parseObject(text: string): Value | undefined {
  try {
    const value = JSON.parse(text) as Value;
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}
