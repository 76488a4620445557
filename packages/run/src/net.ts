// Addresses a run may use. Loopback only unless the user allows remote ones: a run listens
// for, connects to and posts to this machine, so an attack document cannot turn the runner
// into a client of someone else's network.
import { isIP } from "node:net";

/** Whether `host` (a name or an address, IPv6 with or without brackets) is this machine. */
export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, "").toLowerCase();
  if (h === "localhost" || h.endsWith(".localhost")) return true;
  if (isIP(h) === 4) return h.startsWith("127.");
  if (isIP(h) === 6) return h === "::1" || h === "0:0:0:0:0:0:0:1" || /^::ffff:127\./.test(h);
  return false;
}

export function isLoopbackUrl(url: string): boolean {
  try {
    return isLoopbackHost(new URL(url).hostname);
  } catch {
    return false;
  }
}

/** `host:port`, `[v6]:port`, `:port` or `port`; the host defaults to 127.0.0.1, the port to 0. */
export function parseListen(listen: string): { host: string; port: number } | undefined {
  const text = listen.trim();
  const match = /^(?:\[([^\]]+)\]|([^:]*))?(?::(\d+))?$/.exec(text);
  if (/^\d+$/.test(text)) return { host: "127.0.0.1", port: Number(text) };
  if (!match) return undefined;
  const host = match[1] ?? (match[2] || "127.0.0.1");
  const port = match[3] === undefined ? 0 : Number(match[3]);
  return port <= 65535 ? { host, port } : undefined;
}

/** The host as a URL's authority part (IPv6 in brackets). */
export function urlHost(host: string, port: number): string {
  return `${isIP(host) === 6 ? `[${host}]` : host}:${port}`;
}
