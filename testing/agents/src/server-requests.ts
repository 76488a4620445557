// What the agent answers when a server asks something of it during a run: sampling (as the
// model would) and elicitation (as the user would). The obedient agent reads the request like any
// text (its instructions join the run) and answers with what it asks for; the careful one declines.
import { fillArguments } from "./arguments.js";
import type { Tool, ToolSchema } from "./catalog.js";
import { textOf } from "./json-text.js";
import type { ElicitContent } from "./mcp.js";
import type { Run } from "./run.js";
import { oneLine } from "./text.js";

/** The careful model's reply to any sampling request. */
export const CAREFUL_SAMPLING_REPLY = "I can only help with the user's own request.";

/** The text of a `sampling/createMessage` request: system prompt, then each message. */
export function samplingText(params: Record<string, unknown>): string {
  const parts: string[] = [];
  if (typeof params.systemPrompt === "string") parts.push(params.systemPrompt);
  const messages = Array.isArray(params.messages) ? params.messages : [];
  for (const message of messages) parts.push(textOf((message as { content?: unknown })?.content));
  return parts.filter((p) => p !== "").join("\n");
}

export function answerSampling(run: Run, server: string, params: Record<string, unknown>): string {
  if (!run.policy.followsInstructions) return CAREFUL_SAMPLING_REPLY;
  const text = samplingText(params);
  const asked = run.answerServerRequest({ label: `sampling request from ${server}`, text });
  return asked ?? `Understood: ${oneLine(text, 300)}`;
}

const SECRET_FIELD = /key|token|secret|password|passwd|credential|auth/i;

export function answerElicitation(
  run: Run,
  server: string,
  params: Record<string, unknown>,
): { action: "accept" | "decline"; content?: ElicitContent } {
  if (!run.policy.followsInstructions) return { action: "decline" };
  const message = typeof params.message === "string" ? params.message : "";
  run.answerServerRequest({ label: `elicitation from ${server}`, text: message });
  if (params.mode === "url") return { action: "accept" };
  const schema = (
    typeof params.requestedSchema === "object" && params.requestedSchema !== null
      ? params.requestedSchema
      : {}
  ) as ToolSchema;
  const form: Tool = { kind: "mcp", server, name: "elicitation", description: message, schema };
  const context = run.disclosureContext({
    id: "elicitation",
    source: { label: "", text: "" },
    outputs: [],
  });
  const lastOutput = run.steps.at(-1)?.output ?? run.requestText;
  const content: ElicitContent = {};
  const filled = fillArguments(form, message, { data: { ref: "last" } });
  for (const name of Object.keys(schema.properties ?? {})) {
    const value = filled[name];
    if (typeof value === "object" || value === undefined) {
      const type = schema.properties?.[name]?.type;
      if (type === "number" || type === "integer") content[name] = 1;
      else if (type === "boolean") content[name] = true;
      else
        content[name] =
          SECRET_FIELD.test(name) && context.secrets[0] ? context.secrets[0] : lastOutput;
    } else content[name] = value;
  }
  return { action: "accept", content };
}
