// N-008 (format §4.5): classification tags are lowercase and hyphen-delimited.
import type { Document } from "@oatf/model";

export function normalizeTags(document: Document): void {
  const classification = document.attack.classification;
  if (!Array.isArray(classification?.tags)) return;
  classification.tags = classification.tags.map((tag) =>
    typeof tag === "string" ? tag.toLowerCase().replace(/[_ ]/g, "-") : tag,
  );
}
