// AG-UI trace reading (format §7.3): SSE captures and JSON Lines of events, RunAgentInput
// bodies, event type translation and the diagnostics of malformed events.

import { lineRange } from "@oatf/model/internal";
import { describe, expect, it } from "vitest";
import { agUiOperation, formatOfLine, readTraceText, type TraceRecord } from "../src/index.js";

const read = (lines: string[]) => readTraceText(lines.join("\n"), { format: "ag_ui" });
const messages = (records: TraceRecord[]) =>
  records.flatMap((r) => (r.kind === "message" ? [r.message] : []));
const diagnostics = (records: TraceRecord[]) =>
  records.flatMap((r) => (r.kind === "diagnostic" ? [r.diagnostic] : []));
const MAX_EVENT = 16 * 1024 * 1024;

describe("AG-UI detection", () => {
  it("wants an EventType name in type, or threadId and runId without a string type", () => {
    expect(formatOfLine('{"type":"run_started","threadId":"t","runId":"r"}')).toBeUndefined();
    // An SSE line shows a format only by what its data carries.
    expect(formatOfLine("event: x")).toBeUndefined();
    expect(formatOfLine('data: {"type":"RUN_STARTED"}')).toBe("ag_ui");
    expect(formatOfLine("x data: {}")).toBeUndefined();
  });
});

describe("AG-UI events", () => {
  it("translates event types the same past the remembered ones, and long ones too", () => {
    const types = Array.from({ length: 600 }, (_, i) => `CUSTOM_EVENT_${i}`);
    for (let round = 0; round < 2; round++) {
      expect(types.map(agUiOperation)).toEqual(types.map((t) => t.toLowerCase()));
      expect(["snake_case", "Mixed_Case", "", `A${"_B".repeat(50)}`].map(agUiOperation)).toEqual([
        "snake_case",
        undefined,
        undefined,
        `a${"_b".repeat(50)}`,
      ]);
    }
  });

  it("reads events as responses named by their type, and RunAgentInput as the request", () => {
    const records = read([
      '{"threadId":"t","runId":"r","messages":[]}',
      '{"type":"TEXT_MESSAGE_CONTENT","delta":"hi","timestamp":1000}',
      '{"type":"tool_call_start"}',
    ]);
    expect(records).toEqual([
      {
        kind: "message",
        message: {
          protocol: "ag_ui",
          direction: "request",
          operation: "run_agent_input",
          content: { threadId: "t", runId: "r", messages: [] },
          line: 1,
        },
      },
      {
        kind: "message",
        message: {
          protocol: "ag_ui",
          direction: "response",
          operation: "text_message_content",
          content: { type: "TEXT_MESSAGE_CONTENT", delta: "hi", timestamp: 1000 },
          timestamp: "1970-01-01T00:00:01.000Z",
          line: 2,
        },
      },
      {
        kind: "message",
        message: {
          protocol: "ag_ui",
          direction: "response",
          operation: "tool_call_start",
          content: { type: "tool_call_start" },
          line: 3,
        },
      },
    ]);
  });

  it("reports events that are not objects, lack a type, or have an unknown one", () => {
    const records = read([
      "3",
      '{"threadId":"t"}',
      '{"runId":"r"}',
      '{"type":"Bad-Type"}',
      '{"type":["RUN_STARTED"]}',
      "{",
      '{"type":"x-RUN_STARTED"}',
      '{"type":"run_started-x"}',
      "",
    ]);
    expect(diagnostics(records).map((d) => [d.range?.start.line, d.rule, d.message])).toEqual([
      [1, "T-SHAPE", "an AG-UI event must be a JSON object"],
      [
        2,
        "T-SHAPE",
        "an AG-UI event needs a string 'type' (or is a RunAgentInput with threadId and runId)",
      ],
      [
        3,
        "T-SHAPE",
        "an AG-UI event needs a string 'type' (or is a RunAgentInput with threadId and runId)",
      ],
      [4, "T-SHAPE", 'AG-UI event type "Bad-Type" is not an EventType name'],
      [5, "T-SHAPE", 'AG-UI event type ["RUN_STARTED"] is not an EventType name'],
      [6, "T-JSON", expect.stringMatching(/^not JSON/)],
      [7, "T-SHAPE", 'AG-UI event type "x-RUN_STARTED" is not an EventType name'],
      [8, "T-SHAPE", 'AG-UI event type "run_started-x" is not an EventType name'],
    ]);
    expect(messages(records)).toEqual([]);
  });
});

describe("AG-UI SSE captures", () => {
  it("joins an event's data lines with line feeds, with or without a space after the colon", () => {
    const records = read([
      "data:{",
      'data: "type":"RUN_STARTED"}',
      "   ",
      'data: {"type":"RUN_FINISHED","n":1',
      "data: 2}",
      "",
      "",
      'data: {"type":"RUN_ERROR"}',
    ]);
    expect(messages(records).map((m) => [m.line, m.operation])).toEqual([
      [1, "run_started"],
      [8, "run_error"],
    ]);
    // `1\n2` is not a number: the lines were not glued together.
    expect(diagnostics(records).map((d) => [d.range?.start.line, d.rule])).toEqual([[4, "T-JSON"]]);
  });

  it("reports an event over 16 MiB at its first line, and reads the next event", () => {
    const half = "x".repeat(MAX_EVENT / 2);
    const records = read([
      "data: 1",
      `data: ${half}`,
      `data: ${half}`,
      "",
      'data: {"type":"RUN_STARTED"}',
    ]);
    expect(diagnostics(records)).toEqual([
      {
        severity: "error",
        rule: "T-LINE-TOO-LONG",
        code: "T-LINE-TOO-LONG",
        spec_ref: "format §12.1",
        range: lineRange(1),
        message: `an SSE event longer than ${MAX_EVENT} characters: not read`,
      },
    ]);
    expect(messages(records).map((m) => [m.line, m.operation])).toEqual([[5, "run_started"]]);
  });

  it("reads an event of exactly 16 MiB (its data lines joined by a line feed)", () => {
    const first = `{"type":"RUN_STARTED","p":"${"x".repeat(MAX_EVENT / 2 - 30)}",`;
    const rest = `"q":"${"x".repeat(MAX_EVENT - first.length - 8)}"}`;
    expect(`${first}\n${rest}`.length).toBe(MAX_EVENT);
    const records = read([`data: ${first}`, `data: ${rest}`]);
    expect(diagnostics(records)).toEqual([]);
    expect(messages(records).map((m) => m.operation)).toEqual(["run_started"]);
  });

  it("describes a long or deep type by a short preview", () => {
    const long = `Bad-${"x".repeat(100)}`;
    const records = read([
      JSON.stringify({ type: long }),
      `{"type":${"[".repeat(5000)}${"]".repeat(5000)}}`,
    ]);
    expect(diagnostics(records).map((d) => d.message)).toEqual([
      `AG-UI event type "${long.slice(0, 59)}… is not an EventType name`,
      `AG-UI event type ${"[".repeat(60)}… is not an EventType name`,
    ]);
  });
});
