// The `mcp_server` actor (format §7.1.4, §7.1.6), whatever carries it (mcp/http.ts,
// mcp/stdio.ts): the phase's state served verbatim (structural keys mapped to MCP's
// operations, pass-through content untouched apart from template interpolation and the OATF
// extension keys left out), `responses` dispatched first match wins, `elicitations` (and the
// `sampling_requests` extension) sent during a call, `on_enter` actions sent on phase entry.
// Protocol revision 2025-11-25 (the binding's default) and the earlier ones clients
// negotiate, and 2026-07-28 through the mapping of mcp/revision-2026.ts; a state's
// `protocol_version` pins the revision (see `speaksModern`).

import { evaluatePredicate } from "@oatf/evaluate";
import type { Value } from "@oatf/model";
import { runEntryActions } from "../entry-actions.js";
import {
  errorMessage,
  type Id,
  INVALID_PARAMS,
  type Incoming,
  METHOD_NOT_FOUND,
  requestMessage,
  resultMessage,
} from "../jsonrpc.js";
import type { PhaseMachine } from "../phase-machine.js";
import { dispatch, entries, field, isObject, type Obj, without } from "../state.js";
import { timerDelay } from "../timer.js";
import { enriched } from "./enrich.js";
import {
  type Ask,
  discoverResult,
  isModern,
  MODERN_REVISION,
  PendingInputs,
  SUBSCRIPTION_META,
  stamped,
  withoutRetry,
} from "./revision-2026.js";
import type { Answer, McpSession, Outlet } from "./session.js";

/** Format §7.1.4 defaults. */
export const DEFAULT_PROTOCOL_VERSION = "2025-11-25";
/**
 * The revisions an `initialize` negotiates when the state names none, newest first: the
 * official SDK's (`SUPPORTED_PROTOCOL_VERSIONS`), the requested one if listed, else the first.
 */
export const NEGOTIATED_VERSIONS = [
  DEFAULT_PROTOCOL_VERSION,
  "2025-06-18",
  "2025-03-26",
  "2024-11-05",
  "2024-10-07",
];
export const DEFAULT_SERVER_INFO: Obj = { name: "oatf-server", version: "1.0.0" };
/** Omitted lists are declared but empty (format §7.1.4); list changes are announced. */
export const DEFAULT_CAPABILITIES: Obj = {
  tools: { listChanged: true },
  resources: { listChanged: true },
  prompts: { listChanged: true },
};

/**
 * A request answered with a result, or with a JSON-RPC error; `inputRequired` marks a 2026
 * `input_required` result (the first leg of a call its retry completes).
 */
type Reply = { result: Value; inputRequired?: true } | { error: { code: number; message: string } };

/** Which request a server-initiated request belongs to, and how it is written. */
interface Exchange {
  session: McpSession;
  related: Outlet;
  /** A 2026-07-28 request: asks travel in an `input_required` result, not as requests. */
  modern: boolean;
  /** A 2026 retry: the input requests it answers, with their answers. */
  answered: { ask: Ask; answer: Value }[] | undefined;
}

/**
 * Whether a state speaks 2026-07-28 to a client that asks (`server/discover`): when it names
 * no revision (negotiated, as the official SDK's server), or names that one or a later one.
 */
export function speaksModern(version: Value | undefined): boolean {
  return version === undefined || (typeof version === "string" && version >= MODERN_REVISION);
}

/** 2026 `input_required` results awaiting their retry, per actor. */
const MAX_PENDING_INPUTS = 1024;

export class McpServerActor {
  readonly machine: PhaseMachine;
  /** The connected sessions and where their unrelated messages go (their own stream). */
  readonly sessions = new Map<McpSession, Outlet>();
  readonly #inputs = new PendingInputs(MAX_PENDING_INPUTS);

  constructor(machine: PhaseMachine) {
    this.machine = machine;
    machine.hooks = { enter: () => this.#enter() };
  }

  attach(session: McpSession, outlet: Outlet): void {
    this.sessions.set(session, outlet);
  }

  detach(session: McpSession): void {
    this.sessions.delete(session);
  }

  /**
   * Whether answering `incoming` first sends the client requests of its own (elicitations,
   * sampling): a Streamable HTTP transport then answers on an SSE stream.
   */
  asksFirst(incoming: Incoming): boolean {
    if (incoming.kind !== "request") return false;
    if (incoming.method !== "tools/call" && incoming.method !== "prompts/get") return false;
    if (isModern(incoming.params)) return false; // asks go in an `input_required` result
    return this.#asks(this.machine.state, incoming.params ?? {}).length > 0;
  }

  /**
   * One message from a session's client. A request is answered through `related` (the
   * transport's way back for it); answers to our own requests are handed over; every message
   * is recorded and is an event for the actor's trigger.
   */
  async handle(session: McpSession, incoming: Incoming, related: Outlet): Promise<void> {
    const m = this.machine;
    if (incoming.kind === "response") {
      if (!session.answer(incoming.id, incoming)) {
        m.context.diagnostics.report({
          severity: "warning",
          code: "run/wire",
          message: `a response to id ${JSON.stringify(incoming.id)}, which no request of ours has`,
          actor: m.name,
        });
      }
      return;
    }
    if (incoming.kind === "invalid") return; // the transport said it
    const modern = incoming.kind === "request" && isModern(incoming.params);
    // A 2026 retry continues a call already recorded: its request is not a new one.
    const answered = modern ? this.#inputs.take(incoming.params ?? {}) : undefined;
    const params = answered ? withoutRetry(incoming.params ?? {}) : (incoming.params ?? {});
    if (modern && answered === undefined && field(params, "requestState") !== undefined)
      m.context.diagnostics.report({
        severity: "warning",
        code: "run/wire",
        message: `${incoming.method}: a requestState no input_required result of ours waits for (replayed or made up): served as a new call`,
        actor: m.name,
      });
    if (answered === undefined)
      m.record({
        protocol: "mcp",
        direction: "request",
        operation: incoming.method,
        content: params,
        session: session.id,
      });
    if (incoming.kind === "notification") {
      m.event(incoming.method, params);
      return;
    }
    if (incoming.method === "subscriptions/listen") {
      this.#listen(session, incoming.id, params, related);
      return;
    }
    const exchange = { session, related, modern, answered };
    await m.busy(() => this.#reply(incoming, params, exchange));
  }

  /** Answers a request and records the answer, then judges the trigger on it. */
  async #reply(
    incoming: Extract<Incoming, { kind: "request" }>,
    params: Value,
    exchange: Exchange,
  ) {
    const m = this.machine;
    const { session, related, modern } = exchange;
    // The phase in force when the request arrived answers it (a trigger it fires changes
    // what comes after, not this answer).
    const state = m.state;
    const reply = await this.#answer(incoming.method, params, state, exchange);
    const message =
      "result" in reply
        ? resultMessage(
            incoming.id,
            modern && !reply.inputRequired ? stamped(incoming.method, reply.result) : reply.result,
          )
        : errorMessage(incoming.id, reply.error.code, reply.error.message);
    if ("result" in reply && reply.inputRequired) {
      related(message); // the call goes on with its retry: one exchange, one event
      return;
    }
    const content =
      "result" in reply
        ? enriched(incoming.method, params, reply.result)
        : (reply.error as unknown as Value);
    m.record(
      {
        protocol: "mcp",
        direction: "response",
        operation: incoming.method,
        content,
        session: session.id,
      },
      "result" in reply ? reply.result : content,
    );
    if (incoming.method === "initialize" && "result" in reply && isObject(reply.result)) {
      const version = reply.result.protocolVersion;
      if (typeof version === "string") session.protocolVersion = version;
    }
    // The answer goes out before the trigger is judged: a phase entered now (its
    // `on_enter` notifications) follows the answer on the wire.
    related(message);
    m.event(incoming.method, params);
  }

  async #answer(
    method: string,
    params: Value,
    state: Value | undefined,
    exchange: Exchange,
  ): Promise<Reply> {
    const m = this.machine;
    const interpolate = (value: Value) => m.interpolate(value, params);
    // A list answer: the state's entries without the OATF extension keys (format §7.1.4).
    const listed = (key: string, extensions: string[]) =>
      entries(state, key).map((entry) => interpolate(without(entry, extensions)));
    switch (method) {
      case "initialize":
        return { result: interpolate(this.#initializeResult(state, params)) };
      case "server/discover": {
        // A state pinned to a revision before 2026-07-28 is a 2025-era server: it knows no
        // `server/discover`, and the official client falls back to `initialize`.
        const version = field(state, "protocol_version");
        if (!speaksModern(version))
          return { error: { code: METHOD_NOT_FOUND, message: `Method not found: ${method}` } };
        const initialize = interpolate(this.#initializeResult(state, params)) as Obj;
        return { result: discoverResult(initialize, version as string | undefined) };
      }
      case "ping":
        return { result: {} };
      case "tools/list":
        return { result: { tools: listed("tools", ["responses"]) } };
      case "tools/call":
        return this.#callTool(params, state, exchange);
      case "resources/list":
        return { result: { resources: listed("resources", ["content"]) } };
      case "resources/templates/list":
        return { result: { resourceTemplates: listed("resource_templates", []) } };
      case "resources/read":
        return this.#readResource(params, state);
      case "prompts/list":
        return { result: { prompts: listed("prompts", ["responses"]) } };
      case "prompts/get":
        return this.#getPrompt(params, state, exchange);
      case "resources/subscribe":
      case "resources/unsubscribe":
      case "logging/setLevel":
        return { result: {} };
      case "completion/complete":
        return { result: { completion: { values: [] } } };
      default:
        return { error: { code: METHOD_NOT_FOUND, message: `Method not found: ${method}` } };
    }
  }

  /** The state's `protocol_version` as written, else the one negotiated with `params`. */
  #initializeResult(state: Value | undefined, params: Value): Obj {
    const version = field(state, "protocol_version");
    const requested = field(params, "protocolVersion");
    const negotiated =
      typeof requested === "string" && NEGOTIATED_VERSIONS.includes(requested)
        ? requested
        : DEFAULT_PROTOCOL_VERSION;
    const result: Obj = {
      protocolVersion: version ?? negotiated,
      capabilities: field(state, "capabilities") ?? DEFAULT_CAPABILITIES,
      serverInfo: field(state, "server_info") ?? DEFAULT_SERVER_INFO,
    };
    const instructions = field(state, "instructions");
    if (instructions !== undefined) result.instructions = instructions;
    return result;
  }

  /**
   * The tool or prompt a call names, once the state's requests for the call are answered
   * (format §7.1.4 `elicitations`), or the error for a name the state does not have.
   */
  async #named(
    list: "tools" | "prompts",
    params: Value,
    state: Value | undefined,
    exchange: Exchange,
  ): Promise<{ found: Obj } | { early: Reply }> {
    const name = field(params, "name");
    const found = entries(state, list).find((entry) => entry.name === name);
    if (found === undefined) {
      const what = list === "tools" ? "tool" : "prompt";
      return {
        early: { error: { code: INVALID_PARAMS, message: `Unknown ${what}: ${String(name)}` } },
      };
    }
    if (!exchange.modern) {
      await this.#sendAsks(state, params, exchange);
      return { found };
    }
    if (exchange.answered !== undefined) {
      this.#recordAnswers(exchange.session, exchange.answered);
      return { found };
    }
    const asks = this.#asks(state, params).map((ask) => ({
      method: ask.method,
      params: this.machine.interpolate(ask.params, params),
    }));
    if (asks.length === 0) return { found };
    for (const ask of asks)
      this.#recordMessage(exchange.session, "request", ask.method, ask.params);
    return { early: { result: this.#inputs.ask(asks), inputRequired: true } };
  }

  /** A 2026 retry's input responses, recorded as the answers to the binding's requests. */
  #recordAnswers(session: McpSession, answered: { ask: Ask; answer: Value }[]): void {
    for (const { ask, answer } of answered) {
      const content = isObject(answer) && isObject(answer.error) ? answer.error : answer;
      this.#recordMessage(session, "response", ask.method, content);
    }
  }

  #recordMessage(
    session: McpSession,
    direction: "request" | "response",
    operation: string,
    content: Value,
  ): void {
    this.machine.record({ protocol: "mcp", direction, operation, content, session: session.id });
  }

  /**
   * 2026 `subscriptions/listen`: acknowledged on the stream it opens, which then carries the
   * phases' `on_enter` notifications (the transport attached the session to it).
   */
  #listen(session: McpSession, id: Id, params: Value, related: Outlet): void {
    const m = this.machine;
    session.subscriptionId = id;
    const notifications = field(params, "notifications") ?? {};
    const ack = { notifications, _meta: { [SUBSCRIPTION_META]: id } };
    this.#recordMessage(session, "request", "notifications/subscriptions/acknowledged", ack);
    related(requestMessage("notifications/subscriptions/acknowledged", ack));
    m.event("subscriptions/listen", params);
  }

  async #callTool(params: Value, state: Value | undefined, exchange: Exchange): Promise<Reply> {
    const m = this.machine;
    const named = await this.#named("tools", params, state, exchange);
    if ("early" in named) return named.early;
    const tool = named.found;
    const entry = dispatch(tool.responses, params, m.context.synthesizer.available);
    if (entry === undefined) return { result: { content: [] } };
    let result =
      (await m.context.synthesizer.fromEntry(m, entry, {
        shape: "mcp_tool_result",
        context: { tool: without(tool, ["responses"]), request: params },
        request: params,
      })) ?? (entry.content === undefined ? { content: [] } : m.interpolate(entry.content, params));
    // A documented extension: result fields written beside `content` in the entry
    // (`isError: true`) belong to the result (see README).
    const extras = without(entry as Obj, ["when", "content", "synthesize"]);
    if (Object.keys(extras).length > 0 && isObject(result))
      result = { ...result, ...(m.interpolate(extras, params) as Obj) };
    return { result };
  }

  #readResource(params: Value, state: Value | undefined): Reply {
    const uri = field(params, "uri");
    const resource = entries(state, "resources").find((r) => r.uri === uri);
    if (resource === undefined)
      return { error: { code: -32002, message: `Resource not found: ${String(uri)}` } };
    const content = this.machine.interpolate(field(resource, "content") ?? {}, params);
    // Format §7.1.4: the runtime wraps `content` into MCP's `contents[]`.
    const item: Obj = { uri: resource.uri! };
    if (resource.mimeType !== undefined) item.mimeType = resource.mimeType;
    if (isObject(content)) Object.assign(item, content);
    return { result: { contents: [item] } };
  }

  async #getPrompt(params: Value, state: Value | undefined, exchange: Exchange): Promise<Reply> {
    const m = this.machine;
    const named = await this.#named("prompts", params, state, exchange);
    if ("early" in named) return named.early;
    const prompt = named.found;
    const entry = dispatch(prompt.responses, params, m.context.synthesizer.available, [
      "messages",
      "content",
    ]);
    const head: Obj = prompt.description === undefined ? {} : { description: prompt.description };
    if (entry === undefined) return { result: { ...head, messages: [] } };
    const generated = await m.context.synthesizer.fromEntry(m, entry, {
      shape: "mcp_prompt_result",
      context: { prompt: without(prompt, ["responses"]), request: params },
      request: params,
    });
    let result: Value;
    if (generated !== undefined) result = generated;
    else if (entry.messages !== undefined)
      result = { ...head, messages: m.interpolate(entry.messages as Value, params) };
    else if (entry.content !== undefined) result = m.interpolate(entry.content, params);
    else result = { ...head, messages: [] };
    return { result };
  }

  /** The state's requests to send during a call (format §7.1.4 `elicitations`; `sampling_requests`). */
  #asks(state: Value | undefined, params: Value): { method: string; params: Obj }[] {
    const asks: { method: string; params: Obj }[] = [];
    const matches = (entry: Obj) =>
      !isObject(entry.when) || evaluatePredicate(entry.when as Obj, params);
    for (const entry of entries(state, "elicitations").filter(matches)) {
      const ask = without(entry, ["when"]);
      // MCP requires an id on a URL-mode elicitation; the runtime generates a missing one.
      if (ask.mode === "url" && ask.elicitationId === undefined)
        ask.elicitationId = `oatf-elicitation-${Math.random().toString(36).slice(2, 10)}`;
      asks.push({ method: "elicitation/create", params: ask });
    }
    // The extension for OATF-029-style documents (see README): each entry is the params of a
    // `sampling/createMessage` request sent during a matching call, like an elicitation.
    for (const entry of entries(state, "sampling_requests").filter(matches))
      asks.push({ method: "sampling/createMessage", params: without(entry, ["when"]) });
    return asks;
  }

  async #sendAsks(state: Value | undefined, params: Value, exchange: Exchange): Promise<void> {
    for (const ask of this.#asks(state, params)) {
      await this.ask(
        exchange.session,
        ask.method,
        this.machine.interpolate(ask.params, params),
        exchange.related,
      );
    }
  }

  /**
   * Sends a request of ours to a session's client and waits for its answer (both recorded),
   * at most `limits.answerTimeout`; a missing answer is a diagnostic.
   */
  ask(
    session: McpSession,
    method: string,
    params: Value | undefined,
    outlet: Outlet,
  ): Promise<Answer | undefined> {
    const m = this.machine;
    const { limits, signal, diagnostics } = m.context;
    return new Promise((resolve) => {
      let timer: NodeJS.Timeout | undefined;
      const finish = (answer: Answer | undefined) => {
        clearTimeout(timer);
        signal.removeEventListener("abort", aborted);
        resolve(answer);
      };
      const id = session.expect((answer) => {
        m.record({
          protocol: "mcp",
          direction: "response",
          operation: method,
          content: answer.error ?? answer.result ?? null,
          session: session.id,
        });
        finish(answer);
      });
      const aborted = () => {
        session.forget(id);
        finish(undefined);
      };
      timer = setTimeout(() => {
        session.forget(id);
        diagnostics.report({
          severity: "warning",
          code: "run/agent",
          message: `no answer to ${method} within ${limits.answerTimeout} ms`,
          actor: m.name,
          phase: m.phaseName,
        });
        finish(undefined);
      }, timerDelay(limits.answerTimeout));
      signal.addEventListener("abort", aborted, { once: true });
      this.#sendRequest(session, outlet, method, params, id);
    });
  }

  /** Records a server-to-client request (or notification, without `id`) on the trace, then sends it. */
  #sendRequest(
    session: McpSession,
    outlet: Outlet,
    method: string,
    params: Value | undefined,
    id?: Id,
  ): void {
    this.machine.record({
      protocol: "mcp",
      direction: "request",
      operation: method,
      content: params ?? {},
      session: session.id,
    });
    outlet(requestMessage(method, params, id));
  }

  /** Format §7.1.6: a phase's `send` actions go to every connected session. */
  #enter(): void {
    const m = this.machine;
    runEntryActions(m, {
      send: (method, params) => {
        if (this.sessions.size === 0) {
          m.context.diagnostics.report({
            severity: "warning",
            code: "run/agent",
            message: `on_enter send ${method}: no client is connected to ${m.name}`,
            actor: m.name,
            phase: m.phaseName,
          });
          return;
        }
        for (const [session, outlet] of this.sessions) {
          if (method.startsWith("notifications/"))
            this.#sendRequest(session, outlet, method, params);
          else if (session.subscriptionId !== undefined) {
            // 2026-07-28 has no server-to-client requests outside a call's input_required.
            m.context.diagnostics.report({
              severity: "warning",
              code: "run/unsupported",
              message: `on_enter send ${method}: a 2026-07-28 client takes no request from the server outside a call; not sent`,
              actor: m.name,
              phase: m.phaseName,
            });
          } else void m.busy(() => this.ask(session, method, params, outlet));
        }
      },
    });
  }
}
