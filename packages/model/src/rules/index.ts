// Defaults and inheritance rules of the format, in one home: normalize, validate and
// evaluate all ask here instead of restating them. Also the `@oatf/model/rules` subpath.
export { isMatchCondition, patternCondition } from "./conditions.js";
export {
  generatedIndicatorId,
  generatedPhaseName,
  indicatorIdAt,
  phaseNameAt,
} from "./identifiers.js";
export { isObject } from "./object.js";
export { extractProtocol, indicatorProtocol } from "./protocol.js";
