// An object with no operator key is a value compared by equality (SDK §2.13: "if it's an object
// with operator keys, treat as MatchCondition; otherwise treat as equality"). Written where a
// condition goes with a misspelt operator (`{containz: KEY}`), it is almost never equal to
// anything, so the indicator or predicate silently never matches: a warning says so.
import { CONDITION_OPERATORS } from "@oatf/model";
import { didYouMean, keyPath } from "@oatf/model/internal";
import { isMatchCondition } from "@oatf/model/rules";
import type { Context } from "../context.js";
import { isObj } from "../values.js";

// Keys this short are ordinary field names (`at`, `le`) one edit from `gt`/`lt` as often as typos.
const MIN_KEY_LENGTH = 4;

/** OATF-CONDITION-OPERATOR: each key of an equality object that is near an operator's name. */
export function checkConditionTypos(ctx: Context, value: unknown, path: string): void {
  if (!isObj(value) || isMatchCondition(value)) return;
  for (const key of Object.keys(value)) {
    if (key.length < MIN_KEY_LENGTH) continue;
    const suggestion = didYouMean(key, CONDITION_OPERATORS);
    if (suggestion === undefined) continue;
    ctx.warn(
      "OATF-CONDITION-OPERATOR",
      keyPath(path, key),
      `\`${key}\` is not a condition operator, so this object is compared by equality and will hardly ever match; did you mean \`${suggestion}\`?`,
      undefined,
      { suggestion },
    );
  }
}
