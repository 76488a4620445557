// SDK §4.1: a `tools/call` or `prompts/get` response is recorded enriched with its request's
// params (`{...params, ...result}`, the result's fields winning), as the trace readers read
// it, so a recording evaluates the same in this run and in `oatf evaluate` later.
import type { Value } from "@oatf/model";
import { isObject, type Obj } from "../state.js";

export function enriched(method: string, params: Value, result: Value): Value {
  if (
    (method !== "tools/call" && method !== "prompts/get") ||
    !isObject(params) ||
    !isObject(result)
  )
    return result;
  // Keys defined as data: an own `__proto__` key of a peer's JSON stays a key.
  const merged: Obj = {};
  for (const from of [params, result])
    for (const key of Object.keys(from))
      Object.defineProperty(merged, key, {
        value: from[key],
        enumerable: true,
        writable: true,
        configurable: true,
      });
  return merged;
}
