// The rule table of SDK §3.2 (V-001..V-049) and the warnings of SDK §7.0
// (W-001..W-007), as this package has always exported them. The table itself lives in
// @oatf/model (rule-ids.ts), so parse, validate and evaluate share one closed set of ids.
import { VALIDATION_RULES, WARNING_RULES, type WarningRuleId } from "@oatf/model";

export const RULES = VALIDATION_RULES;

export type RuleId = keyof typeof RULES;

/** Warning codes and what each one means (see `WARNING_RULES` in @oatf/model). */
export const WARNINGS = Object.fromEntries(
  Object.entries(WARNING_RULES).map(([code, { check }]) => [code, check]),
) as { readonly [code in WarningRuleId]: string };

export type WarningCode = WarningRuleId;

/** Code of the warning emitted when V-014 cannot run. */
export const V014_SKIPPED = "OATF-V014-SKIPPED" satisfies WarningCode;
