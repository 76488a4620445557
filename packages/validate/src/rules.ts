// The rules validate reports are the ones of the one rule table in @oatf/model
// (rule-ids.ts: `VALIDATION_RULES`, `WARNING_RULES`), with their severities and spec
// references, so parse, validate and evaluate share one closed set of ids.
import type { ValidationRuleId, WarningRuleId } from "@oatf/model";

/** A V-rule id: what a check reports through `ctx.error`. */
export type RuleId = ValidationRuleId;

/** Code of the warning emitted when V-014 cannot run. */
export const V014_SKIPPED = "OATF-V014-SKIPPED" satisfies WarningRuleId;
