// SDK §5.6 evaluate_extractor: capture a value from a request or response.
import type { Extractor, ExtractorSource, Value } from "@oatf/model";
import { toText } from "../base/json.js";
import { compileJsonPath } from "../compile/jsonpath.js";
import { compileRegex } from "../compile/regex.js";

/**
 * The captured string, or `undefined` for "no match" (including an extractor for the
 * other direction, or an invalid selector). `""` is a genuine empty capture. Never throws.
 */
export function evaluateExtractor(
  extractor: Extractor,
  message: Value,
  direction: ExtractorSource,
): string | undefined {
  try {
    if (extractor.source !== direction) return undefined;
    if (extractor.type === "json_path") {
      const path = compileJsonPath(extractor.selector);
      if (!path.ok) return undefined;
      const node = path.value.first(message);
      return node === undefined ? undefined : toText(node);
    }
    if (extractor.type === "regex") {
      const re = compileRegex(extractor.selector);
      if (!re.ok || re.value.groupCount < 1) return undefined;
      return re.value.exec(toText(message))?.[1];
    }
    return undefined;
  } catch {
    return undefined;
  }
}
