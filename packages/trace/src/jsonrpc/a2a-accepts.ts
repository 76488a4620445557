// What the official A2A SDK accepts as the result of a v1.0 call (issue 33 §4), taken from
// its own parsing, `@a2a-js/sdk` 1.3.0 `src/types/pb/a2a.ts`: `SendMessageResponse.fromJSON`
// reads `task`, then `message`; `StreamResponse.fromJSON` reads `task`, `message`,
// `statusUpdate`, `status_update`, `artifactUpdate`, `artifact_update`, in that order. The
// first case present (set: not undefined, not null) is the result, whatever else the object
// holds: other keys, a second case and any `kind` are ignored. Read here in that order, so the
// content an indicator sees is the one the client read.
import { isObject } from "@oatf/model/rules";

/** A oneof case: its JSON key and the v0.3 `kind` of what it holds. */
type Case = readonly [key: string, kind: string];

const SEND_CASES: readonly Case[] = [
  ["task", "task"],
  ["message", "message"],
];
const STREAM_CASES: readonly Case[] = [
  ...SEND_CASES,
  ["statusUpdate", "status-update"],
  ["status_update", "status-update"],
  ["artifactUpdate", "artifact-update"],
  ["artifact_update", "artifact-update"],
];

/** The cases a v1.0 result of `operation` is read by (a send answers a Task or a Message). */
export function v1Cases(operation: string): readonly Case[] {
  return operation === "message/send" ? SEND_CASES : STREAM_CASES;
}

/** The case of a v1.0 oneof result the SDK reads: the first set, in `cases` order. */
export function v1Case(
  result: Record<string, unknown>,
  cases: readonly Case[] = STREAM_CASES,
): { kind: string; inner: Record<string, unknown> } | undefined {
  for (const [key, kind] of cases) {
    const inner = result[key];
    if (inner === undefined || inner === null || !Object.hasOwn(result, key)) continue;
    // The SDK reads a non-object as an empty one: nothing an indicator could read in it.
    return isObject(inner) ? { kind, inner } : undefined;
  }
  return undefined;
}
