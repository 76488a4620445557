// An A2A agent built with the official SDK (@a2a-js/sdk 1.3: A2A v1.0, with the v0.3 compatibility
// layer on), recording every JSON-RPC request it receives. Each message gets a completed task with
// one text artifact. The card is the SDK's (v1.0, `supportedInterfaces`) or, for a v0.3 agent,
// a v0.3-shaped card served as is.
import { randomUUID } from "node:crypto";
import type { Server } from "node:http";
import { type AgentCard, Role, TaskState } from "@a2a-js/sdk";
import { DefaultRequestHandler, InMemoryTaskStore } from "@a2a-js/sdk/server";
import { agentCardHandler, jsonRpcHandler, UserBuilder } from "@a2a-js/sdk/server/express";
import express from "express";
import { close, listen, type WireMessage } from "./http.js";

export interface TestAgent {
  url: string;
  wire: WireMessage[];
  close(): Promise<void>;
}

export interface Persona {
  name: string;
  description: string;
  skill: string;
  /** The artifact's text for a message's text. */
  artifact(text: string): string;
  /** Serve a v0.3-shaped card instead of the SDK's v1.0 card. */
  v03?: boolean;
}

const part = (text: string) => ({
  content: { $case: "text" as const, value: text },
  metadata: undefined,
  filename: "",
  mediaType: "text/plain",
});

function card(persona: Persona, url: string): AgentCard {
  const iface = (protocolVersion: string) => ({
    url,
    protocolBinding: "JSONRPC",
    tenant: "",
    protocolVersion,
  });
  return {
    name: persona.name,
    description: persona.description,
    supportedInterfaces: [iface("1.0"), iface("0.3")],
    provider: undefined,
    version: "1.0.0",
    capabilities: { streaming: false, pushNotifications: false, extensions: [] },
    securitySchemes: {},
    securityRequirements: [],
    defaultInputModes: ["text/plain"],
    defaultOutputModes: ["text/plain"],
    skills: [
      {
        id: "main",
        name: persona.name,
        description: persona.skill,
        tags: [],
        examples: [],
        inputModes: [],
        outputModes: [],
        securityRequirements: [],
      },
    ],
    signatures: [],
  } as unknown as AgentCard;
}

/** The v0.3 card an older agent serves (`url`, `protocolVersion`, no `supportedInterfaces`). */
function v03Card(persona: Persona, url: string) {
  return {
    protocolVersion: "0.3.0",
    name: persona.name,
    description: persona.description,
    url,
    preferredTransport: "JSONRPC",
    version: "1.0.0",
    capabilities: { streaming: false },
    defaultInputModes: ["text/plain"],
    defaultOutputModes: ["text/plain"],
    skills: [{ id: "main", name: persona.name, description: persona.skill, tags: [] }],
  };
}

export async function startA2a(persona: Persona): Promise<TestAgent> {
  const wire: WireMessage[] = [];
  const app = express();
  const http: Server = (await import("node:http")).createServer(app);
  const base = await listen(http);
  const url = `${base}/a2a/${persona.name}`;
  const executor = {
    async execute(
      context: {
        contextId: string;
        taskId: string;
        userMessage: { parts: { content?: { value?: unknown } }[] };
      },
      bus: { publish(event: unknown): void; finished(): void },
    ) {
      const text = context.userMessage.parts.map((p) => String(p.content?.value ?? "")).join("");
      const { contextId, taskId } = context;
      bus.publish({
        kind: "task",
        data: {
          id: taskId,
          contextId,
          status: {
            state: TaskState.TASK_STATE_COMPLETED,
            message: {
              messageId: randomUUID(),
              contextId,
              taskId,
              role: Role.ROLE_AGENT,
              parts: [part("Done.")],
              metadata: undefined,
              extensions: [],
              referenceTaskIds: [],
            },
            timestamp: new Date().toISOString(),
          },
          artifacts: [
            {
              artifactId: "result",
              name: "result",
              description: "",
              parts: [part(persona.artifact(text))],
              extensions: [],
              metadata: undefined,
            },
          ],
          history: [],
          metadata: undefined,
        },
      });
      bus.finished();
    },
    async cancelTask() {},
  };
  const handler = new DefaultRequestHandler(
    card(persona, url),
    new InMemoryTaskStore(),
    executor as never,
  );
  const router = express.Router();
  if (persona.v03)
    router.get("/.well-known/agent-card.json", (_req, res) => void res.json(v03Card(persona, url)));
  else router.use("/.well-known/agent-card.json", agentCardHandler({ agentCardProvider: handler }));
  router.use(express.json(), (req, _res, next) => {
    if (req.method === "POST") wire.push(req.body as WireMessage);
    next();
  });
  router.use(
    jsonRpcHandler({
      requestHandler: handler,
      userBuilder: UserBuilder.noAuthentication,
      legacyCompat: { enabled: true },
    }),
  );
  app.use(`/a2a/${persona.name}`, router);
  return { url, wire, close: () => close(http) };
}

/** The text a recorded `message/send` or `SendMessage` request carried. */
export function sentText(message: WireMessage): string {
  const parts = (message.params?.message as { parts?: { text?: string }[] })?.parts ?? [];
  return parts.map((p) => p.text ?? "").join("");
}
