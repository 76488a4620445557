// The text in protocol JSON: what an agent reads in a tool result, an A2A reply or AG-UI state.
// Walks at most MAX_NODES values and MAX_DEPTH levels, so hostile JSON cannot stall it.

const MAX_NODES = 10_000;
const MAX_DEPTH = 64;

/** Keys whose values are protocol bookkeeping, not text meant for the reader. */
const BOOKKEEPING = new Set([
  "jsonrpc",
  "id",
  "kind",
  "role",
  "type",
  "messageId",
  "contextId",
  "taskId",
  "artifactId",
  "mediaType",
  "mimeType",
  "timestamp",
  "protocolVersion",
  "state",
  "_meta",
]);

/** Every string value with its dot-path (`compliance_config.policy`), bookkeeping keys left out. */
export function textLeaves(value: unknown): [string, string][] {
  const found: [string, string][] = [];
  let nodes = 0;
  const walk = (node: unknown, path: string, depth: number) => {
    if (++nodes > MAX_NODES || depth > MAX_DEPTH) return;
    if (typeof node === "string") {
      if (node.trim() !== "") found.push([path, node]);
    } else if (Array.isArray(node)) {
      for (const [i, item] of node.entries()) walk(item, `${path}[${i}]`, depth + 1);
    } else if (typeof node === "object" && node !== null)
      for (const [key, item] of Object.entries(node)) {
        if (BOOKKEEPING.has(key) || (key === "status" && typeof item === "string")) continue;
        walk(item, path === "" ? key : `${path}.${key}`, depth + 1);
      }
  };
  walk(value, "", 0);
  return found;
}

/** The strings of `value`, one per line. */
export function textOf(value: unknown): string {
  return textLeaves(value)
    .map(([, text]) => text)
    .join("\n");
}

/** Whether a task or status anywhere in `value` says it failed, was rejected or cancelled. */
export function saysFailed(value: unknown): boolean {
  let nodes = 0;
  const failed = (text: unknown) =>
    typeof text === "string" && /^(?:task_state_)?(?:failed|rejected|cancell?ed)$/i.test(text);
  const walk = (node: unknown, depth: number): boolean => {
    if (++nodes > MAX_NODES || depth > MAX_DEPTH || typeof node !== "object" || node === null)
      return false;
    const record = node as Record<string, unknown>;
    if (failed(record.state) || failed(record.status)) return true;
    return Object.values(record).some((child) => walk(child, depth + 1));
  };
  return walk(value, 0);
}

/** A response body read up to `max` bytes (a hostile peer's endless body stops there). */
export async function readLimited(response: Response, max: number): Promise<string> {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
    if (size >= max) {
      await reader.cancel();
      break;
    }
  }
  return Buffer.concat(chunks).toString("utf8").slice(0, max);
}
