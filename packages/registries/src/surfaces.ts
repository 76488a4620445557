// Operation names per protocol, for `indicator.surface` checks (SDK §2.21, V-018).
import { A2A_OPERATIONS, A2A_V1_METHODS, type A2aOperation } from "./bindings/a2a.js";
import { AG_UI_OPERATIONS, type AgUiOperation } from "./bindings/ag-ui.js";
import { MCP_OPERATIONS, type McpOperation } from "./bindings/mcp.js";
import type { KnownProtocol } from "./modes.js";
import { own } from "./own.js";

export type { A2aOperation, AgUiOperation, McpOperation };

/** The operation names a binding defines, by protocol. */
export const PROTOCOL_OPERATIONS = Object.freeze({
  mcp: MCP_OPERATIONS,
  a2a: A2A_OPERATIONS,
  ag_ui: AG_UI_OPERATIONS,
} as const satisfies { readonly [P in KnownProtocol]: readonly string[] });

/** `OperationOf<"mcp">` is `McpOperation`, and so on. */
export type OperationOf<P extends KnownProtocol> = (typeof PROTOCOL_OPERATIONS)[P][number];

/** The protocol's operation names, or `undefined` for an unrecognized protocol (skip V-018). */
export function surfacesFor(protocol: string): readonly string[] | undefined {
  return own(PROTOCOL_OPERATIONS, protocol);
}

/**
 * Whether `surface` draws no V-018 warning: it names an operation of `protocol`, or
 * `protocol` is unrecognized (surface validation is skipped).
 */
export function isSurfaceValidForProtocol(protocol: string, surface: string): boolean {
  const surfaces = surfacesFor(protocol);
  return surfaces === undefined || surfaces.includes(surface);
}

/**
 * The binding's name for an A2A v1.0 JSON-RPC method (`SendStreamingMessage` →
 * `message/stream`), or `undefined` when `method` is not an A2A v1.0 method.
 */
export function a2aOperationOfV1(method: string): string | undefined {
  return own(A2A_V1_METHODS, method);
}
