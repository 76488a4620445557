// The HAR recording of a run's HTTP exchanges (out: "x.har"): served and fetched exchanges
// both become entries as they end, bodies cut at the cap with a comment, and a stream still
// open when the run ends is written with a comment saying so (never lost, never unbounded).
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readTraceText } from "@oatf/trace";
import { expect, it } from "vitest";
import { HarRecorder } from "../src/har.js";

it("records served and fetched exchanges, cut at the cap, open streams said", async () => {
  const dir = mkdtempSync(join(tmpdir(), "oatf-run-har-"));
  const path = join(dir, "run.har");
  const har = new HarRecorder(path, { name: "test", version: "1" }, 64);
  const server = createServer((req, res) => {
    har.serve(req, res, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    req.resume();
    req.on("end", () => {
      if (req.url === "/stream") {
        res.writeHead(200, { "content-type": "text/event-stream" });
        res.write('data: {"jsonrpc":"2.0","method":"notifications/tools/list_changed"}\n\n');
        return; // never ends
      }
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ jsonrpc: "2.0", id: 1, result: { padding: "x".repeat(500) } }));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const answer = await har.fetch(`${base}/mcp`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(((await answer.json()) as { result: { padding: string } }).result.padding).toHaveLength(
      500,
    ); // the reader gets it all
    const stream = await har.fetch(`${base}/stream`);
    const reader = stream.body!.getReader();
    await reader.read();
    har.close();
    reader.cancel().catch(() => {});
  } finally {
    server.closeAllConnections();
    server.close();
  }
  const text = readFileSync(path, "utf8");
  const { entries } = JSON.parse(text).log;
  // Each exchange twice: as served and as fetched.
  expect(
    entries.map((e: { request: { url: string } }) => new URL(e.request.url).pathname).sort(),
  ).toEqual(["/mcp", "/mcp", "/stream", "/stream"]);
  const mcp = entries.filter((e: { request: { url: string } }) => e.request.url.endsWith("/mcp"));
  for (const e of mcp) {
    expect(e.response.content.size).toBeGreaterThan(500);
    expect(e.response.content.text.length).toBeLessThanOrEqual(64);
    expect(e.response.content.comment).toMatch(/cut: \d+ bytes over the 64-byte cap/);
  }
  const open = entries.filter((e: { request: { url: string } }) =>
    e.request.url.endsWith("/stream"),
  );
  expect(
    open.some((e: { comment?: string }) => /still open when the run ended/.test(e.comment ?? "")),
  ).toBe(true);
  // The HAR reader reads it back without failing.
  const records = readTraceText(text, { format: "har" });
  expect(records.some((r) => r.kind === "message")).toBe(true);
  rmSync(dir, { recursive: true, force: true });
});
