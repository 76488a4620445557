// The event-mode table (SDK §2.22; format §7.1.2, §7.2.2, §7.3.2), for V-029 warnings.
import { A2A_CLIENT_EVENTS, A2A_SERVER_EVENTS } from "./bindings/a2a.js";
import { AG_UI_CLIENT_EVENTS } from "./bindings/ag-ui.js";
import { MCP_CLIENT_EVENTS, MCP_SERVER_EVENTS } from "./bindings/mcp.js";
import type { KnownMode, ProtocolOf } from "./modes.js";
import { own } from "./own.js";
import { parseEventQualifier } from "./qualifiers.js";
import type { OperationOf } from "./surfaces.js";

/** The trigger events each known mode can observe; typed so an event of another protocol is a type error. */
export const EVENT_MODE_VALIDITY = Object.freeze({
  mcp_server: MCP_SERVER_EVENTS,
  mcp_client: MCP_CLIENT_EVENTS,
  a2a_server: A2A_SERVER_EVENTS,
  a2a_client: A2A_CLIENT_EVENTS,
  ag_ui_client: AG_UI_CLIENT_EVENTS,
} as const satisfies { readonly [M in KnownMode]: readonly OperationOf<ProtocolOf<M>>[] });

/** The base events valid for `mode`, or `undefined` for an unrecognized mode (skip V-029). */
export function eventsFor(mode: string): readonly string[] | undefined {
  return own(EVENT_MODE_VALIDITY, mode);
}

/**
 * Whether `event` draws no V-029 warning for `mode`: its base (qualifier stripped, README
 * item 3) is in the table, or `mode` is unrecognized (event validation is skipped).
 */
export function isEventValidForMode(mode: string, event: string): boolean {
  const events = eventsFor(mode);
  return events === undefined || events.includes(parseEventQualifier(event).base);
}
