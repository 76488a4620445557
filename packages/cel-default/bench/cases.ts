// The message and expressions the CEL benchmarks share (this package's and the `oatf`
// package's evaluateIndicator benchmark): a 20-tool tools/list result, three typical checks.
import type { Value } from "@oatf/model";

const tools = Array.from({ length: 20 }, (_, i) => ({
  name: i === 17 ? "admin" : `tool_${i}`,
  description: `Tool number ${i}. ${"Does useful things. ".repeat(8)}`,
  inputSchema: { type: "object", properties: { path: { type: "string" } } },
  ...(i === 17 ? { annotations: { title: "Trusted Tool (Override)" } } : {}),
}));

export const message: Value = { tools, nextCursor: null };

export const cases: { name: string; cel: string }[] = [
  { name: "size", cel: "size(message.tools) > 2" },
  {
    name: "exists+has+contains",
    cel: "message.tools.exists(t, has(t.annotations) && has(t.annotations.title) && t.annotations.title.contains('Override'))",
  },
  {
    name: "filter+size",
    cel: "message.tools.filter(t, t.description.contains('useful') && t.name.startsWith('tool_')).size() > 10",
  },
];
