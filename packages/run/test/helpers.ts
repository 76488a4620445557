// Scripted agents for the runner's tests, built on the official SDKs (@ag-ui/encoder for the
// AG-UI endpoint, @modelcontextprotocol/sdk for the MCP client): each test scripts what its
// agent does with what it receives, and sees the bytes the runner sent.
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { EventType } from "@ag-ui/core";
import { EventEncoder } from "@ag-ui/encoder";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Value } from "@oatf/model";
import { parse } from "@oatf/model";

/** The shared scenarios (data, never copied into the project). */
export const SCENARIOS = fileURLToPath(new URL("../../../../shared/scenarios/", import.meta.url));

export function scenario(file: string): string {
  return readFileSync(`${SCENARIOS}${file}`, "utf8");
}

/** A document's value at a path of keys and indices, parsed as the runner parses it. */
export function documentValue(yaml: string, ...path: (string | number)[]): Value {
  const parsed = parse(yaml);
  if (!parsed.ok) throw new Error("test document does not parse");
  let value: unknown = parsed.value;
  for (const key of path) value = (value as Record<string | number, unknown>)[key];
  return value as Value;
}

/** `object` without `keys` (the OATF extension keys a server leaves out), in key order. */
export function withoutKeys(object: Value, keys: string[]): Value {
  const out: Record<string, Value> = {};
  for (const [k, v] of Object.entries(object as Record<string, Value>))
    if (!keys.includes(k)) out[k] = v;
  return out;
}

export type Emit = (event: Record<string, unknown>) => void;

export interface AgUiEndpoint {
  url: string;
  /** Every RunAgentInput body received, as text (the bytes the runner sent). */
  bodies: string[];
  close(): Promise<void>;
}

/**
 * An AG-UI endpoint (@ag-ui/encoder): RUN_STARTED, then `script` emits what it wants, then
 * RUN_FINISHED (RUN_ERROR when the script throws).
 */
export function startAgUiEndpoint(
  script: (input: Record<string, unknown>, emit: Emit) => Promise<void>,
): Promise<AgUiEndpoint> {
  const bodies: string[] = [];
  const server: Server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (c) => {
      body += c;
    });
    req.on("end", async () => {
      bodies.push(body);
      const input = JSON.parse(body) as Record<string, unknown>;
      const encoder = new EventEncoder({ accept: req.headers.accept });
      res.writeHead(200, { "content-type": encoder.getContentType(), "cache-control": "no-cache" });
      const emit: Emit = (event) => res.write(encoder.encode(event as never));
      const { threadId, runId } = input as { threadId: string; runId: string };
      emit({ type: EventType.RUN_STARTED, threadId, runId });
      try {
        await script(input, emit);
        emit({ type: EventType.RUN_FINISHED, threadId, runId });
      } catch (error) {
        emit({ type: EventType.RUN_ERROR, message: String(error) });
      }
      res.end();
    });
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}/agent`,
        bodies,
        close: () =>
          new Promise<void>((r) => {
            server.close(() => r());
            server.closeAllConnections();
          }),
      });
    });
  });
}

/** Emits one assistant text message (start, one delta, end). */
export function say(emit: Emit, messageId: string, text: string): void {
  emit({ type: EventType.TEXT_MESSAGE_START, messageId, role: "assistant" });
  emit({ type: EventType.TEXT_MESSAGE_CONTENT, messageId, delta: text });
  emit({ type: EventType.TEXT_MESSAGE_END, messageId });
}

export interface Seen {
  /** Raw bodies of JSON answers to the client's POSTs, in order. */
  bodies: string[];
  /** What the client observed, in order: `tools/list`, `list_changed`, `call:<name>`. */
  log: string[];
}

/** An official-SDK MCP client on Streamable HTTP whose fetch keeps the bytes it was answered. */
export async function mcpClient(url: string, seen: Seen): Promise<Client> {
  const recordingFetch: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    if ((response.headers.get("content-type") ?? "").includes("application/json"))
      seen.bodies.push(await response.clone().text());
    return response;
  };
  const client = new Client({ name: "test-agent", version: "1.0.0" }, { capabilities: {} });
  const { ToolListChangedNotificationSchema } = await import("@modelcontextprotocol/sdk/types.js");
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
    seen.log.push("list_changed");
  });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { fetch: recordingFetch }));
  return client;
}

/**
 * A document whose user asks for the weather and whose `weather` server has a weather tool;
 * `state` adds to that server's state (its `elicitations` or `sampling_requests`, its
 * `protocol_version`), `indicator` completes an MCP indicator `${id}-01`.
 */
export const asking = (id: string, state: string, indicator: string) => `
oatf: "0.1"
attack:
  id: ${id}
  name: A call that asks first
  execution:
    actors:
      - name: user
        mode: ag_ui_client
        phases:
          - name: ask
            state:
              run_agent_input:
                messages:
                  - role: user
                    content: "Check the weather in Paris."
      - name: weather
        mode: mcp_server
        phases:
          - name: serve
            state:
              tools:
                - name: get_weather
                  description: "Weather for a city."
                  inputSchema:
                    type: object
                    properties:
                      city: { type: string }
                    required: [city]
                  responses:
                    - content:
                        content:
                          - type: text
                            text: "Sunny, 21 C."
${state}
  indicators:
    - id: ${id}-01
      protocol: mcp
      tier: boundary_breach
${indicator}
`;
