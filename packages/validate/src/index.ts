// @oatf/validate: `validate` with every V-rule (SDK §3.2) and W-warning (SDK §7.0).

export { SUPPORTED_VERSIONS } from "./checks/envelope.js";
export type { ValidateOptions } from "./context.js";
export { V014_SKIPPED } from "./rules.js";
export { validate, validateRecovered } from "./validate.js";
