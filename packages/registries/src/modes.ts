// Modes and protocols of the v0.1 protocol bindings (format §7.1.1, §7.2.1, §7.3.1).

/** Protocols defined by the included bindings (SDK §2.20 `Protocol`, W-003). */
export const KNOWN_PROTOCOLS = Object.freeze(["mcp", "a2a", "ag_ui"] as const);
export type KnownProtocol = (typeof KNOWN_PROTOCOLS)[number];

/** Roles in the `{protocol}_{role}` mode convention (format §7.0). */
export type Role = "server" | "client";

/** `{protocol}_{role}` for a known protocol. A named type: Stryker cannot instrument a
 * template literal type written inline after `satisfies` (it crashed on this file). */
type ProtocolMode = `${KnownProtocol}_${Role}`;

/**
 * Modes defined by the included bindings (SDK §2.20 `Mode`, W-002).
 * Typed against the protocols so a mode for an unknown protocol is a type error.
 */
export const KNOWN_MODES = Object.freeze([
  "mcp_server",
  "mcp_client",
  "a2a_server",
  "a2a_client",
  "ag_ui_client", // AG-UI defines only a client mode (format §7.3.1).
] as const satisfies readonly ProtocolMode[]);
export type KnownMode = (typeof KNOWN_MODES)[number];

/** The protocol half of a known mode, as a type: `ProtocolOf<"ag_ui_client">` is `"ag_ui"`. */
export type ProtocolOf<M extends KnownMode> = M extends `${infer P}_${Role}` ? P : never;

export function knownModes(): readonly KnownMode[] {
  return KNOWN_MODES;
}

export function knownProtocols(): readonly KnownProtocol[] {
  return KNOWN_PROTOCOLS;
}

export function isKnownMode(mode: unknown): mode is KnownMode {
  return (KNOWN_MODES as readonly unknown[]).includes(mode);
}

export function isKnownProtocol(protocol: unknown): protocol is KnownProtocol {
  return (KNOWN_PROTOCOLS as readonly unknown[]).includes(protocol);
}
