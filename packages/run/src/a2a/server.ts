// The `a2a_server` actor (format §7.2.4, §7.2.6) at `/a2a/NAME`: the phase's `agent_card`
// served verbatim at `/a2a/NAME/.well-known/agent-card.json` (and on
// `agent/getAuthenticatedExtendedCard`), JSON-RPC at `/a2a/NAME` answering the A2A v0.3
// method names and the v1.0 ones (`SendMessage`, `SendStreamingMessage`, ...), with
// `task_responses` dispatched first match wins. v1.0 results carry the selected content in
// v1.0's one-key framing (`{"task": …}`, `{"statusUpdate": …}`); the content itself is the
// document's, untouched. `message/stream` derives its items from the content as format §7.2.4 says.
// A v1.0 exchange is recorded, and given to `when` and triggers, as @oatf/trace reads it (v1.ts).
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Value } from "@oatf/model";
import { a2aOperationOfV1 } from "@oatf/registries";
import { runEntryActions } from "../entry-actions.js";
import { plain, readRpcPost, SseStream, sendJson } from "../http.js";
import {
  errorMessage,
  INVALID_REQUEST,
  type Incoming,
  METHOD_NOT_FOUND,
  resultMessage,
} from "../jsonrpc.js";
import { isLoopbackUrl } from "../net.js";
import type { PhaseMachine } from "../phase-machine.js";
import { dispatch, field, isObject, type Obj } from "../state.js";
import { PROJECTED } from "./projection.js";
import { v1Request, v1Response } from "./v1.js";

const CARD_PATHS = new Set(["/.well-known/agent-card.json", "/.well-known/agent.json"]);
const FINAL = new Set([
  "completed",
  "canceled",
  "failed",
  "rejected",
  "TASK_STATE_COMPLETED",
  "TASK_STATE_CANCELED",
  "TASK_STATE_FAILED",
  "TASK_STATE_REJECTED",
]);

/** What the selected content is (format §7.2.4 streaming): a Task, a Message, or neither. */
function shapeOf(content: Value): "task" | "message" | "raw" {
  if (!isObject(content)) return "raw";
  if (isObject(content.status) && typeof content.status.state === "string") return "task";
  if (Array.isArray(content.parts) && content.status === undefined) return "message";
  return "raw";
}

interface Call {
  /** The binding's operation (v0.3 name) and, for a v1.0 request, the wire's name. */
  operation: string;
  native?: string;
  /** The params as read (v1.0's in the binding's v0.3 shape), and as the wire had them. */
  params: Value;
  wire: Value;
}

export class A2aServerActor {
  readonly machine: PhaseMachine;
  /** The actor's base URL (`http://host:port/a2a/NAME`), once the run listens. */
  baseUrl = "";
  /** Tasks served, by id, for `tasks/get`. */
  readonly #tasks = new Map<string, Value>();

  constructor(machine: PhaseMachine) {
    this.machine = machine;
    machine.hooks = { enter: () => this.#enter() };
  }

  handle(req: IncomingMessage, res: ServerResponse, rest: string): void {
    if (req.method === "GET" && CARD_PATHS.has(rest)) {
      this.#card(res);
      return;
    }
    if (req.method !== "POST") {
      plain(res, req.method === "GET" ? 404 : 405, "A2A JSON-RPC takes POST");
      return;
    }
    this.#post(req, res).catch((error) => {
      this.#wire(`POST failed: ${(error as Error)?.message ?? error}`);
      if (!res.headersSent) plain(res, 500, "internal error");
      else res.end();
    });
  }

  #wire(message: string): void {
    const m = this.machine;
    m.context.diagnostics.report({ severity: "warning", code: "run/wire", message, actor: m.name });
  }

  /** The card in force: the document's (verbatim) or a minimal valid one (format §7.2.4). */
  #cardValue(): Value {
    const m = this.machine;
    const card = field(m.state, "agent_card");
    if (card !== undefined) return m.interpolate(card);
    return {
      name: m.name,
      description: "An A2A agent (OATF attack runner)",
      url: this.baseUrl,
      version: "1.0.0",
      protocolVersion: "0.3.0",
      capabilities: { streaming: true, pushNotifications: false },
      defaultInputModes: ["text/plain"],
      defaultOutputModes: ["text/plain"],
      skills: [],
    };
  }

  #card(res: ServerResponse): void {
    const m = this.machine;
    void m.busy(async () => {
      // One trace message, the card (format §7.2.3: "the full card object"); the GET is the
      // runtime event only.
      const card = this.#cardValue();
      m.record({
        protocol: "a2a",
        direction: "response",
        operation: "agent_card/get",
        content: card,
      });
      sendJson(res, 200, JSON.stringify(card));
      m.event("agent_card/get", {});
    });
  }

  async #post(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const m = this.machine;
    const read = await readRpcPost(req, res, m.context.limits.maxBodyBytes, (w) => this.#wire(w));
    if (read === undefined) return;
    const [incoming] = read.messages;
    if (read.batch || incoming === undefined || incoming.kind !== "request") {
      const problem = read.batch
        ? "A2A takes one request per POST"
        : incoming?.kind === "invalid"
          ? incoming.problem
          : "not a request";
      this.#wire(`POST body: ${problem}`);
      const id = incoming !== undefined && "id" in incoming ? (incoming.id ?? null) : null;
      sendJson(
        res,
        400,
        JSON.stringify(errorMessage(id, INVALID_REQUEST, `Invalid Request: ${problem}`)),
      );
      return;
    }
    await m.busy(() => this.#request(incoming, res));
  }

  async #request(
    incoming: Extract<Incoming, { kind: "request" }>,
    res: ServerResponse,
  ): Promise<void> {
    const m = this.machine;
    const operation = a2aOperationOfV1(incoming.method) ?? incoming.method;
    const wire = incoming.params ?? {};
    const read =
      operation === incoming.method ? undefined : v1Request(operation, incoming.method, wire);
    const call: Call = {
      operation,
      ...(read === undefined ? {} : { native: incoming.method }),
      params: read?.content ?? wire,
      wire,
    };
    m.record(read ?? { protocol: "a2a", direction: "request", operation, content: wire });
    const state = m.state;
    if (call.operation === "message/stream") {
      const content = await this.#selected(call, state);
      this.#stream(incoming.id, call, content, res);
    } else {
      const { result, error } = await this.#answer(call, state);
      const answer = error === undefined ? this.#frame(call, result!) : undefined;
      this.#respond(call, answer ?? error!, answer !== undefined);
      sendJson(
        res,
        200,
        JSON.stringify(
          answer !== undefined
            ? resultMessage(incoming.id, answer)
            : errorMessage(incoming.id, error!.code, error!.message),
        ),
      );
    }
    m.event(call.operation, call.params);
  }

  /** Records a response of `call` (its result or error as the wire carries it). */
  #respond(call: Call, wire: Value, isResult = true, operation = call.operation): void {
    const m = this.machine;
    if (call.native === undefined)
      m.record({ protocol: "a2a", direction: "response", operation, content: wire });
    else for (const read of v1Response(operation, call.native, wire, isResult)) m.record(read);
  }

  /** v1.0 frames a Task or Message result in a one-key object; v0.3 takes it as it is. */
  #frame(call: Call, result: Value): Value {
    if (call.native === undefined || call.operation !== "message/send") return result;
    const shape = shapeOf(result);
    return shape === "raw" ? result : { [shape]: result };
  }

  async #answer(
    call: Call,
    state: Value | undefined,
  ): Promise<{ result?: Value; error?: { code: number; message: string } }> {
    switch (call.operation) {
      case "message/send":
        return { result: await this.#selected(call, state) };
      case "agent/getAuthenticatedExtendedCard":
        return { result: this.#cardValue() };
      case "tasks/get": {
        const task = this.#tasks.get(String(field(call.params, "id")));
        return task === undefined
          ? { error: { code: -32001, message: "Task not found" } }
          : { result: task };
      }
      case "tasks/cancel":
        return { error: { code: -32002, message: "Task cannot be canceled" } };
      case "tasks/pushNotificationConfig/set":
        return { result: call.wire };
      case "tasks/pushNotificationConfig/list":
        return { result: [] };
      case "tasks/pushNotificationConfig/get":
      case "tasks/pushNotificationConfig/delete":
        return { error: { code: -32001, message: "Task not found" } };
      default:
        return {
          error: {
            code: METHOD_NOT_FOUND,
            message: `Method not found: ${call.native ?? call.operation}`,
          },
        };
    }
  }

  /** Format §7.2.4 `task_responses`: the selected content, or an empty completed task. */
  async #selected(call: Call, state: Value | undefined): Promise<Value> {
    const m = this.machine;
    const entry = dispatch(
      field(state, "task_responses"),
      call.params,
      m.context.synthesizer.available,
    );
    let content = await m.context.synthesizer.fromEntry(m, entry, {
      shape: "a2a_task",
      context: { request: call.params, agent_card: field(state, "agent_card") ?? null },
      request: call.params,
    });
    if (content === undefined && entry?.content !== undefined)
      content = m.interpolate(entry.content, call.params);
    content ??= this.#emptyTask(call);
    if (
      isObject(content) &&
      typeof content.id === "string" &&
      this.#tasks.size < m.context.limits.maxQueued
    )
      this.#tasks.set(content.id, content);
    return content;
  }

  #emptyTask(call: Call): Obj {
    const message = field(call.params, "message");
    const contextId = field(message, "contextId");
    const v1 = call.native !== undefined;
    return {
      id: randomUUID(),
      contextId: typeof contextId === "string" && contextId !== "" ? contextId : randomUUID(),
      status: { state: v1 ? "TASK_STATE_COMPLETED" : "completed" },
      ...(v1 ? {} : { kind: "task" }),
    };
  }

  /** Format §7.2.4 streaming: a Task, then its artifacts and status as update events. */
  #stream(id: string | number, call: Call, content: Value, res: ServerResponse): void {
    const v1 = call.native !== undefined;
    const items: {
      kind: "task" | "message" | "status-update" | "artifact-update" | "raw";
      value: Value;
    }[] = [];
    const shape = shapeOf(content);
    if (shape === "task") {
      const task = content as Obj;
      const ids: Obj = { taskId: task.id ?? null, contextId: task.contextId ?? null };
      items.push({ kind: "task", value: task });
      for (const artifact of Array.isArray(task.artifacts) ? task.artifacts : [])
        items.push({
          kind: "artifact-update",
          value: v1
            ? { ...ids, artifact }
            : { kind: "artifact-update", ...ids, artifact, lastChunk: true },
        });
      const state = (task.status as Obj).state as string;
      items.push({
        kind: "status-update",
        value: v1
          ? { ...ids, status: task.status! }
          : { kind: "status-update", ...ids, status: task.status!, final: FINAL.has(state) },
      });
    } else items.push({ kind: shape, value: content });
    const stream = new SseStream(res);
    const V1_KEY = {
      task: "task",
      message: "message",
      "status-update": "statusUpdate",
      "artifact-update": "artifactUpdate",
    } as const;
    for (const item of items) {
      const wire = v1 && item.kind !== "raw" ? { [V1_KEY[item.kind]]: item.value } : item.value;
      // A v1.0 item's projection comes with its reading (v1.ts).
      this.#respond(call, wire);
      const projected = v1 ? undefined : PROJECTED[item.kind];
      if (projected !== undefined) this.#respond(call, item.value, true, projected);
      stream.send(JSON.stringify(resultMessage(id, wire)));
    }
    stream.end();
  }

  /** Format §7.2.6: `send_push_notification` POSTs its payload to the given URL. */
  #enter(): void {
    const m = this.machine;
    runEntryActions(m, {
      other: (key, value) => {
        if (key !== "send_push_notification") return false;
        const url = field(value, "url");
        const payload = field(value, "payload") ?? null;
        if (typeof url !== "string" || (!m.context.allowRemote && !isLoopbackUrl(url))) {
          m.context.diagnostics.report({
            severity: "warning",
            code: "run/options",
            message: `send_push_notification to ${JSON.stringify(url)} refused: not a loopback URL (allow remote addresses to send it)`,
            actor: m.name,
            phase: m.phaseName,
          });
          return true;
        }
        m.record({
          protocol: "a2a",
          direction: "request",
          operation: "send_push_notification",
          content: payload,
        });
        void m.busy(async () => {
          try {
            await fetch(url, {
              method: "POST",
              headers: { "content-type": "application/json" },
              body: JSON.stringify(payload),
              signal: m.context.signal,
            });
          } catch (error) {
            if (!m.context.signal.aborted)
              m.context.diagnostics.report({
                severity: "warning",
                code: "run/agent",
                message: `send_push_notification to ${url}: ${(error as Error)?.message ?? error}`,
                actor: m.name,
                phase: m.phaseName,
              });
          }
        });
        return true;
      },
    });
  }
}
