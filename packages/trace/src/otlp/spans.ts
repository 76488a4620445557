// The spans of one OTLP `ExportTraceServiceRequest` in its JSON encoding (what the collector's
// file exporter writes, one request per line, and OTLP/HTTP carries as application/json; the
// protobuf encoding is turned into it by `@oatf/trace/otlp-protobuf`): resourceSpans → scopeSpans
// → spans, each span with its attributes as OATF values and its scope's and resource's context.
import type { Value } from "@oatf/model";
import { isObject } from "@oatf/model/rules";
import { attributesOf, type ValueProblem } from "./any-value.js";

export interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  /** SpanKind: 1 internal, 2 server, 3 client, 4 producer, 5 consumer (0 unspecified). */
  kind: number;
  /** Start and end (ISO 8601), when the span has them. */
  start?: string;
  end?: string;
  attributes: Map<string, Value>;
  /** Status code 0 unset, 1 ok, 2 error, and its message. */
  status: { code: number; message: string };
  events: { name: string; attributes: Map<string, Value> }[];
  /** The instrumentation scope's name (`@traceloop/instrumentation-mcp`). */
  scope: string;
  resource: Map<string, Value>;
}

/** What is wrong with one part of a request, which is skipped (or read in part). */
export interface SpanProblem {
  where: string;
  why: string;
}

/** Whether a parsed JSON value is an OTLP traces request (or the file exporter's TracesData). */
export const isOtlpRequest = (value: unknown): value is Record<string, unknown> =>
  isObject(value) && Array.isArray(value.resourceSpans);

const list = (value: unknown): unknown[] | undefined =>
  value === undefined || value === null ? [] : Array.isArray(value) ? value : undefined;

const text = (value: unknown): string => (typeof value === "string" ? value : "");

/** Nanoseconds since the epoch (a decimal string or a number) as ISO 8601, milliseconds kept. */
export function isoOfNanos(value: unknown): string | undefined {
  let ms: number;
  if (typeof value === "string" && /^\d{1,20}$/.test(value))
    ms = Number(BigInt(value) / 1_000_000n);
  else if (typeof value === "number" && Number.isFinite(value) && value >= 0) ms = value / 1e6;
  else return undefined;
  if (ms === 0) return undefined; // unset
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/**
 * The spans of a request, in its order; what cannot be read is reported in `problems` and
 * skipped (a span that is no object or has no name), or read in part (attributes that are
 * not AnyValues become null).
 */
export function spansOf(request: Record<string, unknown>, problems: SpanProblem[]): OtlpSpan[] {
  const spans: OtlpSpan[] = [];
  const resources = request.resourceSpans as unknown[];
  for (const [r, resourceSpans] of resources.entries()) {
    const where = `resourceSpans[${r}]`;
    if (!isObject(resourceSpans)) {
      problems.push({ where, why: "not an object" });
      continue;
    }
    const valueProblems: ValueProblem[] = [];
    const resource = isObject(resourceSpans.resource)
      ? attributesOf(resourceSpans.resource.attributes, valueProblems)
      : new Map<string, Value>();
    report(problems, `${where}.resource`, valueProblems);
    const scopes = list(resourceSpans.scopeSpans);
    if (scopes === undefined) {
      problems.push({ where, why: "scopeSpans is not a list" });
      continue;
    }
    for (const [s, scopeSpans] of scopes.entries()) {
      const at = `${where}.scopeSpans[${s}]`;
      if (!isObject(scopeSpans)) {
        problems.push({ where: at, why: "not an object" });
        continue;
      }
      const scope = isObject(scopeSpans.scope) ? text(scopeSpans.scope.name) : "";
      const items = list(scopeSpans.spans);
      if (items === undefined) {
        problems.push({ where: at, why: "spans is not a list" });
        continue;
      }
      for (const [i, item] of items.entries()) {
        const span = spanOf(item, `${at}.spans[${i}]`, problems);
        if (span !== undefined) spans.push({ ...span, scope, resource });
      }
    }
  }
  return spans;
}

function spanOf(
  item: unknown,
  where: string,
  problems: SpanProblem[],
): Omit<OtlpSpan, "scope" | "resource"> | undefined {
  if (!isObject(item)) {
    problems.push({ where, why: "not an object" });
    return undefined;
  }
  if (typeof item.name !== "string") {
    problems.push({ where, why: "its name is not a string" });
    return undefined;
  }
  const valueProblems: ValueProblem[] = [];
  const attributes = attributesOf(item.attributes, valueProblems);
  const events: OtlpSpan["events"] = [];
  for (const event of list(item.events) ?? []) {
    if (isObject(event))
      events.push({ name: text(event.name), attributes: attributesOf(event.attributes, []) });
  }
  report(problems, `${where} (${item.name})`, valueProblems);
  const status = isObject(item.status) ? item.status : {};
  const start = isoOfNanos(item.startTimeUnixNano);
  const end = isoOfNanos(item.endTimeUnixNano);
  return {
    traceId: text(item.traceId),
    spanId: text(item.spanId),
    parentSpanId: text(item.parentSpanId),
    name: item.name,
    kind: typeof item.kind === "number" ? item.kind : 0,
    ...(start === undefined ? {} : { start }),
    ...(end === undefined ? {} : { end }),
    attributes,
    status: {
      code: typeof status.code === "number" ? status.code : 0,
      message: text(status.message),
    },
    events,
  };
}

function report(problems: SpanProblem[], where: string, found: ValueProblem[]): void {
  if (found.length === 0) return;
  const first = found[0]!;
  const more = found.length > 1 ? ` (and ${found.length - 1} more)` : "";
  problems.push({ where, why: `attribute ${first.where}: ${first.why}${more}` });
}
