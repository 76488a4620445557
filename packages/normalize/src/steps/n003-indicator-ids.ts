// N-003 (format §11.2.3): indicators without an id get `{attack.id}-{NN}` or
// `indicator-{NN}`, NN being the 1-based position, zero-padded to two digits.
import type { Document } from "@oatf/model";
import { generatedIndicatorId } from "@oatf/model/rules";
import { isObject } from "../shape.js";

export function generateIndicatorIds(document: Document): void {
  const { attack } = document;
  if (!Array.isArray(attack.indicators)) return;
  attack.indicators.forEach((indicator, index) => {
    if (isObject(indicator)) indicator.id ??= generatedIndicatorId(attack, index);
  });
}
