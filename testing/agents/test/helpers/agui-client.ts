// Drives the agent as the runner's ag_ui_client does, through the official @ag-ui/client
// HttpAgent: one run, its events (each checked against @ag-ui/core's schema) and the answer.
import { HttpAgent } from "@ag-ui/client";
import type { BaseEvent, Context, Message, Tool } from "@ag-ui/core";
import { EventSchemas } from "@ag-ui/core/schemas";
import { expect } from "vitest";

export interface RunOutcome {
  events: BaseEvent[];
  answer: string;
  toolCalls: { name: string; args: unknown }[];
}

let runs = 0;

export async function runAgent(
  url: string,
  request: string,
  more: { state?: unknown; context?: Context[]; tools?: Tool[]; history?: Message[] } = {},
): Promise<RunOutcome> {
  const events: BaseEvent[] = [];
  const agent = new HttpAgent({
    url,
    threadId: "thread-test",
    initialMessages: [
      ...(more.history ?? []),
      { id: `u${++runs}`, role: "user", content: request },
    ],
    initialState: more.state ?? {},
  });
  const result = await agent.runAgent(
    { runId: `run-${runs}`, tools: more.tools ?? [], context: more.context ?? [] },
    { onEvent: ({ event }) => void events.push(event) },
  );
  for (const event of events)
    expect(EventSchemas.safeParse(event).success, JSON.stringify(event)).toBe(true);
  const answer = result.newMessages
    .filter((m) => m.role === "assistant" && typeof m.content === "string")
    .map((m) => m.content)
    .join("\n");
  const toolCalls = result.newMessages.flatMap((m) =>
    m.role === "assistant"
      ? (m.toolCalls ?? []).map((c) => ({
          name: c.function.name,
          args: JSON.parse(c.function.arguments),
        }))
      : [],
  );
  return { events, answer, toolCalls };
}
