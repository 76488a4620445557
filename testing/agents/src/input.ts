// What an AG-UI `RunAgentInput` gives the agent: the user's request (the last user message),
// everything else it can read (earlier and non-user messages, tool results, context, state,
// forwarded props, the frontend tools' descriptions), and the frontend tools themselves.
import type { RunAgentInput } from "@ag-ui/core";
import type { Observation } from "./actions.js";
import type { Tool } from "./catalog.js";
import { textLeaves, textOf } from "./json-text.js";

export interface RunRequest {
  request: string;
  observations: Observation[];
  frontendTools: Tool[];
  /** Frontend tools the client has already run for the request (their results follow it). */
  done: Set<string>;
}

function contentText(content: unknown): string {
  return typeof content === "string" ? content : textOf(content);
}

export function readRunInput(input: RunAgentInput): RunRequest {
  const messages = input.messages;
  let lastUser = -1;
  messages.forEach((m, i) => {
    if (m.role === "user") lastUser = i;
  });
  const request = lastUser === -1 ? "" : contentText(messages[lastUser]!.content);
  const observations: Observation[] = [];
  const done = new Set<string>();
  messages.forEach((message, i) => {
    if (i === lastUser) return;
    const text = contentText((message as { content?: unknown }).content);
    if (text !== "") observations.push({ label: `${message.role} message`, text });
    if (message.role === "assistant" && i > lastUser)
      for (const call of message.toolCalls ?? []) done.add(call.function.name);
  });
  for (const item of input.context)
    observations.push({
      label: `context ${item.description}`,
      text: `${item.description}\n${item.value}`,
    });
  for (const [path, text] of textLeaves(input.state))
    observations.push({ label: `state ${path}`, text });
  for (const [path, text] of textLeaves(input.forwardedProps))
    observations.push({ label: `forwardedProps ${path}`, text });
  const frontendTools: Tool[] = input.tools.map((tool) => ({
    kind: "frontend",
    server: "ag-ui client",
    name: tool.name,
    description: tool.description,
    schema: (typeof tool.parameters === "object" && tool.parameters !== null
      ? tool.parameters
      : {}) as Tool["schema"],
  }));
  return { request, observations, frontendTools, done };
}
