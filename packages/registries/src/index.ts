// SDK §5.9 extract_protocol lives with the other inheritance rules in @oatf/model (its
// `./rules` subpath, which carries no YAML reader).
export { extractProtocol } from "@oatf/model/rules";
export { EVENT_MODE_VALIDITY, eventsFor, isEventValidForMode } from "./events.js";
export type { KnownMode, KnownProtocol, ProtocolOf, Role } from "./modes.js";
export {
  isKnownMode,
  isKnownProtocol,
  KNOWN_MODES,
  KNOWN_PROTOCOLS,
  knownModes,
  knownProtocols,
} from "./modes.js";
export type { ParsedEvent } from "./qualifiers.js";
export {
  parseEventQualifier,
  QUALIFIER_RESOLUTION_REGISTRY,
  qualifierPathFor,
  resolveEventQualifier,
} from "./qualifiers.js";
export type { A2aOperation, AgUiOperation, McpOperation, OperationOf } from "./surfaces.js";
export {
  a2aOperationOfV1,
  isSurfaceValidForProtocol,
  PROTOCOL_OPERATIONS,
  surfacesFor,
} from "./surfaces.js";
