// A realistic multi-session trace for the Redis suite: `sessions` sessions interleaved at
// random (seeded), each replaying one of the example traces (MCP rug pull, A2A skill
// poisoning, AG-UI injection with streamed tool calls, the cross-protocol chain) between
// benign MCP calls, over and over; some sessions stay benign. OATF JSON Lines with `session`.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const EXAMPLES = [
  "mcp-rug-pull.trace.jsonl",
  "a2a-skill-poisoning.trace.jsonl",
  "ag-ui-injection.trace.jsonl",
  "cross-protocol-chain.trace.jsonl",
];

/** Mulberry32: a small seeded PRNG (the trace is the same in every run). */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function writeTrace(
  repo: string,
  path: string,
  { messages, sessions, seed }: { messages: number; sessions: number; seed: number },
): void {
  const templates = EXAMPLES.map((file) =>
    readFileSync(join(repo, "examples", file), "utf8")
      .split("\n")
      .filter((line) => line.trim() !== "")
      .map((line) => JSON.parse(line) as Record<string, unknown>),
  );
  const random = prng(seed);
  const state = Array.from({ length: sessions }, (_, s) => ({
    template: s % 5 === 4 ? undefined : templates[s % templates.length]!,
    cursor: 0,
    benign: 0,
  }));
  const lines: string[] = [];
  const start = Date.parse("2026-03-01T00:00:00Z");
  for (let n = 0; n < messages; n++) {
    const s = Math.floor(random() * sessions);
    const st = state[s]!;
    const timestamp = new Date(start + n * 10).toISOString();
    let message: Record<string, unknown>;
    if (st.template === undefined || st.benign > 0) {
      st.benign = Math.max(0, st.benign - 1);
      message = {
        protocol: "mcp",
        direction: "request",
        operation: "tools/call",
        content: { name: "calculator", arguments: { operation: "add", a: n, b: s } },
      };
    } else {
      message = { ...st.template[st.cursor]! };
      st.cursor = (st.cursor + 1) % st.template.length;
      if (st.cursor === 0) st.benign = 20 + Math.floor(random() * 200);
    }
    lines.push(JSON.stringify({ ...message, timestamp, session: `session-${s}` }));
  }
  writeFileSync(path, `${lines.join("\n")}\n`);
}
