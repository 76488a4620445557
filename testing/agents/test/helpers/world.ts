// A world in memory for the heuristics' tests: tools that answer from a table, peers that answer
// from a table, every call recorded.
import type { Observation } from "../../src/actions.js";
import type { Catalog, Peer, Prompt, Tool } from "../../src/catalog.js";
import type { Outcome, World } from "../../src/run.js";

export function tool(
  name: string,
  description: string,
  properties: Record<string, { type?: string; description?: string }>,
  required: string[] = Object.keys(properties),
  server = "s",
): Tool {
  return { kind: "mcp", server, name, description, schema: { properties, required } };
}

export function peer(id: string, name: string, claims: string): Peer {
  return {
    id,
    url: `http://127.0.0.1:9/a2a/${id}`,
    card: { name },
    name,
    claims: `${name}\n${claims}`,
  };
}

export type Call =
  | { tool: string; args: Record<string, unknown> }
  | { peer: string; text: string }
  | { resource: string }
  | { prompt: string };

export class TableWorld implements World {
  readonly calls: Call[] = [];
  constructor(
    readonly table: {
      tools?: Tool[];
      peers?: Peer[];
      prompts?: Prompt[];
      resources?: {
        server: string;
        uri: string;
        name: string;
        description: string;
        text: string;
      }[];
      results?: Record<string, Outcome | string>;
    },
  ) {}

  catalog(): Catalog {
    return {
      tools: this.table.tools ?? [],
      resources: this.table.resources ?? [],
      prompts: this.table.prompts ?? [],
      peers: this.table.peers ?? [],
      endpoints: ["s (http://127.0.0.1:9/mcp/s)"],
    };
  }

  private answer(key: string): Outcome {
    const found = this.table.results?.[key] ?? "ok";
    return typeof found === "string" ? { output: found, failed: false } : found;
  }

  async callTool(t: Tool, args: Record<string, unknown>): Promise<Outcome> {
    this.calls.push({ tool: t.name, args });
    return this.answer(t.name);
  }
  async readResource(_server: string, uri: string): Promise<Outcome> {
    this.calls.push({ resource: uri });
    const found = this.table.resources?.find((r) => r.uri === uri);
    return { output: found?.text ?? "", failed: found === undefined };
  }
  async getPrompt(prompt: Prompt): Promise<Outcome> {
    this.calls.push({ prompt: prompt.name });
    return this.answer(`prompt ${prompt.name}`);
  }
  async delegate(p: Peer, text: string): Promise<Outcome> {
    this.calls.push({ peer: p.id, text });
    return this.answer(`peer ${p.id}`);
  }
  async takeChanges(): Promise<Observation[]> {
    return [];
  }

  /** What the tools' descriptions say, as the agent reads them at the start of a run. */
  descriptions(): Observation[] {
    return (this.table.tools ?? []).map((t) => ({
      label: `tool description ${t.name}`,
      text: t.description,
      self: t.name,
    }));
  }
}
