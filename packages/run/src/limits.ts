// The bounds a run holds whatever the agent sends (format §12.1: one side of the traffic is
// untrusted). Each is a count or a size; reaching one is a diagnostic, never a crash, and a
// run that cannot go on ends early with what it recorded.

export interface RunLimits {
  /** Bytes of one HTTP body from a peer (a JSON-RPC POST, a server's JSON answer): 4 MiB. */
  maxBodyBytes: number;
  /** Bytes of one SSE event or one stdio line read from a peer: 4 MiB. */
  maxEventBytes: number;
  /** Messages recorded in one run; past it the run ends (`run/limit`): 100,000. */
  maxMessages: number;
  /** MCP sessions one actor keeps at once: 256. */
  maxSessions: number;
  /** Server-to-client messages queued for a session without an open stream: 1,024. */
  maxQueued: number;
  /** How long a server actor waits for the agent's answer to a request it sent (ms): 30 s. */
  answerTimeout: number;
  /** Follow-up AG-UI runs that return client tool results, per phase: 16. */
  maxToolRounds: number;
}

export const DEFAULT_LIMITS: Readonly<RunLimits> = Object.freeze({
  maxBodyBytes: 4 * 1024 * 1024,
  maxEventBytes: 4 * 1024 * 1024,
  maxMessages: 100_000,
  maxSessions: 256,
  maxQueued: 1024,
  answerTimeout: 30_000,
  maxToolRounds: 16,
});

/** The defaults with the caller's overrides that are positive numbers. */
export function resolveLimits(overrides: Partial<RunLimits> | undefined): RunLimits {
  const limits: RunLimits = { ...DEFAULT_LIMITS };
  if (typeof overrides !== "object" || overrides === null) return limits;
  for (const key of Object.keys(DEFAULT_LIMITS) as (keyof RunLimits)[]) {
    const value = overrides[key];
    if (typeof value === "number" && Number.isFinite(value) && value > 0) limits[key] = value;
  }
  return limits;
}
