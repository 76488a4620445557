// The `mcp_client` actor (format §7.1.5), for documents that attack an MCP server under
// test: it initializes (its `client_info` and `capabilities`), sends each phase's `actions`
// in order, one JSON-RPC request each, and answers the server's own requests from
// `sampling_responses` / `elicitation_responses` (first match wins) and `roots`. Events
// (format §7.1.2) are the responses, under their request's method, and what the server sends.
import type { Value } from "@oatf/model";
import { runEntryActions } from "../entry-actions.js";
import type { GeneratedShape } from "../generation/structure.js";
import {
  errorMessage,
  type Id,
  type Incoming,
  METHOD_NOT_FOUND,
  requestMessage,
  resultMessage,
} from "../jsonrpc.js";
import type { PhaseMachine } from "../phase-machine.js";
import { dispatch, entries, field, type Obj } from "../state.js";
import { timerDelay } from "../timer.js";
import {
  type ClientTransport,
  httpClientTransport,
  stdioClientTransport,
} from "./client-transport.js";
import { enriched } from "./enrich.js";
import { DEFAULT_PROTOCOL_VERSION } from "./server.js";

export const DEFAULT_CLIENT_INFO: Obj = { name: "oatf-client", version: "1.0.0" };
export const DEFAULT_CLIENT_CAPABILITIES: Obj = { roots: { listChanged: true } };

type Answer = { result?: Value; error?: Value };

export class McpClientActor {
  readonly machine: PhaseMachine;
  readonly #target: string | undefined;
  #transport: ClientTransport | undefined;
  #initialized: Promise<boolean> | undefined;
  readonly #pending = new Map<
    Id,
    { method: string; params: Value; settle: (a: Answer | undefined) => void }
  >();
  #nextId = 0;
  /** The server command exited: nothing more can be sent. */
  #gone = false;

  constructor(machine: PhaseMachine, target: string | undefined) {
    this.machine = machine;
    this.#target = target;
    machine.hooks = { enter: () => this.#enter() };
  }

  #enter(): void {
    const m = this.machine;
    const transport = () => this.#connect();
    runEntryActions(m, {
      send: (method, params) => {
        void m.busy(async () => {
          if (await transport()) await this.#call(method, params);
        });
      },
    });
    const own = m.phase?.state;
    if (own === undefined || own === null) return;
    const actions = entries(m.state, "actions");
    const phase = m.index;
    void m.busy(async () => {
      if (!(await transport())) return;
      for (const action of actions) {
        // Format §5.2: once the trigger fired the next phase runs; this one sends no more.
        if (m.context.signal.aborted || m.index !== phase) return;
        if (typeof action.method !== "string" || action.method === "initialize") continue;
        const params = action.params === undefined ? undefined : m.interpolate(action.params);
        await this.#call(action.method, params);
      }
    });
  }

  /** A request and its answer; an MCP notification (`notifications/…`) has no id and no answer. */
  async #call(method: string, params: Value | undefined): Promise<void> {
    if (method.startsWith("notifications/")) await this.#send(method, params);
    else await this.#request(method, params);
  }

  /** Connects and initializes once; false (said) when the server cannot be reached. */
  #connect(): Promise<boolean> {
    this.#initialized ??= (async () => {
      const m = this.machine;
      const target = this.#target;
      if (target === undefined) {
        this.machine.say(
          "error",
          "run/options",
          `no server under test for ${m.name} (the \`servers\` option)`,
        );
        return false;
      }
      const events = {
        onMessage: (message: Incoming) => this.#receive(message),
        onProblem: (message: string, limit?: boolean) =>
          this.machine.say("warning", limit ? "run/limit" : "run/wire", message),
        onClosed: (why: string) => this.#closed(why),
        maxEventBytes: m.context.limits.maxEventBytes,
        maxBodyBytes: m.context.limits.maxBodyBytes,
        signal: m.context.signal,
        fetch: m.context.fetch,
      };
      this.#transport = /^https?:\/\//.test(target)
        ? httpClientTransport(target, events)
        : stdioClientTransport(target, events);
      m.context.signal.addEventListener("abort", () => this.#transport?.close(), { once: true });
      const state = m.state;
      const answer = await this.#request("initialize", {
        protocolVersion: field(state, "protocol_version") ?? DEFAULT_PROTOCOL_VERSION,
        capabilities: field(state, "capabilities") ?? DEFAULT_CLIENT_CAPABILITIES,
        clientInfo: field(state, "client_info") ?? DEFAULT_CLIENT_INFO,
      });
      if (answer?.result === undefined) {
        // The attack cannot go on: an error, never a silent not_exploited.
        const why =
          answer === undefined
            ? "no answer"
            : `the server answered with an error (${JSON.stringify(answer.error ?? null)})`;
        if (!m.context.signal.aborted)
          m.say("error", "run/server", `initialize: ${why}: no action of ${m.name} is sent`);
        return false;
      }
      const version = field(answer.result, "protocolVersion");
      if (typeof version === "string") this.#transport.setProtocolVersion(version);
      await this.#send("notifications/initialized", undefined);
      return true;
    })();
    return this.#initialized;
  }

  /**
   * The server is gone: said (an error when it left requests unanswered), and every request
   * still waiting ends without an answer.
   */
  #closed(why: string): void {
    if (this.machine.context.signal.aborted) return;
    this.#gone = true;
    this.machine.say(this.#pending.size > 0 ? "error" : "warning", "run/server", why);
    for (const request of [...this.#pending.values()]) request.settle(undefined);
    this.#pending.clear();
  }

  async #send(method: string, params: Value | undefined, id?: Id): Promise<void> {
    const m = this.machine;
    m.record({ protocol: "mcp", direction: "request", operation: method, content: params ?? {} });
    try {
      await this.#transport!.send(requestMessage(method, params, id));
    } catch (error) {
      if (!m.context.signal.aborted)
        this.machine.say("error", "run/server", `${method}: ${(error as Error)?.message ?? error}`);
    }
  }

  /** One request and its answer (both recorded; the answer is the event `method`). */
  #request(method: string, params: Value | undefined): Promise<Answer | undefined> {
    const m = this.machine;
    if (this.#gone) {
      m.say("error", "run/server", `${method}: not sent, the server command is gone`);
      return Promise.resolve(undefined);
    }
    const id = this.#nextId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#pending.delete(id);
        this.machine.say(
          "warning",
          "run/server",
          `no answer to ${method} within ${m.context.limits.answerTimeout} ms`,
        );
        resolve(undefined);
      }, timerDelay(m.context.limits.answerTimeout));
      const aborted = () => {
        clearTimeout(timer);
        resolve(undefined);
      };
      m.context.signal.addEventListener("abort", aborted, { once: true });
      this.#pending.set(id, {
        method,
        params: params ?? {},
        settle: (answer) => {
          clearTimeout(timer);
          m.context.signal.removeEventListener("abort", aborted);
          resolve(answer);
        },
      });
      void this.#send(method, params, id);
    });
  }

  #receive(message: Incoming): void {
    const m = this.machine;
    if (message.kind === "invalid") {
      this.machine.say("warning", "run/wire", `the server sent ${message.problem}`);
      return;
    }
    if (message.kind === "response") {
      const request = this.#pending.get(message.id);
      if (request === undefined) {
        this.machine.say(
          "warning",
          "run/wire",
          `a response to id ${JSON.stringify(message.id)}, which no request of ours has`,
        );
        return;
      }
      this.#pending.delete(message.id);
      const body = (message.error ?? message.result) as Value;
      const content =
        message.error === undefined ? enriched(request.method, request.params, body) : body;
      m.record(
        { protocol: "mcp", direction: "response", operation: request.method, content },
        body,
      );
      request.settle(message);
      m.event(request.method, content);
      return;
    }
    const params = message.params ?? {};
    m.record({ protocol: "mcp", direction: "request", operation: message.method, content: params });
    if (message.kind === "notification") {
      m.event(message.method, params);
      return;
    }
    void m.busy(async () => {
      const state = m.state;
      const answer = await this.#answer(message.method, params, state);
      m.record({
        protocol: "mcp",
        direction: "response",
        operation: message.method,
        content: answer.result ?? answer.error ?? null,
      });
      const wire =
        answer.result !== undefined
          ? resultMessage(message.id, answer.result)
          : errorMessage(message.id, METHOD_NOT_FOUND, `Method not found: ${message.method}`);
      try {
        await this.#transport?.send(wire);
      } catch (error) {
        if (!m.context.signal.aborted)
          this.machine.say(
            "warning",
            "run/server",
            `answering ${message.method}: ${(error as Error)?.message ?? error}`,
          );
      }
      m.event(message.method, params);
    });
  }

  /** Format §7.1.5: the server's requests answered from the state. */
  async #answer(method: string, params: Value, state: Value | undefined): Promise<Answer> {
    const m = this.machine;
    const synth = m.context.synthesizer;
    if (method === "ping") return { result: {} };
    if (method === "roots/list")
      return { result: { roots: m.interpolate(field(state, "roots") ?? [], params) } };
    const answer = async (list: string, shape: GeneratedShape, statics?: string[]) => {
      const entry = dispatch(field(state, list), params, synth.available, statics);
      const content =
        (await synth.fromEntry(m, entry, {
          shape,
          context: { request: params },
          request: params,
        })) ?? (entry?.content === undefined ? undefined : m.interpolate(entry.content, params));
      return { entry, content };
    };
    if (method === "sampling/createMessage") {
      const { content } = await answer("sampling_responses", "mcp_sampling_result");
      return {
        result: content ?? {
          role: "assistant",
          content: { type: "text", text: "" },
          model: "oatf",
        },
      };
    }
    if (method === "elicitation/create") {
      // `action` is static content too: an entry with it is served without a provider.
      const { entry, content } = await answer("elicitation_responses", "mcp_elicitation_result", [
        "content",
        "action",
      ]);
      const result: Obj = { action: (entry?.action as Value) ?? "accept" };
      if (content !== undefined) result.content = content;
      return { result };
    }
    return { error: { code: METHOD_NOT_FOUND, message: `Method not found: ${method}` } };
  }
}
