// Telling a trace's format by what most of its first lines show, so that no one line decides
// it: one side of a recording is the attacker, and a peer that writes a whole line (a stdio
// server in a bare JSON-RPC capture) could otherwise put an AG-UI-looking line first and have
// every real line read as AG-UI, unjudged. Each first line votes for the format it shows (an
// SSE event: once, at its first `data:` line); the most votes win, a tie going to the format
// shown first, except that the SDK's own shape loses every tie (its lines are valid synthetic
// lines of a JSON-RPC log).
import type { TraceFormat } from "./record.js";

const count = (votes: readonly TraceFormat[], format: TraceFormat) =>
  votes.filter((vote) => vote === format).length;

/**
 * The format `votes` (in line order) choose, once it has more than half of `lines` votes (one
 * a line at most: no other can then get as many, whatever the rest show); undefined before,
 * and without votes.
 */
export function chosenFormat(votes: readonly TraceFormat[], lines = 0): TraceFormat | undefined {
  // Ranked by votes, the SDK's own shape below any other with as many; in line order, so
  // that only a higher rank replaces a format shown earlier.
  const rank = (format: TraceFormat) => count(votes, format) * 2 + (format === "oatf" ? 0 : 1);
  let best: TraceFormat | undefined;
  for (const format of votes) if (best === undefined || rank(format) > rank(best)) best = format;
  return best !== undefined && count(votes, best) * 2 > lines ? best : undefined;
}

/**
 * Whether a line that showed `shown` is said (T-FORMAT-MIXED) when read as `format`: an OATF
 * line in a JSON-RPC log is one of its synthetic lines.
 */
export const dissents = (shown: TraceFormat | undefined, format: TraceFormat): boolean =>
  shown !== undefined && shown !== format && !(shown === "oatf" && format === "jsonrpc");
