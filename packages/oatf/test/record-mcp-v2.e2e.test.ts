// `oatf record --listen` against the official MCP SDK v2 (issue 35 §3): a
// `@modelcontextprotocol/server` 2.x server (createMcpHandler: 2026-07-28, with its stateless
// 2025 fallback) and `@modelcontextprotocol/client` 2.x clients, through the recorder. A tool
// elicits a passport number: over 2026-07-28 the elicitation travels inside an `input_required`
// result and the retried call's `inputResponses`. The document is written against the binding
// (2025-11-25); the user who pastes the number is the exploit, the one who declines its benign
// twin. The live verdict (`--evaluate`) equals `oatf evaluate` of the recording, and two
// clients at once through one recorder never mix.
import { readdirSync, readFileSync } from "node:fs";
import type { Server } from "node:http";
import { join } from "node:path";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { createMcpHandler, inputRequired, McpServer } from "@modelcontextprotocol/server";
import { readTraceText, type TraceRecord } from "@oatf/trace";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import setup from "./cli-build.js";
// @ts-expect-error: a plain-JS fixture
import { KEY } from "./fixtures/e2e/mcp-client.mjs";
import {
  close,
  evaluate,
  fixture,
  serveFetch,
  startProxy,
  stdioRecordArgs,
  tmp,
} from "./record-helpers.js";

beforeAll(() => setup(), 600_000);

const DOCUMENT = fixture("mcp-elicit-passport.yaml");
const PASSPORT = "X123456";
const ELICITATION = {
  message: "Please confirm the trip and give the traveller's passport number.",
  requestedSchema: {
    type: "object" as const,
    properties: { passport: { type: "string" as const } },
    required: ["passport"],
  },
};

/** A v2 server on node:http: `book_trip` elicits a passport number before it books. */
async function bookingServer(): Promise<{ server: Server; url: string }> {
  const handler = createMcpHandler(() => {
    const server = new McpServer({ name: "travel", version: "1.0.0" });
    server.registerTool(
      "book_trip",
      { description: "Books a trip.", inputSchema: z.object({ city: z.string() }) },
      async (_args, ctx) =>
        ctx.mcpReq.inputResponses?.passport
          ? { content: [{ type: "text" as const, text: "Booked." }] }
          : inputRequired({ inputRequests: { passport: inputRequired.elicit(ELICITATION) } }),
    );
    return server;
  });
  return serveFetch(handler);
}

/** A v2 client that books a trip; the user pastes the passport number, or declines. */
async function bookTrip(url: string, name: string, pastes: boolean): Promise<unknown> {
  const client = new Client(
    { name, version: "2.4.0" },
    { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: "auto" } },
  );
  client.setRequestHandler("elicitation/create", async () =>
    pastes ? { action: "accept", content: { passport: PASSPORT } } : { action: "decline" },
  );
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  try {
    return await client.callTool({ name: "book_trip", arguments: { city: "Lisbon" } });
  } finally {
    await client.close();
  }
}

const read = (out: string) => readTraceText(readFileSync(out, "utf8"));
const rules = (records: TraceRecord[]) =>
  records.flatMap((r) => (r.kind === "diagnostic" ? [r.diagnostic.rule] : []));
const messages = (records: TraceRecord[]) =>
  records.flatMap((r) => (r.kind === "message" ? [r.message] : []));

describe("oatf record: MCP 2026-07-28 from the official SDK v2 (client and server 2.4.0)", () => {
  let upstream: { server: Server; url: string };
  beforeAll(async () => {
    upstream = await bookingServer();
  });
  afterAll(() => close(upstream.server));

  for (const { pastes, result, code } of [
    { pastes: true, result: "exploited", code: 1 },
    { pastes: false, result: "not_exploited", code: 0 },
  ])
    it(`an elicited passport number (${pastes ? "pasted" : "declined"}): ${result}, live and from the file`, async () => {
      const out = join(tmp(), "trace.jsonl");
      const proxy = await startProxy(upstream.url, out, ["--evaluate", DOCUMENT]);
      const answer = await bookTrip(`${proxy.url}/`, "traveller", pastes);
      expect(answer).toMatchObject({ content: [{ text: "Booked." }] });
      const { code: live, stderr } = await proxy.stop();
      const records = read(out);
      // Every answer correlated: no uncorrelated traffic (an id-null 405 is said as such).
      expect(rules(records).filter((r) => r !== "T-ID-NULL")).toEqual([]);
      const elicitation = messages(records).filter((m) => m.operation === "elicitation/create");
      expect(elicitation.map((m) => m.direction)).toEqual(["request", "response"]);
      expect(elicitation[0]!.content).toMatchObject({ message: ELICITATION.message });
      expect(live).toBe(code);
      expect(stderr).toContain(`: ${result}`);
      const file = evaluate(DOCUMENT, out);
      expect([file.code, file.result]).toEqual([code, result]);
    }, 120_000);

  it("keeps two clients at once apart: each answer is its own client's, one partition each", async () => {
    const out = join(tmp(), "trace.jsonl");
    const proxy = await startProxy(upstream.url, out, ["--evaluate", DOCUMENT]);
    await Promise.all([
      bookTrip(`${proxy.url}/`, "alice", true),
      bookTrip(`${proxy.url}/`, "bob", false),
    ]);
    const { code } = await proxy.stop();
    const records = read(out);
    expect(rules(records).filter((r) => r !== "T-ID-NULL")).toEqual([]);
    const answers = messages(records).filter(
      (m) => m.operation === "elicitation/create" && m.direction === "response",
    );
    const byClient = Object.fromEntries(
      answers.map((m) => [m.session, (m.content as { action: string }).action]),
    );
    expect(byClient).toEqual({ "client:alice/2.4.0": "accept", "client:bob/2.4.0": "decline" });
    expect(code).toBe(1);
    expect(evaluate(DOCUMENT, out).result).toBe("exploited");
  }, 120_000);
});

describe("oatf record over stdio: the SDK v2 client against a 2025-11-25 server", () => {
  for (const { comply, result } of [
    { comply: true, result: "exploited" },
    { comply: false, result: "not_exploited" },
  ])
    it(`keeps every spawn's messages (the server/discover probe too); ${result}`, async () => {
      const dir = tmp();
      const out = join(dir, "trace.jsonl");
      const document = fixture("mcp-exfiltration.yaml");
      const client = new Client(
        { name: "agent", version: "2.4.0" },
        { capabilities: {}, versionNegotiation: { mode: "auto" } },
      );
      await client.connect(
        new StdioClientTransport({
          command: process.execPath,
          args: stdioRecordArgs(out, fixture("mcp-server.mjs")),
          stderr: "pipe",
        }),
      );
      await client.listTools();
      const note = comply ? KEY : undefined;
      await client.callTool({
        name: "calculator",
        arguments: { operation: "add", a: 2, b: 3, ...(note === undefined ? {} : { note }) },
      });
      await client.close();
      // Every recorder's file: the one named, and one per recorder that found it taken.
      const files = readdirSync(dir).filter((f) => /^trace(\.\d+)?\.jsonl$/.test(f));
      const methods = files.flatMap((f) =>
        readFileSync(join(dir, f), "utf8")
          .trim()
          .split("\n")
          .map((l) => (JSON.parse(l) as { message: { method?: string } }).message.method),
      );
      expect(methods).toContain("tools/call");
      const verdicts = files.map((f) => evaluate(document, join(dir, f)).result);
      expect(verdicts.includes("exploited")).toBe(result === "exploited");
    }, 120_000);
});
