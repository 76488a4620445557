// OTLP traces in their protobuf encoding (OTLP/HTTP `application/x-protobuf`, the collector
// file exporter's `format: proto`), decoded by @bufbuild/protobuf into the JSON encoding the
// OTLP reader reads, so both encodings of the same spans give the same messages. Loaded on
// demand (`loadOtlpProtobuf`): a page that never reads protobuf never fetches it.
//
// The schema is the part of opentelemetry-proto's `trace.proto`, `common.proto` and
// `resource.proto` (v1) the reader uses, field numbers as published; fields it leaves out
// (links, flags, trace state, dropped counts) are skipped as unknown. Attribute lists are
// declared as bytes (the same wire type as the embedded KeyValue messages) and each is
// decoded on its own, so one attribute the decoder refuses (nested past its recursion limit)
// costs that attribute, not its request.
import { create, createFileRegistry, fromBinary } from "@bufbuild/protobuf";
import { FileDescriptorProtoSchema } from "@bufbuild/protobuf/wkt";

const PACKAGE = "oatf.otlp.v1";
// FieldDescriptorProto types and labels.
const DOUBLE = 1;
const INT64 = 3;
const FIXED64 = 6;
const BOOL = 8;
const STRING = 9;
const MESSAGE = 11;
const BYTES = 12;
const ENUM_AS_INT = 13; // uint32: SpanKind and StatusCode are read as their numbers
const OPTIONAL = 1;
const REPEATED = 3;

type Field = [name: string, number: number, type: number, repeated?: boolean, message?: string];

const MESSAGES: Record<string, Field[]> = {
  ExportTraceServiceRequest: [["resource_spans", 1, MESSAGE, true, "ResourceSpans"]],
  ResourceSpans: [
    ["resource", 1, MESSAGE, false, "Resource"],
    ["scope_spans", 2, MESSAGE, true, "ScopeSpans"],
  ],
  Resource: [["attributes", 1, BYTES, true]],
  ScopeSpans: [
    ["scope", 1, MESSAGE, false, "InstrumentationScope"],
    ["spans", 2, MESSAGE, true, "Span"],
  ],
  InstrumentationScope: [
    ["name", 1, STRING],
    ["version", 2, STRING],
  ],
  Span: [
    ["trace_id", 1, BYTES],
    ["span_id", 2, BYTES],
    ["parent_span_id", 4, BYTES],
    ["name", 5, STRING],
    ["kind", 6, ENUM_AS_INT],
    ["start_time_unix_nano", 7, FIXED64],
    ["end_time_unix_nano", 8, FIXED64],
    ["attributes", 9, BYTES, true],
    ["events", 11, MESSAGE, true, "Event"],
    ["status", 15, MESSAGE, false, "Status"],
  ],
  Event: [
    ["time_unix_nano", 1, FIXED64],
    ["name", 2, STRING],
    ["attributes", 3, BYTES, true],
  ],
  Status: [
    ["message", 2, STRING],
    ["code", 3, ENUM_AS_INT],
  ],
  KeyValue: [
    ["key", 1, STRING],
    ["value", 2, MESSAGE, false, "AnyValue"],
  ],
  AnyValue: [
    ["string_value", 1, STRING],
    ["bool_value", 2, BOOL],
    ["int_value", 3, INT64],
    ["double_value", 4, DOUBLE],
    ["array_value", 5, MESSAGE, false, "ArrayValue"],
    ["kvlist_value", 6, MESSAGE, false, "KeyValueList"],
    ["bytes_value", 7, BYTES],
  ],
  ArrayValue: [["values", 1, MESSAGE, true, "AnyValue"]],
  KeyValueList: [["values", 1, MESSAGE, true, "KeyValue"]],
};

const camel = (name: string) => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

function registry() {
  const file = create(FileDescriptorProtoSchema, {
    name: "oatf/otlp.proto",
    package: PACKAGE,
    syntax: "proto3",
    messageType: Object.entries(MESSAGES).map(([name, fields]) => ({
      name,
      field: fields.map(([field, number, type, repeated, message]) => ({
        name: field,
        jsonName: camel(field),
        number,
        type,
        label: repeated ? REPEATED : OPTIONAL,
        ...(message === undefined ? {} : { typeName: `.${PACKAGE}.${message}` }),
        // AnyValue's fields are one oneof (`value`), as in common.proto.
        ...(name === "AnyValue" ? { oneofIndex: 0 } : {}),
      })),
      ...(name === "AnyValue" ? { oneofDecl: [{ name: "value" }] } : {}),
    })),
  });
  const types = createFileRegistry(file, () => undefined);
  const schema = (name: string) => types.getMessage(`${PACKAGE}.${name}`)!;
  return { request: schema("ExportTraceServiceRequest"), keyValue: schema("KeyValue") };
}

const SCHEMA = registry();
/** How deep the decoder follows nested messages (protoc's default is 100). */
const RECURSION_LIMIT = 256;

// The decoded messages, as far as the schema above reads them.
interface Decoded {
  [field: string]: unknown;
}
type AnyValueOneof = { case: string | undefined; value?: unknown };

/**
 * One ExportTraceServiceRequest in protobuf as its JSON encoding (ids in hex, enums as numbers,
 * 64-bit integers as decimal strings). What could not be decoded is said in `note` (the whole
 * request: `resourceSpans` is empty), which the OTLP reader reports. Never throws.
 */
export function otlpJsonOfProtobuf(bytes: Uint8Array): Record<string, unknown> {
  let request: Decoded;
  try {
    request = fromBinary(SCHEMA.request, bytes, {
      readUnknownFields: false,
      recursionLimit: RECURSION_LIMIT,
    } as Parameters<typeof fromBinary>[2]) as unknown as Decoded;
  } catch (error) {
    return {
      resourceSpans: [],
      note: `an OTLP protobuf request that does not decode: ${(error as Error).message}`,
    };
  }
  const problems: string[] = [];
  const resourceSpans = (request.resourceSpans as Decoded[]).map((resourceSpans) => ({
    resource: { attributes: attributesOf(resourceSpans.resource, problems, "a resource") },
    scopeSpans: (resourceSpans.scopeSpans as Decoded[]).map((scopeSpans) => {
      const scope = scopeSpans.scope as Decoded | undefined;
      return {
        scope: { name: scope?.name ?? "", version: scope?.version ?? "" },
        spans: (scopeSpans.spans as Decoded[]).map((span) => spanJson(span, problems)),
      };
    }),
  }));
  const json: Record<string, unknown> = { resourceSpans };
  if (problems.length > 0)
    json.note = `${problems.length} attributes could not be decoded and are left out: ${problems[0]}${problems.length > 1 ? ", …" : ""}`;
  return json;
}

function spanJson(span: Decoded, problems: string[]) {
  const name = span.name as string;
  const status = span.status as Decoded | undefined;
  return {
    traceId: hex(span.traceId),
    spanId: hex(span.spanId),
    parentSpanId: hex(span.parentSpanId),
    name,
    kind: span.kind,
    startTimeUnixNano: String(span.startTimeUnixNano),
    endTimeUnixNano: String(span.endTimeUnixNano),
    attributes: attributesOf(span, problems, `span ${JSON.stringify(name.slice(0, 80))}`),
    events: (span.events as Decoded[]).map((event) => ({
      timeUnixNano: String(event.timeUnixNano),
      name: event.name,
      attributes: attributesOf(
        event,
        problems,
        `an event of span ${JSON.stringify(name.slice(0, 80))}`,
      ),
    })),
    status: { code: status?.code ?? 0, message: status?.message ?? "" },
  };
}

function attributesOf(holder: unknown, problems: string[], where: string) {
  const encoded = ((holder as Decoded | undefined)?.attributes ?? []) as Uint8Array[];
  const attributes: { key: string; value: unknown }[] = [];
  for (const bytes of encoded) {
    try {
      const pair = fromBinary(SCHEMA.keyValue, bytes, {
        readUnknownFields: false,
        recursionLimit: RECURSION_LIMIT,
      } as Parameters<typeof fromBinary>[2]) as unknown as Decoded;
      attributes.push({
        key: pair.key as string,
        value: anyValueJson(pair.value as Decoded | undefined),
      });
    } catch (error) {
      problems.push(`${where}: ${(error as Error).message}`);
    }
  }
  return attributes;
}

/** An AnyValue in its JSON encoding; nesting is bounded by the decoder's recursion limit. */
function anyValueJson(value: Decoded | undefined): unknown {
  const oneof = value?.value as AnyValueOneof | undefined;
  switch (oneof?.case) {
    case "stringValue":
    case "boolValue":
    case "doubleValue":
      return { [oneof.case]: oneof.value };
    case "intValue":
      return { intValue: String(oneof.value) };
    case "bytesValue":
      return { bytesValue: base64(oneof.value as Uint8Array) };
    case "arrayValue":
      return {
        arrayValue: { values: ((oneof.value as Decoded).values as Decoded[]).map(anyValueJson) },
      };
    case "kvlistValue":
      return {
        kvlistValue: {
          values: ((oneof.value as Decoded).values as Decoded[]).map((pair) => ({
            key: pair.key,
            value: anyValueJson(pair.value as Decoded | undefined),
          })),
        },
      };
    default:
      return {};
  }
}

const hex = (bytes: unknown) =>
  Array.from(bytes as Uint8Array, (b) => b.toString(16).padStart(2, "0")).join("");

function base64(bytes: Uint8Array): string {
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}
