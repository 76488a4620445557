// N-004 (format §11.2.4): `pattern.target` and `semantic.target` default to the
// indicator-level `target`; an explicit method target wins. (The protocol half of
// N-004 is the same default N-001 already applied.)
import type { Document } from "@oatf/model";
import { isObject, objects } from "../shape.js";

export function materializeTargets(document: Document): void {
  for (const indicator of objects(document.attack.indicators)) {
    if (isObject(indicator.pattern)) indicator.pattern.target ??= indicator.target;
    if (isObject(indicator.semantic)) indicator.semantic.target ??= indicator.target;
  }
}
