// N-004 (format §11.2.4): `pattern.target` and `semantic.target` default to the
// indicator-level `target`; an explicit method target wins. (The protocol half of
// N-004 is the same default N-001 already applied.)
import type { Document } from "@oatf/model";

export function materializeTargets(document: Document): void {
  for (const indicator of document.attack.indicators ?? []) {
    if (indicator.pattern) indicator.pattern.target ??= indicator.target;
    if (indicator.semantic) indicator.semantic.target ??= indicator.target;
  }
}
