// The `a2a_client` actor (format §7.2.5), for documents that attack an A2A agent under test
// (the `servers` option names its base URL): each phase's `actions` in order, `agent_card/get`
// as an HTTP GET of the card, any other method as one JSON-RPC request (its name sent as
// written, v0.3 or v1.0), `message/stream` read as SSE. Events (format §7.2.2) are the
// responses under their method, and `task/status` / `task/artifact` for stream updates. A
// v1.0 exchange is recorded, and given to triggers, as @oatf/trace reads it (v1.ts).
import type { Value } from "@oatf/model";
import { a2aOperationOfV1 } from "@oatf/registries";
import { runEntryActions } from "../entry-actions.js";
import { classify, requestMessage } from "../jsonrpc.js";
import { readPeerBody } from "../peer-body.js";
import type { PhaseMachine } from "../phase-machine.js";
import { readSse } from "../sse-client.js";
import { entries, isObject } from "../state.js";
import { projection } from "./projection.js";
import { v1Request, v1Response } from "./v1.js";

export class A2aClientActor {
  readonly machine: PhaseMachine;
  readonly #target: string | undefined;
  #nextId = 0;

  constructor(machine: PhaseMachine, target: string | undefined) {
    this.machine = machine;
    this.#target = target?.replace(/\/+$/, "");
    machine.hooks = { enter: () => this.#enter() };
  }

  #enter(): void {
    const m = this.machine;
    runEntryActions(m, {
      send: (method, params) => void m.busy(() => this.#action(method, params)),
    });
    const own = m.phase?.state;
    if (own === undefined || own === null) return;
    const actions = entries(m.state, "actions");
    const phase = m.index;
    void m.busy(async () => {
      for (const action of actions) {
        // Format §5.2: once the trigger fired the next phase runs; this one sends no more.
        if (m.context.signal.aborted || m.index !== phase) return;
        if (typeof action.method !== "string") continue;
        await this.#action(
          action.method,
          action.params === undefined ? undefined : m.interpolate(action.params),
        );
      }
    });
  }

  async #action(method: string, params: Value | undefined): Promise<void> {
    const m = this.machine;
    if (this.#target === undefined) {
      this.machine.say(
        "error",
        "run/options",
        `no server under test for ${m.name} (the \`servers\` option)`,
      );
      return;
    }
    if (!/^https?:\/\//.test(this.#target)) {
      this.machine.say(
        "error",
        "run/options",
        `${m.name}: an A2A server under test is a URL, not ${JSON.stringify(this.#target)}`,
      );
      return;
    }
    if (method === "agent_card/get") return this.#card();
    const operation = a2aOperationOfV1(method) ?? method;
    const native = operation === method ? undefined : method;
    const content = params ?? {};
    m.record(
      native === undefined
        ? { protocol: "a2a", direction: "request", operation, content }
        : v1Request(operation, native, content),
    );
    const id = this.#nextId++;
    let response: Response;
    try {
      response = await m.context.fetch(this.#target, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          // A2A v1.0: a request without the header is v0.3's, so a v1.0 method is not found.
          ...(native === undefined ? {} : { "a2a-version": "1.0" }),
        },
        body: JSON.stringify(requestMessage(method, params, id)),
        signal: m.context.signal,
      });
    } catch (error) {
      if (!m.context.signal.aborted)
        this.machine.say("error", "run/server", `${method}: ${(error as Error)?.message ?? error}`);
      return;
    }
    const answer = (data: string) => this.#answer(method, operation, native, data);
    if ((response.headers.get("content-type") ?? "").includes("text/event-stream")) {
      const end = await readSse(
        response.body,
        m.context.limits.maxEventBytes,
        m.context.signal,
        (data) => {
          answer(data);
          return undefined;
        },
      );
      if (end.kind === "too-large")
        this.machine.say(
          "warning",
          "run/limit",
          `${method}: an SSE event over ${end.max} bytes (limits.maxEventBytes)`,
        );
    } else {
      const read = await readPeerBody(response, m.context.limits.maxBodyBytes);
      if (read.ok) answer(read.text);
      else m.say("warning", read.limit ? "run/limit" : "run/wire", `${method}: ${read.problem}`);
    }
  }

  /** One JSON-RPC answer of the server (a JSON body, or an SSE event's data), recorded. */
  #answer(method: string, operation: string, native: string | undefined, data: string) {
    const m = this.machine;
    const value = m.json(data, `${method}: the server sent something that is not JSON`);
    if (value === undefined) return;
    const message = classify(value);
    if (message.kind !== "response") {
      this.machine.say(
        "warning",
        "run/wire",
        `${method}: the server sent a message that is not a response`,
      );
      return;
    }
    const body = (message.error ?? message.result) as Value;
    if (native !== undefined) {
      // A v1.0 answer, read as the trace's reader reads it (v1.ts), and its projection.
      for (const read of v1Response(operation, native, body, message.error === undefined)) {
        m.record(read);
        m.event(read.operation, read.content);
      }
      return;
    }
    m.record({ protocol: "a2a", direction: "response", operation, content: body });
    m.event(operation, body);
    const projected = message.error === undefined ? projection(body) : undefined;
    if (projected) {
      m.record({ protocol: "a2a", direction: "response", ...projected });
      m.event(projected.operation, projected.content);
    }
  }

  async #card(): Promise<void> {
    const m = this.machine;
    const url = `${this.#target}/.well-known/agent-card.json`;
    try {
      const response = await m.context.fetch(url, { signal: m.context.signal });
      const read = await readPeerBody(response, m.context.limits.maxBodyBytes);
      if (!read.ok) {
        const code = read.limit ? "run/limit" : "run/wire";
        return m.say("warning", code, `the agent card at ${url}: ${read.problem}`);
      }
      const card = m.json(
        read.text,
        `the agent card at ${url} is not JSON (HTTP ${response.status})`,
      );
      if (card === undefined) return;
      // Only a card is the trace's `agent_card/get` message (format §7.2.3: "the full card
      // object"); the event still says the answer came, for the run's triggers.
      if (response.ok && isObject(card))
        m.record({
          protocol: "a2a",
          direction: "response",
          operation: "agent_card/get",
          content: card,
        });
      else
        m.say(
          "warning",
          "run/wire",
          `the agent card at ${url} is no card (HTTP ${response.status})`,
        );
      m.event("agent_card/get", card);
    } catch (error) {
      if (!m.context.signal.aborted)
        this.machine.say(
          "error",
          "run/server",
          `agent_card/get: ${(error as Error)?.message ?? error}`,
        );
    }
  }
}
