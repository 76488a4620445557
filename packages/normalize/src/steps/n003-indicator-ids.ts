// N-003 (format §11.2.3): indicators without an id get `{attack.id}-{NN}` or
// `indicator-{NN}`, NN being the 1-based position, zero-padded to two digits.
import type { Document } from "@oatf/model";

export function generateIndicatorIds(document: Document): void {
  const { attack } = document;
  const prefix = attack.id ?? "indicator";
  attack.indicators?.forEach((indicator, index) => {
    indicator.id ??= `${prefix}-${String(index + 1).padStart(2, "0")}`;
  });
}
