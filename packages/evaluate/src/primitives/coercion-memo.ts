// String coercion for string operators (SDK §5.3), remembered while one trace message is
// evaluated: a library's indicators often target the same object of a message (`arguments`),
// and its canonical JSON is the same for each of them. Only the trace evaluator turns the
// memo on, around one message at a time, so nothing outlives the message it was made for.
import type { Value } from "@oatf/model";
import { coerceToString } from "../base/json.js";

let memo: WeakMap<object, string> | undefined;

/** `coerceToString`, answered from the current message's memo when there is one. */
export function coerceForMatch(value: Value): string {
  if (memo === undefined || typeof value !== "object" || value === null)
    return coerceToString(value);
  let text = memo.get(value);
  if (text === undefined) {
    text = coerceToString(value);
    memo.set(value, text);
  }
  return text;
}

/** Runs `evaluate` (synchronous: one message) with the memo on. */
export function withCoercionMemo(evaluate: () => void): void {
  memo = new WeakMap();
  try {
    evaluate();
  } finally {
    memo = undefined;
  }
}
