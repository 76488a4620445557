// Reading a phase's state (format §7: structural keys, pass-through content) and the
// response-dispatch lists in it (format §7.0.1), the same way for every binding.
import { selectResponse } from "@oatf/evaluate";
import type { ResponseEntry, Value } from "@oatf/model";

export type Obj = Record<string, Value>;

export const isObject = (v: unknown): v is Obj =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** A structural key of a state (undefined when the state or the key is not there). */
export function field(state: Value | undefined, key: string): Value | undefined {
  return isObject(state) && Object.hasOwn(state, key) ? state[key] : undefined;
}

/** A structural list of a state: its object entries (anything else in it is skipped). */
export function entries(state: Value | undefined, key: string): Obj[] {
  const list = field(state, key);
  return Array.isArray(list) ? list.filter(isObject) : [];
}

/** `object` without the OATF extension keys, in its own key order (what goes on the wire). */
export function without(object: Obj, keys: readonly string[]): Obj {
  const out: Obj = {};
  for (const key of Object.keys(object)) if (!keys.includes(key)) out[key] = object[key]!;
  return out;
}

/**
 * Format §7.0.1 dispatch: the first entry whose `when` matches `request`, else the default
 * (SDK §5.7 `select_response`), among the entries that can be served: an entry whose only
 * content is `synthesize` is not served without a generation provider (format §11.3 item 11).
 */
export function dispatch(
  list: Value | undefined,
  request: Value,
  canSynthesize: boolean,
  contentKeys: readonly string[] = ["content"],
): ResponseEntry | undefined {
  if (!Array.isArray(list)) return undefined;
  const servable = list.filter(
    (entry): entry is Obj =>
      isObject(entry) &&
      (canSynthesize ||
        entry.synthesize === undefined ||
        contentKeys.some((key) => entry[key] !== undefined)),
  );
  return selectResponse(servable as ResponseEntry[], request);
}
