// What a JSON-RPC line says around its message (who sent it, when, on which connection),
// the decoder's state the request and response readers share, and the emitting of a message
// with its line's place.
import type { TraceMessage } from "@oatf/evaluate";
import type { Value } from "@oatf/model";
import type { TraceRecord } from "../record.js";
import type { Connection, Connections } from "./connections.js";
import type { Correlation, Side } from "./correlation.js";
import type { InputRequests } from "./input-required.js";

/** One decoder's state: its connections' protocols, the requests awaiting, the input requests. */
export interface DecoderState extends Connections, Correlation {
  inputs: InputRequests;
  /** Whether the ordinary line is read by the fast lane (fast-lane.ts). */
  fastLane: boolean;
  /**
   * What the line of the message being decoded says: one object per decoder, filled per
   * message (an object per line added up), read only while that message is decoded.
   */
  heard: Heard;
}

export /** What a line says around its JSON-RPC message: who sent it, when, on which connection. */
interface Heard {
  line: number;
  side: Side;
  actor: string | undefined;
  /** The actor as correlation keys it: "" for none, else `a` + the actor. */
  actorKey: string;
  /** The scope's key ("" for none) and its session or connection id. */
  scope: string;
  session: string | undefined;
  /** The line's run (`run`). */
  run: string | undefined;
  timestamp: string | undefined;
  /** The line's own `protocol`, which wins over the connection's. */
  given: string | undefined;
  connection: Connection;
}

export const isId = (id: unknown) => typeof id === "string" || typeof id === "number";

type Located = TraceMessage & { line: number };

export /**
 * Emits a message with its line's actor, session, run, timestamp and line (absent fields left
 * out, the fields in that order); returns it.
 */
function located(
  out: TraceRecord[],
  protocol: string,
  direction: TraceMessage["direction"],
  operation: string,
  content: Value,
  { actor, session, run, timestamp, line }: Heard,
): Located {
  if (actor === undefined && session === undefined && run === undefined)
    return unnamed(out, protocol, direction, operation, content, timestamp, line);
  const m = { protocol, direction, operation, content } as Located;
  if (actor !== undefined) m.actor = actor;
  if (session !== undefined) m.session = session;
  if (run !== undefined) m.run = run;
  if (timestamp !== undefined) m.timestamp = timestamp;
  m.line = line;
  out.push({ kind: "message", message: m });
  return m;
}

/** Emits a message of a line that names no actor, session or run (`located`'s common case); returns it. */
export function unnamed(
  out: TraceRecord[],
  protocol: string,
  direction: TraceMessage["direction"],
  operation: string,
  content: Value,
  timestamp: string | undefined,
  line: number,
): Located {
  // A log's lines mostly name no actor, session or run: built whole, in one allocation.
  const m: Located =
    timestamp === undefined
      ? { protocol, direction, operation, content, line }
      : { protocol, direction, operation, content, timestamp, line };
  out.push({ kind: "message", message: m });
  return m;
}

/**
 * MCP 2026-07-28: an `input_required` result's input requests are the server's requests of
 * the binding (`elicitation/create`, `sampling/createMessage`, `roots/list`).
 */
export function asked(state: DecoderState, result: Value, heard: Heard, out: TraceRecord[]) {
  for (const input of state.inputs.asked(result, heard.line, out))
    located(out, "mcp", "request", input.method, input.content as Value, heard);
}
