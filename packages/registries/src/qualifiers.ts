// Event qualifiers (`tools/call:calculator`): dropped from the current spec in favour of
// `trigger.match`, kept as a compatible extension exactly as seeds/003 defines them
// (seeds/003 §2.25, §5.9, §5.9a; spec README item 3).
import type { Value } from "@oatf/model";
import type { KnownProtocol } from "./modes.js";
import { own } from "./own.js";
import type { OperationOf } from "./surfaces.js";

/** Qualifier Resolution Registry (seeds/003 §2.25): protocol -> base event -> content field path. */
export const QUALIFIER_RESOLUTION_REGISTRY = /* @__PURE__ */ Object.freeze({
  mcp: { "tools/call": "params.name", "prompts/get": "params.name" },
  a2a: { "task/status": "status.state" },
  ag_ui: { tool_call_start: "toolCallName", tool_call_end: "toolCallName", custom: "name" },
} as const satisfies {
  readonly [P in KnownProtocol]: { readonly [E in OperationOf<P>]?: string };
});

export interface ParsedEvent {
  base: string;
  /** Present only when the event string contains `:`; may be `""` (trailing colon). */
  qualifier?: string;
}

/** seeds/003 §5.9 parse_event_qualifier: split on the first `:`. */
export function parseEventQualifier(event: string): ParsedEvent {
  if (typeof event !== "string") return { base: "" };
  const colon = event.indexOf(":");
  if (colon < 0) return { base: event };
  return { base: event.slice(0, colon), qualifier: event.slice(colon + 1) };
}

/** The content field path that carries the qualifier of `(protocol, baseEvent)`, if any. */
export function qualifierPathFor(protocol: string, baseEvent: string): string | undefined {
  const events: { readonly [event: string]: string } | undefined = own(
    QUALIFIER_RESOLUTION_REGISTRY,
    protocol,
  );
  return events === undefined ? undefined : own(events, baseEvent);
}

/**
 * seeds/003 §5.9a resolve_event_qualifier: the qualifier of an observed event, read from
 * `content` at the registry path. `protocol` is the output of `extractProtocol(mode)`.
 */
export function resolveEventQualifier(
  protocol: string,
  baseEvent: string,
  content: Value,
): string | undefined {
  const path = qualifierPathFor(protocol, baseEvent);
  if (path === undefined) return undefined;
  try {
    return qualifierString(resolveSimplePath(path, content));
  } catch {
    return undefined; // content no JSON has: a getter or proxy that throws
  }
}

/** Strings as-is, numbers and booleans as canonical JSON; null, arrays, objects are not qualifiers. */
function qualifierString(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (typeof value === "boolean") return String(value);
  // JSON has no NaN or Infinity, so they have no canonical encoding.
  if (typeof value === "number" && Number.isFinite(value)) return JSON.stringify(value);
  return undefined;
}

/**
 * SDK §5.1.1 resolve_simple_path, enough for the registry's fixed paths: each segment must
 * meet a non-array object with that own key. (Kept here so this package needs only @oatf/model.)
 */
function resolveSimplePath(path: string, value: unknown): unknown {
  let current = value;
  for (const segment of path.split(".")) {
    if (typeof current !== "object" || current === null || Array.isArray(current)) return undefined;
    current = own(current as { readonly [key: string]: unknown }, segment);
  }
  return current;
}
