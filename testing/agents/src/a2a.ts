// A2A peers through @a2a-js/sdk: the card from `<url>/.well-known/agent-card.json`, then
// messages over JSON-RPC at `<url>`, as A2A v0.3 (`message/send`, the SDK's v0.3 compatibility
// transport) or v1.0 (`SendMessage`). The version comes from the card (`supportedInterfaces` or
// `protocolVersion`), unless forced. The agent reads the raw reply, so a reply the SDK cannot
// parse (pass-through content that breaks the schema) is still read.
import { randomUUID } from "node:crypto";
import { type AgentCard, Role } from "@a2a-js/sdk";
import { Client, JsonRpcTransportFactory } from "@a2a-js/sdk/client";
import { LegacyJsonRpcTransport } from "@a2a-js/sdk/compat/v0_3/client";
import { cardClaims, type Peer } from "./catalog.js";
import { readLimited, saysFailed, textOf } from "./json-text.js";
import type { Outcome } from "./run.js";

export type A2aVersion = "0.3" | "1.0";

/** Largest card or reply read from a peer. */
const MAX_BODY = 1024 * 1024;
/** How long a peer may take to answer one request. */
const TIMEOUT_MS = 30_000;

const base = (url: string) => url.replace(/\/+$/, "");

/** Reads the peer's card; a peer without a readable card is still usable under its name. */
export async function fetchPeer(id: string, url: string): Promise<Peer> {
  let card: unknown;
  try {
    const response = await fetch(`${base(url)}/.well-known/agent-card.json`, {
      signal: AbortSignal.timeout(TIMEOUT_MS),
      headers: { accept: "application/json" },
    });
    if (response.ok) card = JSON.parse(await readLimited(response, MAX_BODY));
  } catch {
    card = undefined;
  }
  const name =
    typeof card === "object" &&
    card !== null &&
    typeof (card as { name?: unknown }).name === "string"
      ? (card as { name: string }).name
      : id;
  return { id, url, card, name, claims: cardClaims(card) || id };
}

/** The A2A version a card declares: v1.0 for `supportedInterfaces` or `protocolVersion` 1.x. */
export function cardVersion(card: unknown): A2aVersion {
  if (typeof card !== "object" || card === null) return "0.3";
  const c = card as { supportedInterfaces?: unknown; protocolVersion?: unknown };
  if (Array.isArray(c.supportedInterfaces)) {
    const versions = c.supportedInterfaces
      .map((i) =>
        typeof i === "object" && i !== null
          ? (i as { protocolVersion?: unknown }).protocolVersion
          : undefined,
      )
      .filter((v): v is string => typeof v === "string");
    return versions.length === 0 || versions.some((v) => v.startsWith("1")) ? "1.0" : "0.3";
  }
  return typeof c.protocolVersion === "string" && c.protocolVersion.startsWith("1") ? "1.0" : "0.3";
}

/** Sends `text` to the peer as a user message; the reply's text and whether the task failed. */
export async function sendToPeer(peer: Peer, text: string, version: A2aVersion): Promise<Outcome> {
  let raw: string | undefined;
  const fetchImpl: typeof fetch = async (input, init) => {
    const response = await fetch(input, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    raw = await readLimited(response, MAX_BODY);
    return new Response(raw, {
      status: response.status,
      headers: { "content-type": "application/json" },
    });
  };
  const endpoint = base(peer.url);
  const transport =
    version === "0.3"
      ? new LegacyJsonRpcTransport({ endpoint, fetchImpl })
      : await new JsonRpcTransportFactory({ fetchImpl }).create(endpoint, {} as AgentCard);
  // The SDK's client sends the version header (`A2A-Version`) the transport speaks.
  const client = new Client(transport, {} as AgentCard, {});
  let problem: string | undefined;
  try {
    await client.sendMessage({
      tenant: "",
      message: {
        messageId: randomUUID(),
        contextId: "",
        taskId: "",
        role: Role.ROLE_USER,
        parts: [
          {
            content: { $case: "text", value: text },
            metadata: undefined,
            filename: "",
            mediaType: "text/plain",
          },
        ],
        metadata: undefined,
        extensions: [],
        referenceTaskIds: [],
      },
      configuration: undefined,
      metadata: undefined,
    });
  } catch (error) {
    problem = (error as Error).message;
  }
  if (raw === undefined) return { output: problem ?? "no reply", failed: true };
  let reply: unknown;
  try {
    reply = JSON.parse(raw);
  } catch {
    return { output: raw, failed: true };
  }
  const envelope = (typeof reply === "object" && reply !== null ? reply : {}) as {
    result?: unknown;
    error?: unknown;
  };
  const body = envelope.error ?? envelope.result ?? reply;
  return {
    output: textOf(withoutOwnMessages(body)),
    failed: envelope.error !== undefined || saysFailed(body),
  };
}

/** A task without the history's user messages: what the agent sent, echoed back. */
function withoutOwnMessages(body: unknown): unknown {
  if (typeof body !== "object" || body === null) return body;
  const task = body as { history?: unknown; task?: unknown };
  if (task.task !== undefined) return { ...task, task: withoutOwnMessages(task.task) };
  if (!Array.isArray(task.history)) return body;
  const history = task.history.filter(
    (m) => !/^(?:ROLE_)?USER$/i.test(String((m as { role?: unknown })?.role)),
  );
  return { ...task, history };
}
