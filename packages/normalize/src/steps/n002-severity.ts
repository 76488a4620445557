// N-002 (format §11.2.2): a scalar severity becomes `{level, confidence: 50}`.
import type { Document } from "@oatf/model";

export function expandSeverity(document: Document): void {
  const { attack } = document;
  if (typeof attack.severity === "string") {
    attack.severity = { level: attack.severity, confidence: 50 };
  }
}
