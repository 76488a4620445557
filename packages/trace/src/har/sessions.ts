// The MCP sessions of a HAR (issue 22 §2): entries carrying one `Mcp-Session-Id` share one
// JSON-RPC connection, so a response streamed in one entry still finds the request POSTed in
// another; an entry without one is a connection of its own. Kept least recently used first,
// at most MAX_HAR_SESSIONS at once:
//
//   unknown ──an entry names it──▶ kept (the newest)
//   kept ──an entry names it──▶ kept (the newest again)
//   kept ──a new session past the bound, this one the oldest──▶ forgotten: its reader ends,
//     said (T-HAR-SESSIONS); an answer to one of its requests later is uncorrelated
import { type JsonRpcDecoder, jsonRpcDecoder } from "../jsonrpc/read.js";
import { problem, type TraceRecord } from "../record.js";

/**
 * MCP sessions whose connection is kept across entries at once (the least recently used is
 * forgotten first). Each holds the JSON-RPC reader's bounded tables, so a HAR's pending
 * requests are bounded by this many times `MAX_PENDING_CHARS`.
 */
export const MAX_HAR_SESSIONS = 8;

/** An entry's JSON-RPC connection, and whether it is the entry's own (ended with it). */
export interface HarConnection {
  decoder: JsonRpcDecoder;
  own: boolean;
}

export interface HarSessions {
  /** The JSON-RPC connection of an entry: its MCP session's, or its own. */
  connection(session: string | undefined, line: number, out: TraceRecord[]): HarConnection;
  /** The HAR ended: every session's reader ends. */
  end(out: TraceRecord[]): void;
}

export function harSessions(protocol: string | undefined, maxEventLength: number): HarSessions {
  const sessions = new Map<string, JsonRpcDecoder>();
  const newJsonRpc = () => jsonRpcDecoder({ protocol, maxEventLength });

  function connection(session: string | undefined, line: number, out: TraceRecord[]) {
    if (session === undefined) return { decoder: newJsonRpc(), own: true };
    let decoder = sessions.get(session);
    if (decoder !== undefined)
      sessions.delete(session); // set again below: the newest
    else {
      decoder = newJsonRpc();
      if (sessions.size >= MAX_HAR_SESSIONS) {
        const [oldest, old] = sessions.entries().next().value!;
        sessions.delete(oldest);
        old.end(out);
        problem(
          out,
          line,
          "T-HAR-SESSIONS",
          `more than ${MAX_HAR_SESSIONS} MCP sessions: the least recently used is forgotten (a response to one of its requests in a later entry is uncorrelated)`,
        );
      }
    }
    sessions.set(session, decoder);
    return { decoder, own: false };
  }

  return {
    connection,
    end(out) {
      for (const decoder of sessions.values()) decoder.end(out);
      sessions.clear();
    },
  };
}
