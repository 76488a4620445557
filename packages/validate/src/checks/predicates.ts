// Match predicates (format §5.4), wherever they appear: `trigger.match` and the
// `when` of response entries and MCP elicitations. Keys are simple dot-paths
// (V-027); `regex` conditions compile (V-013). Whether a value is a condition
// or a bare equality value is decided as evaluation decides it.

import { keyPath } from "@oatf/model/internal";
import { isMatchCondition } from "@oatf/model/rules";
import { parseSimplePath } from "@oatf/paths";
import type { Context } from "../context.js";
import { isObj, show } from "../values.js";
import { checkRegex } from "./common.js";
import { checkConditionTypos } from "./condition-typos.js";

export function checkPredicate(ctx: Context, predicate: unknown, path: string): void {
  if (!isObj(predicate)) {
    ctx.error(
      "V-027",
      path,
      `a match predicate must map dot-paths to conditions, got ${show(predicate)}`,
    );
    return;
  }
  for (const [key, entry] of Object.entries(predicate)) {
    const entryPath = keyPath(path, key);
    const parsed = parseSimplePath(key);
    if (!parsed.ok) {
      ctx.error(
        "V-027",
        entryPath,
        `predicate key "${key}" is not a simple dot-path (${parsed.error.message}); use plain field names such as arguments.command, without [*] or [0]`,
      );
    }
    checkConditionTypos(ctx, entry, entryPath);
    if (isMatchCondition(entry) && "regex" in entry)
      checkRegex(ctx, entry.regex, keyPath(entryPath, "regex"));
  }
}
