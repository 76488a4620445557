// String coercion for string operators (SDK §5.3), remembered while one trace message is
// evaluated: a library's indicators often target the same object of a message (`arguments`),
// and its canonical JSON is the same for each of them. Only the trace evaluator turns the
// memo on, around one message at a time, so nothing outlives the message it was made for.
// The memo is a few pairs searched by identity, emptied after each message: a message has
// few objects that indicators coerce, and a WeakMap per message cost more than it saved.
import type { Value } from "@oatf/model";
import { coerceToString } from "../base/json.js";

/** Objects remembered per message; past this, coercions are computed each time. */
const MEMO_SIZE = 16;
// Two fixed arrays and a count: emptying them by `length = 0` gave their storage back, so
// every message that coerced an object allocated it again.
const objects: (object | undefined)[] = new Array(MEMO_SIZE).fill(undefined);
const texts: (string | undefined)[] = new Array(MEMO_SIZE).fill(undefined);
let held = 0;
let active = false;

/** `coerceToString`, answered from the current message's memo when there is one. */
export function coerceForMatch(value: Value): string {
  if (!active || typeof value !== "object" || value === null) return coerceToString(value);
  for (let i = 0; i < held; i++) if (objects[i] === value) return texts[i]!;
  const text = coerceToString(value);
  if (held < MEMO_SIZE) {
    objects[held] = value;
    texts[held] = text;
    held++;
  }
  return text;
}

/**
 * Turns the memo on for one message (synchronous); `endCoercionMemo` (in a `finally`) turns
 * it off and forgets. Two calls rather than one taking a callback: no closure per message.
 */
export function beginCoercionMemo(): void {
  active = true;
}

export function endCoercionMemo(): void {
  active = false;
  // Nothing of the message outlives it.
  for (let i = 0; i < held; i++) {
    objects[i] = undefined;
    texts[i] = undefined;
  }
  held = 0;
}

/** Runs `evaluate` (synchronous: one message) with the memo on. */
export function withCoercionMemo(evaluate: () => void): void {
  beginCoercionMemo();
  try {
    evaluate();
  } finally {
    endCoercionMemo();
  }
}
