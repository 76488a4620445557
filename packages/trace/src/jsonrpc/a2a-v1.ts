// A2A v1.0 content read in the binding's v0.3 shape (format §7.2: indicators are written
// against v0.3 paths such as `message.parts[*].text` with `kind == "text"`). The mapping is
// the one the official SDK's compatibility layer applies when a v1.0 server answers a v0.3
// client: `@a2a-js/sdk` 1.3.0, `src/compat/v0_3/translate/` (`toCompatPart`,
// `toCompatMessage`, `toCompatArtifact`, `toCompatTaskStatus`, `toCompatTask`,
// `toCompatTaskStatusUpdateEvent`, `toCompatTaskArtifactUpdateEvent`, enums.ts
// `TASK_STATE_COMPAT_TO_CORE`, `toCompatRole`; client `toCompatSendMessageConfiguration`),
// read against the v1.0 JSON of `src/types/pb/a2a.ts` (`Part.toJSON`: `text` / `raw` / `url`
// / `data` with `mediaType` and `filename`). Written here, not imported: the SDK is Node-only
// and throws on what it cannot translate, and a trace is untrusted.
//
// Bounded: only the objects whose shape differs are copied, shallowly (strings, metadata and
// data values are shared), along the fixed depth of the schema (task → history/artifacts →
// parts); nothing recurses on the input's own depth. What a v1.0 object is comes from the
// fields the SDK's `fromJSON` reads (`src/types/pb/a2a.ts`), never from a `kind` the peer
// wrote: v1.0 has no `kind`, and the SDK ignores one, so `{"kind": "data", "text": EVIL}` is
// the text part the client reads (issue 33 §4).
import type { Value } from "@oatf/model";
import { isObject } from "@oatf/model/rules";

type Obj = Record<string, unknown>;

/**
 * v1.0 `TaskState` (name or proto number) → v0.3 `TaskState` literal (enums.ts): the v0.3
 * literals in proto order; a name is `TASK_STATE_` and the literal in capitals (`-` as `_`),
 * but for 0, `TASK_STATE_UNSPECIFIED`.
 */
const STATES: Record<string, string> = Object.fromEntries(
  [
    "unknown",
    "submitted",
    "working",
    "completed",
    "failed",
    "canceled",
    "input-required",
    "rejected",
    "auth-required",
  ].flatMap((state, n) => [
    [n, state],
    [`TASK_STATE_${n === 0 ? "UNSPECIFIED" : state.toUpperCase().replace("-", "_")}`, state],
  ]),
);
/** v1.0 `Role` → v0.3 role. The SDK reads every non-user role as `agent`; an unknown one stays. */
const ROLES: Record<string, string> = {
  ROLE_USER: "user",
  ROLE_AGENT: "agent",
  1: "user",
  2: "agent",
};
/** v0.3 states that end a task (`FINAL_LEGACY_STATES`): a status-update's `final`. */
export const FINAL_STATES = new Set(["completed", "canceled", "failed", "rejected"]);

/** An enum by name, or by number as proto JSON allows (a number, never a numeric string). */
const enumOf = (table: Record<string, string>, value: unknown): unknown =>
  (typeof value === "number" || (typeof value === "string" && !/^\d/.test(value))) &&
  Object.hasOwn(table, value)
    ? table[value]
    : value;

/** A shallow copy of `o` without `keys`. */
function without(o: Obj, keys: readonly string[]): Obj {
  const copy: Obj = { ...o };
  for (const k of keys) delete copy[k];
  return copy;
}

/** Set, as the SDK's `isSet` says: present and not null (`""`, `0`, `false` are set). */
const isSet = (value: unknown): boolean => value !== undefined && value !== null;
const mapArray = (value: unknown, f: (v: unknown) => unknown): unknown =>
  Array.isArray(value) ? value.map(f) : value;

/**
 * A v1.0 Part (`{text}`, `{raw}`, `{url}`, `{data}`, each with `metadata`, and `mediaType` /
 * `filename` for files) as the v0.3 TextPart, FilePart or DataPart. The oneof is read in the
 * SDK's order (text, raw, url, data: the first set wins, whatever `kind` says); a part with
 * none of them stays as it is.
 */
export function partV03(part: unknown): unknown {
  if (!isObject(part)) return part;
  if (isSet(part.text)) return { ...part, kind: "text" };
  if (isSet(part.raw) || isSet(part.url)) {
    // Only what moves into `file` leaves the part: a second oneof case (both `raw` and
    // `url`, which no SDK writes) stays where it was, so nothing the wire carried is hidden.
    const raw = isSet(part.raw);
    const moved = [raw ? "raw" : "url"];
    const file: Obj = raw ? { bytes: part.raw } : { uri: part.url };
    // `mediaType`, else the proto name `media_type` (Part.fromJSON).
    const mediaKey = isSet(part.mediaType) ? "mediaType" : "media_type";
    const mediaType = part[mediaKey];
    if (isSet(mediaType) && mediaType !== "") {
      file.mimeType = mediaType;
      moved.push(mediaKey);
    }
    if (part.filename !== undefined && part.filename !== "") {
      file.name = part.filename;
      moved.push("filename");
    }
    return { ...without(part, moved), kind: "file", file };
  }
  if (isSet(part.data)) {
    const data = part.data;
    if (isObject(data)) return { ...part, kind: "data" };
    // A v0.3 DataPart holds an object: the SDK wraps anything else as `{value}` and says so
    // in the metadata (`data_part_compat`); metadata that is not an object is kept instead.
    const metadata = part.metadata;
    return {
      ...part,
      kind: "data",
      data: { value: data },
      metadata: isObject(metadata)
        ? { ...metadata, data_part_compat: true }
        : (metadata ?? { data_part_compat: true }),
    };
  }
  return part;
}

/** A v1.0 Message: `kind: "message"`, the v0.3 role, v0.3 parts. */
export function messageV03(message: unknown): unknown {
  if (!isObject(message)) return message;
  const m: Obj = { ...message, kind: "message" };
  if (message.role !== undefined) m.role = enumOf(ROLES, message.role);
  if (message.parts !== undefined) m.parts = mapArray(message.parts, partV03);
  return m;
}

/** A v1.0 Artifact: v0.3 parts. */
function artifactV03(artifact: unknown): unknown {
  if (!isObject(artifact) || !Array.isArray(artifact.parts)) return artifact;
  return { ...artifact, parts: artifact.parts.map(partV03) };
}

/** A v1.0 TaskStatus: the v0.3 state, its message in the v0.3 shape. */
function statusV03(status: unknown): unknown {
  if (!isObject(status)) return status;
  const s: Obj = { ...status };
  if (status.state !== undefined) s.state = enumOf(STATES, status.state);
  if (status.message !== undefined) s.message = messageV03(status.message);
  return s;
}

/** A v1.0 Task: `kind: "task"`, its status, history and artifacts in the v0.3 shape. */
export function taskV03(task: unknown): unknown {
  if (!isObject(task)) return task;
  const t: Obj = { ...task, kind: "task" };
  if (task.status !== undefined) t.status = statusV03(task.status);
  if (task.history !== undefined) t.history = mapArray(task.history, messageV03);
  if (task.artifacts !== undefined) t.artifacts = mapArray(task.artifacts, artifactV03);
  return t;
}

/** A v1.0 TaskStatusUpdateEvent: `kind: "status-update"`, and `final` from its state. */
function statusUpdateV03(event: Obj): Obj {
  const status = statusV03(event.status);
  const state = isObject(status) ? status.state : undefined;
  return {
    ...event,
    kind: "status-update",
    ...(event.status === undefined ? {} : { status }),
    final: typeof state === "string" && FINAL_STATES.has(state),
  };
}

/** A v1.0 TaskArtifactUpdateEvent: `kind: "artifact-update"`, `append` / `lastChunk` set. */
function artifactUpdateV03(event: Obj): Obj {
  return {
    ...event,
    kind: "artifact-update",
    ...(event.artifact === undefined ? {} : { artifact: artifactV03(event.artifact) }),
    append: event.append ?? false,
    lastChunk: event.lastChunk ?? false,
  };
}

/**
 * The case of a v1.0 oneof result (`SendMessageResponse`, `StreamResponse`: `task`,
 * `message`, `statusUpdate`, `artifactUpdate`) in the v0.3 shape of its `kind`.
 */
export function resultV03(kind: string, inner: Value): Value {
  if (!isObject(inner)) return inner;
  switch (kind) {
    case "task":
      return taskV03(inner) as Value;
    case "message":
      return messageV03(inner) as Value;
    case "status-update":
      return statusUpdateV03(inner) as Value;
    case "artifact-update":
      return artifactUpdateV03(inner) as Value;
    default:
      return inner;
  }
}

/**
 * v1.0 `SendMessageConfiguration` as v0.3 `MessageSendConfiguration`: `returnImmediately` is
 * the negation of `blocking`, `taskPushNotificationConfig` is `pushNotificationConfig`.
 */
function configurationV03(configuration: unknown): unknown {
  if (!isObject(configuration)) return configuration;
  // A `returnImmediately` that is not a boolean is no v1.0 value: kept as it is, not lost.
  const immediate = configuration.returnImmediately;
  const renamed = typeof immediate === "boolean" ? ["returnImmediately"] : [];
  if (configuration.taskPushNotificationConfig !== undefined)
    renamed.push("taskPushNotificationConfig");
  if (renamed.length === 0) return configuration;
  const c = without(configuration, renamed);
  if (typeof immediate === "boolean") c.blocking = !immediate;
  if (configuration.taskPushNotificationConfig !== undefined)
    c.pushNotificationConfig = configuration.taskPushNotificationConfig;
  return c;
}

/**
 * The params of an A2A request sent with a v1.0 method name, in the v0.3 shape of
 * `operation` (its binding name). Only `message/send` and `message/stream` params differ in
 * what the binding's surfaces read (`message`, `configuration`); the others keep v1.0 fields.
 */
export function paramsV03(operation: string, params: Value): Value {
  if (operation !== "message/send" && operation !== "message/stream") return params;
  const o: unknown = params;
  if (!isObject(o)) return params;
  const p: Obj = { ...o };
  if (o.message !== undefined) p.message = messageV03(o.message);
  if (o.configuration !== undefined) p.configuration = configurationV03(o.configuration);
  return p as Value;
}

/**
 * The result of a v1.0 method that is not a oneof, in the v0.3 shape: `tasks/get` and
 * `tasks/cancel` answer a Task, `ListTasks` (v1.0 only) a list of them.
 */
export function plainResultV03(operation: string, result: Value): Value {
  if (operation === "tasks/get" || operation === "tasks/cancel") return taskV03(result) as Value;
  const o: unknown = result;
  if (operation === "ListTasks" && isObject(o) && Array.isArray(o.tasks))
    return { ...o, tasks: o.tasks.map(taskV03) } as Value;
  return result;
}
