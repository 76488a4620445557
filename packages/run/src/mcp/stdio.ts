// MCP over stdio for an `mcp_server` actor: newline-delimited JSON-RPC on a pair of streams,
// one session per pair. The streams are the process's own stdin/stdout when a host spawned
// the runner itself, or a stdio bridge's connection (bin/stdio-bridge.mjs) when a host
// spawned the bridge and the actor runs in the main run with the document's other actors.
import { randomUUID } from "node:crypto";
import { errorMessage, INVALID_REQUEST, PARSE_ERROR, readMessages } from "../jsonrpc.js";
import { LineSplitter } from "../lines.js";
import type { McpServerActor } from "./server.js";
import { McpSession, type Outlet } from "./session.js";

export interface StdioStreams {
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
}

/** Serves one stdio session until `input` ends; returns a function that stops serving. */
export function serveStdio(actor: McpServerActor, streams: StdioStreams): () => void {
  const m = actor.machine;
  const { diagnostics, limits } = m.context;
  const session = new McpSession(`stdio-${randomUUID()}`);
  const wire = (message: string) =>
    diagnostics.report({ severity: "warning", code: "run/wire", message, actor: m.name });
  const outlet: Outlet = (message) => {
    if (!closed) streams.output.write(`${JSON.stringify(message)}\n`);
  };
  let closed = false;
  actor.attach(session, outlet);
  const splitter = new LineSplitter(
    limits.maxEventBytes,
    (text) => {
      const read = readMessages(text);
      if (typeof read === "string") {
        wire(`stdin: ${read}`);
        return outlet(errorMessage(null, PARSE_ERROR, `Parse error: ${read}`));
      }
      for (const incoming of read.messages) {
        if (incoming.kind === "invalid") {
          wire(`stdin: a message that is not JSON-RPC: ${incoming.problem}`);
          outlet(
            errorMessage(incoming.id, INVALID_REQUEST, `Invalid Request: ${incoming.problem}`),
          );
          continue;
        }
        actor.handle(session, incoming, outlet).catch((error) => wire(`stdin: ${error}`));
      }
    },
    (bytes) => wire(`stdin: a line of ${bytes} bytes skipped (limits.maxEventBytes)`),
  );
  const onData = (chunk: Buffer | string) =>
    splitter.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
  const stop = () => {
    if (closed) return;
    closed = true;
    streams.input.off("data", onData);
    actor.detach(session);
  };
  streams.input.on("data", onData);
  streams.input.on("end", () => {
    splitter.end();
    stop();
  });
  return stop;
}
