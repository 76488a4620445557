// What the agent can use in a run: the MCP tools, resources and prompts its servers list, the
// A2A agents it knows (from their cards) and the AG-UI client's frontend tools.

/** A JSON Schema object as tools declare it (only `properties` and `required` are read). */
export interface ToolSchema {
  properties?: Record<
    string,
    { type?: unknown; description?: unknown; enum?: unknown } | undefined
  >;
  required?: unknown;
}

export interface Tool {
  /** `mcp`: on the MCP server `server`; `frontend`: an AG-UI tool the client executes. */
  kind: "mcp" | "frontend";
  server: string;
  name: string;
  description: string;
  schema: ToolSchema;
}

export interface Resource {
  server: string;
  uri: string;
  name: string;
  description: string;
}

export interface Prompt {
  server: string;
  name: string;
  description: string;
  arguments: { name: string; description?: string; required?: boolean }[];
}

export interface Peer {
  /** The name under `a2aAgents` in the configuration. */
  id: string;
  url: string;
  /** The card as served (any shape), or undefined when it could not be read. */
  card: unknown;
  /** The card's `name`, or the configured name. */
  name: string;
  /** Description, skill names, descriptions and examples: what the card claims. */
  claims: string;
}

export interface Catalog {
  tools: Tool[];
  resources: Resource[];
  prompts: Prompt[];
  peers: Peer[];
  /** Where each MCP server and A2A agent is reached (`NAME (url)`), for disclosure. */
  endpoints: string[];
}

/** Words too common in tool names to pick a tool by ("get", "data", "run", "text"). */
export const GENERIC_NAME_WORDS = new Set(
  "get set list fetch run do make create tool data info new update process read write file handle call execute query check find show use agent service text".split(
    " ",
  ),
);

export function sameTool(a: Tool, b: Tool): boolean {
  return a.kind === b.kind && a.server === b.server && a.name === b.name;
}

export function argumentNames(tool: Tool): string[] {
  return Object.keys(tool.schema.properties ?? {});
}

export function requiredArguments(tool: Tool): string[] {
  const required = tool.schema.required;
  return Array.isArray(required) ? required.filter((r): r is string => typeof r === "string") : [];
}

/** The JSON Schema type of an argument (`string` when absent or unknown). */
export function argumentType(tool: Tool, name: string): string {
  const type = tool.schema.properties?.[name]?.type;
  if (typeof type === "string") return type;
  if (Array.isArray(type)) return String(type.find((t) => t !== "null") ?? "string");
  return "string";
}

export function argumentDescription(tool: Tool, name: string): string {
  const description = tool.schema.properties?.[name]?.description;
  return typeof description === "string" ? description : "";
}

/** A peer's card text as the agent reads it (name, description, skills). */
export function cardClaims(card: unknown): string {
  if (typeof card !== "object" || card === null) return "";
  const c = card as Record<string, unknown>;
  const parts = [c.name, c.description];
  if (Array.isArray(c.skills))
    for (const skill of c.skills) {
      if (typeof skill !== "object" || skill === null) continue;
      const s = skill as Record<string, unknown>;
      parts.push(s.id, s.name, s.description);
      if (Array.isArray(s.examples)) parts.push(...s.examples);
      if (Array.isArray(s.tags)) parts.push(...s.tags);
    }
  return parts.filter((p): p is string => typeof p === "string").join("\n");
}
