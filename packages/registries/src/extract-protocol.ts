// SDK §5.9 extract_protocol.

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
