// AG-UI tool calls are named per session (issue 24 §4): two connections' agents that number
// their calls alike never mix (the JSON-RPC side of sessions is @oatf/trace's
// test/jsonrpc-sessions.test.ts).
import { describe, expect, it } from "vitest";
import { agUiEnricher } from "../src/engine/trace-enrich.js";

describe("AG-UI tool calls and text are named and assembled per session", () => {
  // Two connections' agents both number their first tool call "c1" (a common default).
  const ev = (session: string, operation: string, content: Record<string, unknown>) => ({
    protocol: "ag_ui",
    operation,
    content,
    session,
  });

  it("gives each session's tool_call_end its own call's name and args", () => {
    const enrich = agUiEnricher();
    const out = [
      ev("t1", "tool_call_start", { toolCallId: "c1", toolCallName: "send_email" }),
      ev("t2", "tool_call_start", { toolCallId: "c1", toolCallName: "read_file" }),
      ev("t1", "tool_call_args", { toolCallId: "c1", delta: '{"to":"x"}' }),
      ev("t2", "tool_call_args", { toolCallId: "c1", delta: '{"path":"y"}' }),
      ev("t2", "tool_call_end", { toolCallId: "c1" }),
      ev("t1", "tool_call_end", { toolCallId: "c1" }),
    ].map((e) => enrich(e as Parameters<typeof enrich>[0]));
    expect(out[4]!.content).toEqual({
      toolCallId: "c1",
      toolCallName: "read_file",
      args: '{"path":"y"}',
    });
    expect(out[5]!.content).toEqual({
      toolCallId: "c1",
      toolCallName: "send_email",
      args: '{"to":"x"}',
    });
  });
});
