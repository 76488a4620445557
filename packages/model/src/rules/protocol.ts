// SDK §5.9 extract_protocol, and format §6.1 `indicator.protocol`: the one place the
// protocol of a mode and an indicator's inherited protocol are decided (normalize N-001,
// validate V-028/W-005 and evaluate's trace filter all ask here).
import { isObject } from "./object.js";

const ROLE_SUFFIXES = ["_server", "_client"] as const;

/**
 * The protocol of a mode: `mode` without its `_server` / `_client` suffix, or `mode`
 * unchanged when it has neither (not a valid mode per V-034, but never an error here).
 */
export function extractProtocol(mode: string): string {
  if (typeof mode !== "string") return "";
  for (const suffix of ROLE_SUFFIXES) {
    if (mode.endsWith(suffix)) return mode.slice(0, -suffix.length);
  }
  return mode;
}

/**
 * Format §6.1: the indicator's own `protocol`, else the protocol of `execution.mode`.
 * The multi-actor form has no `execution.mode` to inherit (format §5.1; a document that
 * writes one anyway breaks V-030), so there, and without a mode, it is undefined: V-028
 * then requires an explicit `protocol`, and no actor's mode is borrowed.
 */
export function indicatorProtocol(
  attack: { execution?: unknown },
  indicator: { protocol?: unknown },
): string | undefined {
  if (typeof indicator?.protocol === "string") return indicator.protocol;
  const execution = attack?.execution;
  if (!isObject(execution) || execution.actors != null) return undefined;
  return typeof execution.mode === "string" ? extractProtocol(execution.mode) : undefined;
}
