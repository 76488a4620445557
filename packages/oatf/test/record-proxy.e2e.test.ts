// `oatf record` as a relay, whatever the protocol: stdio bytes pass through unchanged (odd
// lines, CRLF, characters split across writes, a line over the cap), SSE responses are passed
// on event by event (the upstream sends its second event only once the client has the first,
// so a buffering proxy would hang here), bodies over --max-body are relayed whole but cut in the
// log with a note, and an unreachable upstream is a 502 recorded in the HAR.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { REDACTED } from "@oatf/trace";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import setup from "./cli-build.js";
import { close, listen, startProxy, stdioRecordArgs, tmp } from "./record-helpers.js";

beforeAll(() => setup(), 600_000);

const readJsonl = (file: string) =>
  readFileSync(file, "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l));

describe("oatf record over stdio", () => {
  it("relays bytes unchanged both ways and logs every line, with notes for what is not JSON or was cut", async () => {
    const out = join(tmp(), "echo.jsonl");
    const args = stdioRecordArgs(out, "-e", ["--max-body", "64"]);
    args.push("process.stdin.pipe(process.stdout)");
    const child = spawn(process.execPath, args, { stdio: ["pipe", "pipe", "pipe"] });
    const chunks: Buffer[] = [];
    child.stdout.on("data", (c: Buffer) => chunks.push(c));
    const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
    const euro = Buffer.from("€");
    const parts = [
      Buffer.from('{"jsonrpc":"2.0","id":1,"method":"ping"}\r\n'),
      Buffer.from("not json at all\n"),
      Buffer.from('{"jsonrpc":"2.0","id":2,"method":"x","params":{"s":"'),
      euro.subarray(0, 1),
      euro.subarray(1),
      Buffer.from('"}}\n'),
      Buffer.from(`{"jsonrpc":"2.0","id":3,"method":"long","params":{"s":"${"y".repeat(200)}"}}\n`),
    ];
    for (const part of parts) child.stdin.write(part);
    child.stdin.end();
    expect(await exited).toBe(0);
    expect(Buffer.concat(chunks).equals(Buffer.concat(parts))).toBe(true);

    const lines = readJsonl(out);
    const sent = lines.filter((l) => l.direction === "sent");
    const received = lines.filter((l) => l.direction === "received");
    expect(sent).toHaveLength(4);
    expect(received.map((l) => l.message)).toEqual(sent.map((l) => l.message));
    expect(sent[0].message).toEqual({ jsonrpc: "2.0", id: 1, method: "ping" });
    expect(sent[1]).toMatchObject({
      note: "not JSON: recorded as text",
      message: "not json at all",
    });
    expect(sent[2].message.params.s).toBe("€");
    expect(sent[3].note).toMatch(/^cut: \d+ bytes over the 64-byte cap/);
  }, 60_000);
});

describe("oatf record as an HTTP proxy", () => {
  let server: Server;
  let upstream: string;
  let firstSeen: () => void = () => {};
  beforeAll(async () => {
    server = createServer((req, res) => {
      let size = 0;
      req.on("data", (c: Buffer) => {
        size += c.length;
      });
      req.on("end", () => {
        if (req.url === "/gzip" || req.url === "/gzip-sse") {
          const sse = req.url === "/gzip-sse";
          const body = sse
            ? 'data: {"jsonrpc":"2.0","method":"notifications/zipped"}\n\n'
            : JSON.stringify({ jsonrpc: "2.0", id: 1, result: { zipped: true } });
          res.writeHead(200, {
            "content-type": sse ? "text/event-stream" : "application/json",
            "content-encoding": "gzip",
          });
          res.end(gzipSync(body));
          return;
        }
        if (req.url === "/stream") {
          res.writeHead(200, { "content-type": "text/event-stream" });
          res.write('event: message\ndata: {"jsonrpc":"2.0","method":"notifications/one"}\n\n');
          // The second event waits for the client to have the first through the proxy.
          new Promise<void>((resolve) => {
            firstSeen = resolve;
          }).then(() => {
            res.end('data: {"jsonrpc":"2.0",\ndata: "method":"notifications/two"}\n\n');
          });
          return;
        }
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ jsonrpc: "2.0", id: 1, result: { size } }));
      });
    });
    upstream = `http://127.0.0.1:${await listen(server)}`;
  });
  afterAll(() => close(server));

  it("passes SSE on event by event, and decodes each event into the log", async () => {
    const out = join(tmp(), "sse.jsonl");
    const proxy = await startProxy(upstream, out);
    const response = await fetch(`${proxy.url}/stream`, { method: "POST", body: "{}" });
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    while (!text.includes("\n\n")) text += decoder.decode((await reader.read()).value);
    expect(text).toContain("notifications/one");
    firstSeen();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value);
    }
    expect(text).toContain("notifications/two");
    await proxy.stop();
    const lines = readJsonl(out).filter((l) => l.direction === "received");
    expect(lines.map((l) => l.message.method)).toEqual(["notifications/one", "notifications/two"]);
    expect(lines[0].connection).toBe("c1");
  }, 60_000);

  it("relays a body over --max-body whole and cuts it in the log and the HAR, with a note", async () => {
    const dir = tmp();
    const body = JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "big",
      params: { s: "z".repeat(1000) },
    });
    for (const out of [join(dir, "big.jsonl"), join(dir, "big.har")]) {
      const proxy = await startProxy(upstream, out, ["--max-body", "64"]);
      const response = await fetch(`${proxy.url}/rpc`, { method: "POST", body });
      expect(await response.json()).toEqual({
        jsonrpc: "2.0",
        id: 1,
        result: { size: body.length },
      });
      await proxy.stop();
      if (out.endsWith(".jsonl")) {
        const [sent, received] = readJsonl(out);
        expect(sent.note).toBe(
          `cut: ${body.length - 64} bytes over the 64-byte cap were not recorded`,
        );
        expect(sent.message).toBe(body.slice(0, 64));
        expect(received.message.result.size).toBe(body.length);
      } else {
        const entry = JSON.parse(readFileSync(out, "utf8")).log.entries[0];
        expect(entry.request.bodySize).toBe(body.length);
        expect(entry.request.postData.text).toBe(body.slice(0, 64));
        expect(entry.request.postData.comment).toMatch(/^cut: /);
      }
    }
  }, 60_000);

  it("relays a compressed response as sent and records it decoded", async () => {
    const dir = tmp();
    for (const out of [join(dir, "zip.jsonl"), join(dir, "zip.har")]) {
      const proxy = await startProxy(upstream, out);
      const json = await fetch(`${proxy.url}/gzip`, { method: "POST", body: "{}" });
      expect(json.headers.get("content-encoding")).toBe("gzip");
      expect(await json.json()).toEqual({ jsonrpc: "2.0", id: 1, result: { zipped: true } });
      const sse = await fetch(`${proxy.url}/gzip-sse`, { method: "POST", body: "{}" });
      expect(await sse.text()).toContain("notifications/zipped");
      await proxy.stop();
      if (out.endsWith(".jsonl")) {
        const messages = readJsonl(out).map((l) => l.message);
        expect(messages).toEqual([
          { jsonrpc: "2.0", id: 1, result: { zipped: true } },
          { jsonrpc: "2.0", method: "notifications/zipped" },
        ]);
      } else {
        const texts = JSON.parse(readFileSync(out, "utf8")).log.entries.map(
          (e: { response: { content: { text: string } } }) => e.response.content.text,
        );
        expect(texts[0]).toBe(JSON.stringify({ jsonrpc: "2.0", id: 1, result: { zipped: true } }));
        expect(texts[1]).toContain("notifications/zipped");
      }
    }
  }, 60_000);

  it("authenticates to the upstream with the credentials of --upstream, kept off stderr and the HAR; credential headers redacted unless --keep-credentials", async () => {
    const basic = `Basic ${Buffer.from("agent:s3cret-pw").toString("base64")}`;
    const upstream = createServer((req, res) => {
      const ok =
        req.headers.authorization === basic || req.headers.authorization === "Bearer s3cret-token";
      res.writeHead(ok ? 200 : 401, {
        "content-type": "application/json",
        "set-cookie": "sid=s3cret-cookie; HttpOnly",
      });
      res.end(JSON.stringify({ jsonrpc: "2.0", id: 1, result: {} }));
    });
    const port = await listen(upstream);
    const record = async (extra: string[]) => {
      const out = join(tmp(), "auth.har");
      const proxy = await startProxy(`http://agent:s3cret-pw@127.0.0.1:${port}/mcp`, out, extra);
      const post = (headers: Record<string, string>) =>
        fetch(`${proxy.url}/`, {
          method: "POST",
          headers: { "content-type": "application/json", ...headers },
          body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
        }).then(async (r) => {
          await r.text();
          return r.status;
        });
      // The proxy authenticates with --upstream's user info; a client's own header goes through.
      expect(await post({})).toBe(200);
      expect(await post({ authorization: "Bearer s3cret-token", cookie: "c=s3cret-c" })).toBe(200);
      const { stderr } = await proxy.stop();
      expect(stderr).toContain(`forwarding to http://127.0.0.1:${port}/mcp\n`);
      const har = readFileSync(out, "utf8");
      const entries = JSON.parse(har).log.entries;
      for (const e of entries) expect(e.request.url).toBe(`http://127.0.0.1:${port}/mcp`);
      expect(stderr + har).not.toMatch(/s3cret-pw|agent:/);
      const value = (headers: { name: string; value: string }[], name: string) =>
        headers.find((h) => h.name === name)?.value;
      return {
        har,
        authorization: value(entries[1].request.headers, "authorization"),
        cookie: value(entries[1].request.headers, "cookie"),
        setCookie: value(entries[1].response.headers, "set-cookie"),
      };
    };
    try {
      const shared = await record([]);
      expect(shared).toMatchObject({
        authorization: REDACTED,
        cookie: REDACTED,
        setCookie: REDACTED,
      });
      expect(shared.har).not.toMatch(/s3cret/);
      const kept = await record(["--keep-credentials"]);
      expect(kept).toMatchObject({
        authorization: "Bearer s3cret-token",
        cookie: "c=s3cret-c",
        setCookie: "sid=s3cret-cookie; HttpOnly",
      });
    } finally {
      await close(upstream);
    }
  }, 60_000);

  it("answers 502 when the upstream cannot be reached, and records the failed exchange", async () => {
    const dead = createServer();
    const port = await listen(dead);
    await close(dead);
    const out = join(tmp(), "dead.har");
    const proxy = await startProxy(`http://127.0.0.1:${port}`, out);
    const response = await fetch(`${proxy.url}/x`);
    expect(response.status).toBe(502);
    expect(await response.text()).toMatch(/^oatf record: upstream error/);
    await proxy.stop();
    const [entry] = JSON.parse(readFileSync(out, "utf8")).log.entries;
    expect(entry.comment).toMatch(/^upstream error/);
    expect(entry.response.status).toBe(0);
  }, 60_000);
});
