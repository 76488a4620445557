// The trace reader the page uses until the SDK's readers land.
import { describe, expect, it } from "vitest";
import { readTrace } from "../src/trace-input.js";

const message = {
  protocol: "mcp",
  direction: "request",
  operation: "tools/call",
  content: { name: "calc" },
};

describe("readTrace", () => {
  it("reads JSON Lines, skipping blank lines", () => {
    const read = readTrace(`${JSON.stringify(message)}\n\n${JSON.stringify(message)}\n`);
    expect(read).toEqual({ ok: true, format: "OATF JSON Lines", messages: [message, message] });
  });

  it("reads one message written over several lines", () => {
    const read = readTrace(JSON.stringify(message, null, 2));
    expect(read).toEqual({ ok: true, format: "OATF message", messages: [message] });
  });

  it("reports the first line that is not a message", () => {
    const text = `${JSON.stringify(message)}\n{"protocol":"mcp"}\nnot json`;
    expect(readTrace(text)).toEqual({
      ok: false,
      line: 2,
      reason: "missing string field 'operation'",
    });
    expect(readTrace("not json")).toMatchObject({ ok: false, line: 1 });
  });
});
