// The `ag_ui_client` actor (format §7.3.4): each phase that declares a state posts its
// `run_agent_input` to the agent's AG-UI endpoint, verbatim apart from templates and what
// AG-UI itself requires (threadId, runId, messages and message ids when missing), and reads
// the agent's SSE events. Each event is recorded as the agent's response (its `type` in the
// binding's snake_case as operation) and is an event for the actor's trigger, tool-call
// events enriched with `toolCallName` first (format §7.3.2). Client-side tool calls the
// agent leaves open (tools the input declares) are answered from `tool_responses` in a
// follow-up run, as AG-UI's HTTP transport does it.

import type { Value } from "@oatf/model";
import { agUiOperation } from "@oatf/trace";
import { runEntryActions } from "../entry-actions.js";
import { readPeerBody } from "../peer-body.js";
import type { PhaseMachine } from "../phase-machine.js";
import { readSse } from "../sse-client.js";
import { dispatch, entries, field, isObject, type Obj, without } from "../state.js";

interface ToolCall {
  id: string;
  name: string;
  args: string;
  start: Obj;
  answered: boolean;
}

export class AgUiClientActor {
  readonly machine: PhaseMachine;
  /** The agent's AG-UI endpoint (set by the run once the agent command printed it). */
  url: string | undefined;
  #runs = 0;

  constructor(machine: PhaseMachine, agentUrl: string | undefined) {
    this.machine = machine;
    this.url = agentUrl;
    machine.hooks = { enter: () => this.#enter() };
  }

  #enter(): void {
    const m = this.machine;
    runEntryActions(m, {
      send: (method, params) => {
        if (method === "run_agent_input" && isObject(params))
          void m.busy(() => this.#run(params, m.state));
        else
          this.machine.say(
            "warning",
            "run/unsupported",
            `on_enter send ${method}: an AG-UI client sends only run_agent_input`,
          );
      },
    });
    // A phase that inherits its state does not post it again: its dispatch lists stay in force.
    const own = m.phase?.state;
    if (own === undefined || own === null) return;
    const input = field(m.state, "run_agent_input");
    if (!isObject(input)) {
      this.machine.say(
        "warning",
        "run/unsupported",
        "the phase's state has no run_agent_input object: nothing is sent",
      );
      return;
    }
    void m.busy(() => this.#start(input, m.state));
  }

  async #start(template: Obj, state: Value | undefined): Promise<void> {
    const m = this.machine;
    // Templates are resolved first: generated text is never interpolated (SDK §5.5a).
    let input = m.interpolate(without(template, ["synthesize"])) as Obj;
    if (template.synthesize !== undefined && m.context.synthesizer.available) {
      const messages = await m.context.synthesizer.generate(m, {
        block: template.synthesize as Obj,
        shape: "ag_ui_messages",
        context: { tools: input.tools ?? [], state: input.state ?? null },
      });
      if (messages !== undefined) input = { ...input, messages };
    }
    if (template.synthesize !== undefined && input.messages === undefined) {
      this.machine.say(
        "warning",
        "run/synthesize",
        "run_agent_input has only `synthesize` messages and none could be generated: nothing is sent",
      );
      return;
    }
    await this.#run(input, state);
  }

  /** AG-UI's required fields, added only where the document left them out. */
  #complete(input: Obj): Obj {
    const run = ++this.#runs;
    const body: Obj = { ...input };
    if (typeof body.threadId !== "string")
      body.threadId = `oatf-thread-${this.machine.context.run}`;
    if (typeof body.runId !== "string") body.runId = `oatf-run-${this.machine.context.run}-${run}`;
    const messages = Array.isArray(body.messages) ? body.messages : [];
    body.messages = messages.map((message, i) =>
      isObject(message) && typeof message.id !== "string"
        ? { id: `oatf-${String(body.runId)}-${i + 1}`, ...message }
        : message,
    );
    return body;
  }

  /** One run: the POST, its events, and the follow-up runs that answer open client tool calls. */
  async #run(input: Obj, state: Value | undefined): Promise<void> {
    const m = this.machine;
    const { limits } = m.context;
    let body = this.#complete(input);
    for (let round = 0; ; round++) {
      const open = await this.#post(body);
      if (open === undefined || open.length === 0) return;
      if (round >= limits.maxToolRounds) {
        this.machine.say(
          "warning",
          "run/limit",
          `${open.length} tool call(s) left unanswered: ${limits.maxToolRounds} follow-up runs were made (limits.maxToolRounds)`,
        );
        return;
      }
      body = await this.#answerTools(body, open, state);
    }
  }

  /** Posts one RunAgentInput and reads its events; the client tool calls left open. */
  async #post(body: Obj): Promise<ToolCall[] | undefined> {
    const m = this.machine;
    const { signal, limits } = m.context;
    if (this.url === undefined) {
      this.machine.say(
        "error",
        "run/options",
        "no agent AG-UI URL was given (the `agent` option): the run input was not sent",
      );
      return undefined;
    }
    m.record({
      protocol: "ag_ui",
      direction: "request",
      operation: "run_agent_input",
      content: body,
    });
    m.event("run_agent_input", body);
    let response: Response;
    try {
      response = await m.context.fetch(this.url, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "text/event-stream" },
        body: JSON.stringify(body),
        signal,
      });
    } catch (error) {
      if (!signal.aborted)
        this.machine.say(
          "error",
          "run/agent",
          `POST ${this.url}: ${(error as Error)?.message ?? error}`,
        );
      return undefined;
    }
    const type = response.headers.get("content-type") ?? "";
    if (!response.ok || !type.includes("text/event-stream")) {
      const read = await readPeerBody(response, limits.maxBodyBytes);
      const text = read.ok ? read.text : `(${read.problem})`;
      this.machine.say(
        "error",
        "run/agent",
        `the agent answered HTTP ${response.status} (${type || "no content type"}), not an SSE stream: ${text.slice(0, 200)}`,
      );
      return undefined;
    }
    const calls = new Map<string, ToolCall>();
    let events = 0;
    const ended = await readSse(response.body, limits.maxEventBytes, signal, (data) => {
      events++;
      this.#event(data, calls);
      return undefined;
    });
    if (ended.kind === "too-large")
      this.machine.say(
        "error",
        "run/limit",
        `the agent's stream sent an event over ${ended.max} bytes (limits.maxEventBytes): the stream was closed after ${events} events`,
      );
    else if (ended.kind === "error")
      this.machine.say(
        "error",
        "run/agent",
        `the agent's stream broke after ${events} events: ${ended.message}`,
      );
    const declared = new Set(
      entries(body, "tools")
        .map((t) => t.name)
        .filter((n): n is string => typeof n === "string"),
    );
    return [...calls.values()].filter((c) => !c.answered && declared.has(c.name));
  }

  /** One SSE event of the agent: recorded, enriched, and given to the trigger. */
  #event(data: string, calls: Map<string, ToolCall>): void {
    const m = this.machine;
    const event = m.json(data, `an event that is not JSON: ${JSON.stringify(data.slice(0, 120))}`);
    if (event === undefined) return;
    const operation =
      isObject(event) && typeof event.type === "string" ? agUiOperation(event.type) : undefined;
    if (!isObject(event) || operation === undefined) {
      this.machine.say(
        "warning",
        "run/wire",
        `an event without an AG-UI \`type\`: ${data.slice(0, 120)}`,
      );
      return;
    }
    m.record({ protocol: "ag_ui", direction: "response", operation, content: event });
    // Format §7.3.2: tool-call events are matched with their call's name.
    let content: Obj = event;
    const id = typeof event.toolCallId === "string" ? event.toolCallId : undefined;
    if (id !== undefined) {
      if (
        operation === "tool_call_start" &&
        typeof event.toolCallName === "string" &&
        !calls.has(id)
      ) {
        if (calls.size < m.context.limits.maxQueued)
          calls.set(id, { id, name: event.toolCallName, args: "", start: event, answered: false });
      }
      const call = calls.get(id);
      if (call !== undefined) {
        if (
          operation === "tool_call_args" &&
          typeof event.delta === "string" &&
          call.args.length < m.context.limits.maxEventBytes
        )
          call.args += event.delta;
        if (operation === "tool_call_result") call.answered = true;
        if (event.toolCallName === undefined) content = { ...event, toolCallName: call.name };
      }
    }
    m.event(operation, content);
  }

  /** Format §7.3.4 `tool_responses`: the results of open client tool calls, and the next run. */
  async #answerTools(body: Obj, open: ToolCall[], state: Value | undefined): Promise<Obj> {
    const m = this.machine;
    const runId = `${String(body.runId)}-tools-${this.#runs}`;
    const toolCalls = open.map((c) => ({
      id: c.id,
      type: "function",
      function: { name: c.name, arguments: c.args },
    }));
    const messages: Value[] = [
      ...(Array.isArray(body.messages) ? body.messages : []),
      { id: `oatf-${runId}-assistant`, role: "assistant", toolCalls },
    ];
    for (const call of open) {
      const request: Obj = { ...call.start, toolCallName: call.name };
      const result = await this.#toolResult(call, request, state);
      m.record({
        protocol: "ag_ui",
        direction: "request",
        operation: "tool_call_result",
        content: result,
      });
      m.event("tool_call_result", result);
      messages.push({
        id: result.messageId as string,
        role: "tool",
        toolCallId: call.id,
        content: result.content ?? "",
      });
    }
    return this.#complete({ ...body, runId, messages });
  }

  async #toolResult(call: ToolCall, request: Obj, state: Value | undefined): Promise<Obj> {
    const m = this.machine;
    const base: Obj = {
      type: "TOOL_CALL_RESULT",
      messageId: `oatf-result-${call.id}`,
      toolCallId: call.id,
    };
    const entry = dispatch(
      field(state, "tool_responses"),
      request,
      m.context.synthesizer.available,
    );
    if (entry === undefined) return { ...base, content: "" };
    let content = await m.context.synthesizer.fromEntry(m, entry, {
      shape: "ag_ui_tool_result",
      context: { tool_call: { toolCallId: call.id, toolCallName: call.name, args: call.args } },
      request,
    });
    content ??= entry.content === undefined ? "" : m.interpolate(entry.content, request);
    return isObject(content) ? { ...base, ...content } : { ...base, content };
  }
}
