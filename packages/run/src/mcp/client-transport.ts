// How an `mcp_client` actor reaches the server under test: Streamable HTTP (a URL) or stdio
// (a command the user gave, never one from the document). Both deliver every message the
// server sends to one callback and send ours; the actor does the JSON-RPC.
import { type ChildProcess, spawn } from "node:child_process";
import type { Value } from "@oatf/model";
import { type Incoming, readMessages } from "../jsonrpc.js";
import { LineSplitter } from "../lines.js";
import { readPeerBody } from "../peer-body.js";
import { readSse } from "../sse-client.js";

export interface ClientTransport {
  /** Sends one message; the server's answers arrive through `onMessage`. */
  send(message: Record<string, Value>): Promise<void>;
  /** The revision `initialize` agreed (sent as `Mcp-Protocol-Version` over HTTP). */
  setProtocolVersion(version: string): void;
  close(): void;
}

export interface TransportEvents {
  onMessage(message: Incoming): void;
  /** A problem with what the server sent; `limit` when it passed a bound (`run/limit`). */
  onProblem(message: string, limit?: boolean): void;
  /** The server is gone (its command exited): no answer will come. */
  onClosed?(why: string): void;
  maxEventBytes: number;
  maxBodyBytes: number;
  signal: AbortSignal;
  /** The run's fetch (it records the exchange when the recording is a HAR). */
  fetch: typeof fetch;
}

/** Streamable HTTP: POST each message; answers come as JSON or on the POST's SSE stream. */
export function httpClientTransport(url: string, events: TransportEvents): ClientTransport {
  let session: string | undefined;
  let protocolVersion: string | undefined;
  let listening = false;
  const deliver = (text: string) => {
    const read = readMessages(text);
    if (typeof read === "string") return events.onProblem(`the server sent ${read}`);
    for (const m of read.messages) events.onMessage(m);
  };
  const headers = () => ({
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
    ...(session === undefined ? {} : { "mcp-session-id": session }),
    ...(protocolVersion === undefined ? {} : { "mcp-protocol-version": protocolVersion }),
  });
  /** A JSON body under the bound, or undefined (said, with what it answered). */
  const bounded = async (response: Response, what: string) => {
    const read = await readPeerBody(response, events.maxBodyBytes);
    if (read.ok) return read.text;
    events.onProblem(`${what}: ${read.problem}`, read.limit);
    return undefined;
  };
  const readBody = async (response: Response, what: string) => {
    const type = response.headers.get("content-type") ?? "";
    if (type.includes("text/event-stream")) {
      const end = await readSse(response.body, events.maxEventBytes, events.signal, (data) => {
        if (data.trim() !== "") deliver(data);
        return undefined;
      });
      if (end.kind === "too-large") events.onProblem(`an SSE event over ${end.max} bytes`);
    } else {
      const text = await bounded(response, what);
      if (text !== undefined && text.trim() !== "") deliver(text);
    }
  };
  // The session's own stream: server notifications and requests unrelated to a POST.
  const listen = async () => {
    listening = true;
    try {
      const response = await events.fetch(url, {
        method: "GET",
        headers: { accept: "text/event-stream", ...(session ? { "mcp-session-id": session } : {}) },
        signal: events.signal,
      });
      if (response.ok) await readBody(response, "the session's stream");
      else await response.body?.cancel();
    } catch {
      // the server offers no stream (405), or the run ended
    }
  };
  return {
    async send(message) {
      const response = await events.fetch(url, {
        method: "POST",
        headers: headers(),
        body: JSON.stringify(message),
        signal: events.signal,
      });
      session ??= response.headers.get("mcp-session-id") ?? undefined;
      const what = String(message.method ?? "a response");
      if (!response.ok && response.status !== 202) {
        const text = (await bounded(response, what)) ?? "";
        // A JSON-RPC error in the body is the server's answer; anything else is a problem.
        if (text.trim().startsWith("{")) deliver(text);
        else events.onProblem(`HTTP ${response.status} for ${what}: ${text.slice(0, 200)}`);
        return;
      }
      if (response.status === 202) {
        await response.body?.cancel();
        if (message.method === "notifications/initialized" && !listening) void listen();
        return;
      }
      await readBody(response, what);
    },
    setProtocolVersion(version) {
      protocolVersion = version;
    },
    close() {},
  };
}

/** stdio: the command's stdin and stdout, newline-delimited JSON. */
export function stdioClientTransport(command: string, events: TransportEvents): ClientTransport {
  const child: ChildProcess = spawn(command, {
    shell: true,
    stdio: ["pipe", "pipe", "pipe"],
    detached: process.platform !== "win32",
  });
  child.on("error", (error) =>
    events.onProblem(`the server command could not start: ${error.message}`),
  );
  // The end of what the command wrote to stderr, to say why it exited.
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString("utf8")).slice(-400);
  });
  child.on("close", (code, signal) =>
    events.onClosed?.(
      `the server command exited (${code ?? signal})${stderr ? `: ${stderr}` : ""}`,
    ),
  );
  const splitter = new LineSplitter(
    events.maxEventBytes,
    (line) => {
      const read = readMessages(line);
      if (typeof read === "string") return events.onProblem(`the server wrote ${read}`);
      for (const m of read.messages) events.onMessage(m);
    },
    (bytes) => events.onProblem(`the server wrote a line of ${bytes} bytes (skipped)`),
  );
  child.stdout?.on("data", (chunk: Buffer) => splitter.push(chunk));
  // A write to a command that closed its stdin (or exited) fails with EPIPE on this stream:
  // without a listener that error would crash the run. The exit itself is said on `close`.
  child.stdin?.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "EPIPE")
      events.onProblem(`writing to the server command failed: ${error.message}`);
  });
  return {
    async send(message) {
      child.stdin?.write(`${JSON.stringify(message)}\n`);
    },
    setProtocolVersion() {},
    close() {
      child.stdin?.end();
      try {
        if (child.pid !== undefined && process.platform !== "win32")
          process.kill(-child.pid, "SIGTERM");
        else child.kill("SIGTERM");
      } catch {
        // already gone
      }
    },
  };
}
