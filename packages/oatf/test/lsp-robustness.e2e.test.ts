// `oatf lsp` under a flood and bad framing (issue 33): the built bin spawned and spoken to over
// raw stdio. A burst of 50 edits is validated a handful of times, not once per edit; a frame
// with a missing, negative or non-numeric Content-Length is answered (a JSON-RPC parse error)
// and logged, and the server goes on answering what comes after it.
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { type Message, StreamMessageReader } from "vscode-jsonrpc/node";
import setup, { CLI, REPO } from "./cli-build.js";

beforeAll(() => setup(), 600_000);

const EXAMPLE = readFileSync(join(REPO, "examples/cross-protocol-chain.yaml"), "utf8");
const URI = "file:///work/burst.yaml";

interface Raw {
  child: ChildProcess;
  received: Message[];
  stderr: () => string;
  /** Writes `text` as is (framing included). */
  write(text: string): void;
  /** Frames and writes a message. */
  send(message: object): void;
  /** Resolves once a received message satisfies `test`. */
  until(test: (m: Message) => boolean): Promise<Message>;
}

function start(): Raw {
  const child = spawn(process.execPath, [CLI, "lsp", "--stdio"], { stdio: "pipe" });
  const received: Message[] = [];
  const waiting: { test: (m: Message) => boolean; resolve: (m: Message) => void }[] = [];
  let stderr = "";
  child.stderr!.setEncoding("utf8").on("data", (d: string) => {
    stderr += d;
  });
  new StreamMessageReader(child.stdout!).listen((message) => {
    received.push(message);
    for (const w of [...waiting])
      if (w.test(message)) {
        waiting.splice(waiting.indexOf(w), 1);
        w.resolve(message);
      }
  });
  const write = (text: string) => child.stdin!.write(text);
  return {
    child,
    received,
    stderr: () => stderr,
    write,
    send: (message) => {
      const body = JSON.stringify({ jsonrpc: "2.0", ...message });
      write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
    },
    until: (test) =>
      new Promise((resolve) => {
        const found = received.find(test);
        if (found) resolve(found);
        else waiting.push({ test, resolve });
      }),
  };
}

const isResponse = (id: number) => (m: Message) => (m as { id?: unknown }).id === id;
const diagnosticsOf = (version: number) => (m: Message) => {
  const n = m as { method?: string; params?: { uri: string; version?: number } };
  return (
    n.method === "textDocument/publishDiagnostics" &&
    n.params?.uri === URI &&
    n.params.version === version
  );
};

describe("oatf lsp under a flood and bad framing", () => {
  let server: Raw | undefined;

  afterEach(() => {
    server?.child.kill();
    server = undefined;
  });

  async function initialized(): Promise<Raw> {
    const s = start();
    s.send({
      id: 1,
      method: "initialize",
      params: { processId: null, rootUri: null, capabilities: {} },
    });
    await s.until(isResponse(1));
    s.send({ method: "initialized", params: {} });
    s.send({
      method: "textDocument/didOpen",
      params: { textDocument: { uri: URI, languageId: "yaml", version: 1, text: EXAMPLE } },
    });
    await s.until(diagnosticsOf(1));
    return s;
  }

  it("a burst of 50 edits gives a handful of publications, the last for the last version", async () => {
    server = await initialized();
    const lines = EXAMPLE.split("\n").length;
    // One write: the edits reach the server together, as a client replaying changes sends them.
    let burst = "";
    for (let version = 2; version <= 51; version++) {
      const body = JSON.stringify({
        jsonrpc: "2.0",
        method: "textDocument/didChange",
        params: {
          textDocument: { uri: URI, version },
          contentChanges: [
            {
              range: { start: { line: lines, character: 0 }, end: { line: lines, character: 0 } },
              text: `# edit ${version}\n`,
            },
          ],
        },
      });
      burst += `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
    }
    const before = server.received.length;
    server.write(burst);
    await server.until(diagnosticsOf(51));
    const published = server.received
      .slice(before)
      .filter((m) => (m as { method?: string }).method === "textDocument/publishDiagnostics");
    expect(published.length).toBeGreaterThanOrEqual(1);
    expect(published.length).toBeLessThanOrEqual(5);
    // A publication is never of a superseded version after a newer one.
    const versions = published.map(
      (m) => (m as unknown as { params: { version: number } }).params.version,
    );
    expect([...versions].sort((a, b) => a - b)).toEqual(versions);
  });

  it.each([
    ["a missing Content-Length", "Content-Type: application/json\r\n\r\n{}"],
    ["a negative Content-Length", "Content-Length: -5\r\n\r\n"],
    ["a non-numeric Content-Length", "Content-Length: twelve\r\n\r\n"],
    ["a body that is not JSON", "Content-Length: 3\r\n\r\n{{{"],
  ])("%s is answered and logged, and the server still answers", async (_what, frame) => {
    server = await initialized();
    server.write(frame);
    const answer = (await server.until(
      (m) => (m as { error?: unknown }).error !== undefined,
    )) as unknown as {
      id: unknown;
      error: { code: number; message: string };
    };
    expect(answer.id).toBeNull();
    expect(answer.error.code).toBe(-32700);
    server.send({
      id: 7,
      method: "textDocument/hover",
      params: { textDocument: { uri: URI }, position: { line: 0, character: 2 } },
    });
    const hover = (await server.until(isResponse(7))) as { result?: unknown; error?: unknown };
    expect(hover.error).toBeUndefined();
    expect(server.stderr()).toContain(`oatf lsp: ${answer.error.message}`);
  });
});
