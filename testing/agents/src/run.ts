// One AG-UI run: the user's request planned into actions, the actions carried out one at a time
// through the MCP servers, A2A agents and the client's frontend tools, and (for the obedient
// policy) every text read on the way turned into more actions, argument rules and things to put
// in the answer. Bounded: at most MAX_STEPS actions, each instruction followed once.
import {
  type Action,
  type ArgRule,
  type ArgValue,
  type Chain,
  type DataRef,
  type Include,
  isDataRef,
  type Observation,
  type Step,
} from "./actions.js";
import { fillArguments } from "./arguments.js";
import {
  argumentNames,
  argumentType,
  type Catalog,
  type Peer,
  type Prompt,
  sameTool,
  type Tool,
} from "./catalog.js";
import { type DisclosureContext, renderDisclosures } from "./disclosure.js";
import { readInstructions } from "./instructions.js";
import { type Policy, redact } from "./policy.js";
import { planRequest } from "./request.js";
import { secrets } from "./text.js";

/** Actions one run may take: enough for any chain of instructions, small enough to end. */
export const MAX_STEPS = 16;

export interface Outcome {
  output: string;
  failed: boolean;
}

/** What a run acts on: the agent's MCP servers and A2A agents. */
export interface World {
  catalog(): Catalog;
  callTool(tool: Tool, args: Record<string, unknown>): Promise<Outcome>;
  readResource(server: string, uri: string): Promise<Outcome>;
  getPrompt(prompt: Prompt, args: Record<string, string>): Promise<Outcome>;
  delegate(peer: Peer, text: string): Promise<Outcome>;
  /** Texts that appeared since the last call (tool descriptions after a list change). */
  takeChanges(): Promise<Observation[]>;
}

export interface FrontendCall {
  tool: Tool;
  args: Record<string, unknown>;
}

/** Who answered an action: the peer, or the MCP server. */
function origin(action: Action): Pick<Observation, "peer" | "server"> {
  switch (action.type) {
    case "delegate":
      return { peer: action.peer };
    case "tool":
      return action.tool.kind === "mcp" ? { server: action.tool.server } : {};
    case "resource":
      return { server: action.server };
    case "prompt":
      return { server: action.prompt.server };
  }
}

export class Run {
  readonly steps: Step[] = [];
  readonly frontendCalls: FrontendCall[] = [];
  readonly includes: Include[] = [];
  private readonly queue: Action[] = [];
  private readonly rules: ArgRule[] = [];
  private readonly followed = new Set<string>();
  private readonly read = new Set<string>();
  private readonly seenSecrets = new Set<string>();
  private readonly request: Chain;
  private chains = 0;

  constructor(
    readonly policy: Policy,
    private readonly world: World,
    readonly requestText: string,
    /** Frontend tools the client already ran for this request (not called again). */
    private readonly done: ReadonlySet<string> = new Set(),
  ) {
    this.request = {
      id: "request",
      source: { label: "user request", text: requestText },
      outputs: [],
    };
  }

  /** Plans the request, reads `observations` (obedient), and carries everything out. */
  async execute(observations: Observation[]): Promise<void> {
    for (const observation of observations) this.queue.push(...this.observe(observation));
    const catalog = this.world.catalog();
    const trustPeer = (peer: Peer) => this.policy.trustsPeer(peer, catalog.peers);
    this.queue.push(...planRequest(this.requestText, catalog, this.request, { trustPeer }));
    await this.drain();
    // An argument rule for a tool nobody called ("… in your web_search call"): call it.
    for (const rule of this.rules) {
      const tool = catalog.tools.find((t) => t.name === rule.tool);
      if (
        !tool ||
        this.steps.some((s) => s.action.type === "tool" && sameTool(s.action.tool, tool))
      )
        continue;
      const args = fillArguments(tool, this.requestText);
      this.queue.push({ chain: rule.chain, key: `rule#${tool.name}`, type: "tool", tool, args });
    }
    await this.drain();
  }

  /**
   * Reads a text the agent received; for the obedient policy, the actions it asks for (each
   * instruction once), and its argument rules and includes kept for the rest of the run.
   */
  private observe(observation: Observation): Action[] {
    for (const secret of secrets(observation.text)) this.seenSecrets.add(secret);
    if (!this.policy.followsInstructions) return [];
    const seen = `${observation.label}\u0000${observation.text}`;
    if (this.read.has(seen)) return [];
    this.read.add(seen);
    const chain: Chain = { id: `c${++this.chains}`, source: observation, outputs: [] };
    const reading = readInstructions(observation, this.world.catalog(), chain);
    const fresh = reading.actions.filter((a) => !this.followed.has(a.key));
    for (const action of fresh) this.followed.add(action.key);
    this.rules.push(...reading.rules);
    this.includes.push(...reading.includes);
    return fresh;
  }

  /**
   * A server's sampling or elicitation request during a call: read like anything else, and
   * answered with what its text asks the agent to include (the obedient policy).
   */
  answerServerRequest(observation: Observation): string | undefined {
    const before = this.includes.length;
    this.queue.unshift(...this.observe(observation));
    const asked = this.includes.slice(before).filter((i) => i.target === "answer");
    if (asked.length === 0) return undefined;
    return asked.map((i) => this.render(i)).join("\n");
  }

  /** What an include asks for, written out: the disclosures, then its literal texts. */
  render(include: Include): string {
    const body = renderDisclosures(include.items, this.disclosureContext(include.chain));
    return [body, ...include.texts].filter((t) => t !== "").join("\n");
  }

  disclosureContext(chain: Chain): DisclosureContext {
    return {
      catalog: this.world.catalog(),
      secrets: [...this.seenSecrets],
      data: chain.outputs.at(-1),
    };
  }

  private async drain(): Promise<void> {
    while (
      this.queue.length > 0 &&
      this.steps.length < MAX_STEPS &&
      this.frontendCalls.length === 0
    ) {
      const action = this.queue.shift()!;
      const step = await this.perform(action);
      if (step === undefined) continue;
      this.steps.push(step);
      action.chain.outputs.push(step.output);
      // What a step returned is acted on before the rest of the plan ("to resolve this error…").
      const next = this.observe({ label: step.label, text: step.output, ...origin(action) });
      for (const change of await this.world.takeChanges()) next.push(...this.observe(change));
      this.queue.unshift(...next);
    }
  }

  private async perform(action: Action): Promise<Step | undefined> {
    const done = (label: string, outcome: Outcome): Step => ({ action, label, ...outcome });
    switch (action.type) {
      case "tool": {
        const args = this.argumentsFor(action);
        if (action.tool.kind === "frontend") {
          // The client runs it and comes back with the result in a later run.
          if (!this.done.has(action.tool.name))
            this.frontendCalls.push({ tool: action.tool, args });
          return undefined;
        }
        const label = `${action.tool.name} (${action.tool.server})`;
        return done(label, await this.world.callTool(action.tool, args));
      }
      case "resource":
        return done(
          `resource ${action.uri}`,
          await this.world.readResource(action.server, action.uri),
        );
      case "prompt":
        return done(
          `prompt ${action.prompt.name}`,
          await this.world.getPrompt(action.prompt, action.args),
        );
      case "delegate":
        return done(
          `agent ${action.peer.name}`,
          await this.world.delegate(action.peer, this.messageFor(action)),
        );
    }
  }

  private resolve(value: DataRef, chain: Chain): string {
    switch (value.ref) {
      case "last":
        return chain.outputs.at(-1) ?? chain.source.text;
      case "all":
        return chain.outputs.length > 0 ? chain.outputs.join("\n") : chain.source.text;
      case "disclosure":
        return renderDisclosures(value.items, this.disclosureContext(chain));
    }
  }

  /** The call's arguments: its own, the previous call's for a repeat, then the standing rules. */
  private argumentsFor(action: Extract<Action, { type: "tool" }>): Record<string, unknown> {
    const values: [string, ArgValue, Chain][] = [];
    const previous = action.repeat
      ? [...this.steps]
          .reverse()
          .find((s) => s.action.type === "tool" && sameTool(s.action.tool, action.tool))
      : undefined;
    if (previous?.action.type === "tool")
      for (const [k, v] of Object.entries(previous.action.args))
        values.push([k, v, previous.action.chain]);
    else for (const [k, v] of Object.entries(action.args)) values.push([k, v, action.chain]);
    if (this.policy.followsInstructions)
      for (const rule of this.rules)
        if (
          (rule.tool ?? action.tool.name) === action.tool.name &&
          argumentNames(action.tool).includes(rule.arg)
        )
          values.push([rule.arg, rule.value, rule.chain]);
    const args: Record<string, unknown> = {};
    for (const [name, value, chain] of values) {
      const resolved = isDataRef(value) ? this.resolve(value, chain) : value;
      const type = argumentType(action.tool, name);
      args[name] =
        typeof resolved === "string" &&
        (type === "number" || type === "integer") &&
        resolved.trim() !== "" &&
        !Number.isNaN(Number(resolved))
          ? Number(resolved)
          : typeof resolved === "string" && this.policy.redactsSecrets
            ? redact(resolved)
            : resolved;
    }
    return args;
  }

  /** The careful agent sends the request; the obedient one everything it has, as asked. */
  private messageFor(action: Extract<Action, { type: "delegate" }>): string {
    if (!this.policy.forwardsContext) return redact(this.requestText);
    const parts = [this.requestText];
    const context = this.steps.map((s) => `${s.label}: ${s.output.trim()}`);
    const outputs = new Set(this.steps.map((s) => s.output));
    if (action.chain !== this.request && !outputs.has(action.chain.source.text))
      context.unshift(`${action.chain.source.label}: ${action.chain.source.text.trim()}`);
    if (context.length > 0) parts.push(`Context:\n${context.join("\n")}`);
    for (const include of this.includes.filter((i) => i.target === "messages"))
      parts.push(this.render(include));
    return parts.join("\n\n");
  }
}
