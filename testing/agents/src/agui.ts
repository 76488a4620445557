// The agent's AG-UI endpoint: `POST <url>` with a `RunAgentInput` body (validated with
// @ag-ui/core's schema), answered with the run's events as SSE (@ag-ui/encoder): RUN_STARTED, the
// answer as one text message, the frontend tool calls the run made, RUN_FINISHED (or RUN_ERROR).
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { type BaseEvent, EventType, type RunAgentInput } from "@ag-ui/core";
import { RunAgentInputSchema } from "@ag-ui/core/schemas";
import { EventEncoder } from "@ag-ui/encoder";
import type { FrontendCall } from "./run.js";

/** Largest `RunAgentInput` body accepted. */
export const MAX_INPUT_BYTES = 4 * 1024 * 1024;

export interface RunReply {
  answer: string;
  frontendCalls: FrontendCall[];
}

export type RunHandler = (input: RunAgentInput) => Promise<RunReply>;

function reject(res: ServerResponse, status: number, message: string): void {
  // After a body too large, the rest of it is not read: the connection ends with the answer.
  res.writeHead(status, {
    "content-type": "application/json",
    ...(status === 413 ? { connection: "close" } : {}),
  });
  res.end(JSON.stringify({ error: message }));
}

async function readBody(req: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_INPUT_BYTES) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** The events of one finished run, after RUN_STARTED. */
export function runEvents(input: RunAgentInput, reply: RunReply): BaseEvent[] {
  const events: BaseEvent[] = [];
  const messageId = randomUUID();
  if (reply.answer !== "") {
    events.push({ type: EventType.TEXT_MESSAGE_START, messageId, role: "assistant" } as BaseEvent);
    events.push({
      type: EventType.TEXT_MESSAGE_CONTENT,
      messageId,
      delta: reply.answer,
    } as BaseEvent);
    events.push({ type: EventType.TEXT_MESSAGE_END, messageId } as BaseEvent);
  }
  for (const call of reply.frontendCalls) {
    const toolCallId = randomUUID();
    events.push({
      type: EventType.TOOL_CALL_START,
      toolCallId,
      toolCallName: call.tool.name,
      parentMessageId: messageId,
    } as BaseEvent);
    events.push({
      type: EventType.TOOL_CALL_ARGS,
      toolCallId,
      delta: JSON.stringify(call.args),
    } as BaseEvent);
    events.push({ type: EventType.TOOL_CALL_END, toolCallId } as BaseEvent);
  }
  events.push({
    type: EventType.RUN_FINISHED,
    threadId: input.threadId,
    runId: input.runId,
  } as BaseEvent);
  return events;
}

/** Serves one HTTP request at `path`: a run for a valid POST, a JSON error otherwise. */
export async function serveAgUi(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  handle: RunHandler,
): Promise<void> {
  const url = new URL(req.url ?? "/", "http://agent");
  if (url.pathname !== path)
    return reject(res, 404, `no agent at ${url.pathname}; POST to ${path}`);
  if (req.method !== "POST") return reject(res, 405, "POST a RunAgentInput");
  const body = await readBody(req);
  if (body === undefined)
    return reject(res, 413, `the body is larger than ${MAX_INPUT_BYTES} bytes`);
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch (error) {
    return reject(res, 400, `the body is not JSON: ${(error as Error).message}`);
  }
  const parsed = RunAgentInputSchema.safeParse(json);
  if (!parsed.success)
    return reject(
      res,
      400,
      `not a RunAgentInput: ${parsed.error.issues.map((i) => `${i.path.join(".") || "(body)"}: ${i.message}`).join("; ")}`,
    );
  const input = parsed.data as RunAgentInput;
  const encoder = new EventEncoder();
  res.writeHead(200, { "content-type": encoder.getContentType(), "cache-control": "no-cache" });
  const send = (event: BaseEvent) => {
    if (!res.writableEnded && !res.destroyed) res.write(encoder.encode(event));
  };
  send({ type: EventType.RUN_STARTED, threadId: input.threadId, runId: input.runId } as BaseEvent);
  try {
    for (const event of runEvents(input, await handle(input))) send(event);
  } catch (error) {
    send({ type: EventType.RUN_ERROR, message: (error as Error).message } as BaseEvent);
  }
  res.end();
}
