// AG-UI assembled text (format §7.3.2, in the manner of its toolCallName enrichment): end
// events carry the concatenated deltas of their message, bounded, and every loss is reported.
import type { Value } from "@oatf/model";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  agUiTextAssembler,
  MAX_ASSEMBLED_TEXT_LENGTH,
  MAX_ASSEMBLED_TOTAL_LENGTH,
  MAX_OPEN_ASSEMBLED_MESSAGES,
} from "../src/engine/ag-ui-assemble.js";
import { agUiEnricher } from "../src/engine/trace-enrich.js";

const event = (operation: string, content: Value, actor?: string) => ({
  protocol: "ag_ui",
  operation,
  content,
  ...(actor === undefined ? {} : { actor }),
});

/** An assembler fed events with their own content. */
function feeder() {
  const assemble = agUiTextAssembler();
  return (e: ReturnType<typeof event>) => assemble(e, e.content);
}

/** Feeds events to one assembler and returns what each gave back. */
function run(events: ReturnType<typeof event>[]) {
  const assemble = feeder();
  return events.map((e) => assemble(e));
}

describe("assembled text on end events", () => {
  it("gives text_message_end the content and chunk deltas of its messageId", () => {
    const out = run([
      event("text_message_start", { messageId: "m", role: "assistant" }),
      event("text_message_content", { messageId: "m", delta: "System prompt:" }),
      event("text_message_chunk", { messageId: "m", delta: " You" }),
      event("text_message_content", { messageId: "m", delta: " are" }),
      event("text_message_end", { messageId: "m" }),
    ]);
    expect(out[4]).toEqual({ content: { messageId: "m", content: "System prompt: You are" } });
  });

  it("leaves delta and start events as they are (the same object)", () => {
    const events = [
      event("text_message_start", { messageId: "m" }),
      event("text_message_content", { messageId: "m", delta: "a" }),
      event("tool_call_args", { toolCallId: "c", delta: "{" }),
    ];
    const out = run(events);
    out.forEach((o, i) => {
      expect(o.content).toBe(events[i]!.content);
      expect(o.lost).toBeUndefined();
    });
  });

  it("assembles reasoning messages (AG-UI 1.0) and thinking messages (0.0.x)", () => {
    const out = run([
      event("reasoning_message_start", { messageId: "r", role: "reasoning" }),
      event("reasoning_message_content", { messageId: "r", delta: "the user wants " }),
      event("reasoning_message_chunk", { messageId: "r", delta: "the key" }),
      event("reasoning_message_end", { messageId: "r" }),
      event("thinking_text_message_start", {}),
      event("thinking_text_message_content", { delta: "old " }),
      event("thinking_text_message_content", { delta: "style" }),
      event("thinking_text_message_end", {}),
    ]);
    expect(out[3]!.content).toEqual({ messageId: "r", content: "the user wants the key" });
    expect(out[7]!.content).toEqual({ content: "old style" });
  });

  it("gives tool_call_end the whole args, beside the toolCallName enrichment", () => {
    const enrich = agUiEnricher();
    const out = [
      event("tool_call_start", { toolCallId: "c", toolCallName: "send_email" }),
      event("tool_call_args", { toolCallId: "c", delta: '{"to":"att' }),
      event("tool_call_chunk", { toolCallId: "c", delta: 'acker@evil.test"' }),
      event("tool_call_args", { toolCallId: "c", delta: "}" }),
      event("tool_call_end", { toolCallId: "c" }),
    ].map((e) => enrich(e));
    expect(out[4]).toEqual({
      content: { toolCallId: "c", toolCallName: "send_email", args: '{"to":"attacker@evil.test"}' },
    });
  });

  it("keeps messages of different ids, families and actors apart, however interleaved", () => {
    const out = run([
      event("text_message_start", { messageId: "1" }),
      event("reasoning_message_start", { messageId: "1" }),
      event("text_message_content", { messageId: "1", delta: "a" }, "x"),
      event("reasoning_message_content", { messageId: "1", delta: "r" }),
      event("text_message_content", { messageId: "1", delta: "b" }),
      event("text_message_content", { messageId: "2", delta: "c" }),
      event("text_message_end", { messageId: "1" }, "x"),
      event("text_message_end", { messageId: "1" }),
      event("reasoning_message_end", { messageId: "1" }),
      event("text_message_end", { messageId: "2" }),
    ]);
    expect(out.slice(6).map((o) => (o.content as { content: string }).content)).toEqual([
      "a",
      "b",
      "r",
      "c",
    ]);
  });

  it("continues the last chunked message when a chunk leaves its id out", () => {
    const out = run([
      event("text_message_chunk", { messageId: "m", delta: "you " }),
      event("text_message_chunk", { delta: "are" }),
      event("text_message_chunk", { delta: "!" }, "other actor"),
      event("text_message_end", { messageId: "m" }),
    ]);
    expect(out[3]!.content).toEqual({ messageId: "m", content: "you are" });
  });

  it("an id-less chunk continues the newest chunked message, and none once it ended", () => {
    const out = run([
      event("text_message_chunk", { messageId: "a", delta: "A" }),
      event("text_message_chunk", { messageId: "b", delta: "B" }),
      event("text_message_chunk", { delta: "b" }),
      event("text_message_end", { messageId: "b" }),
      event("text_message_chunk", { delta: "lost in no message" }),
      event("text_message_end", { messageId: "a" }),
      event("text_message_end", { messageId: "b" }),
    ]);
    expect(out[3]!.content).toEqual({ messageId: "b", content: "Bb" });
    expect(out[4]).toEqual({ content: { delta: "lost in no message" } });
    expect(out[5]!.content).toEqual({ messageId: "a", content: "A" });
    expect(out[6]).toEqual({ content: { messageId: "b" } });
  });

  it("an empty message assembles to the empty string; an unknown one is left alone", () => {
    const out = run([
      event("text_message_start", { messageId: "m" }),
      event("text_message_end", { messageId: "m" }),
      event("text_message_end", { messageId: "m" }), // already ended and forgotten
      event("tool_call_end", { toolCallId: "never-started" }),
    ]);
    expect(out[1]!.content).toEqual({ messageId: "m", content: "" });
    expect(out[2]).toEqual({ content: { messageId: "m" } });
    expect(out[3]).toEqual({ content: { toolCallId: "never-started" } });
  });

  it("replaces a field of that name on the end event, on a copy", () => {
    const end = { messageId: "m", content: "nothing to see" };
    const out = run([
      event("text_message_content", { messageId: "m", delta: "secret" }),
      event("text_message_end", end),
    ]);
    expect(out[1]!.content).toEqual({ messageId: "m", content: "secret" });
    expect(end.content).toBe("nothing to see");
  });

  it("a restarted message begins again", () => {
    const out = run([
      event("text_message_content", { messageId: "m", delta: "old" }),
      event("text_message_start", { messageId: "m" }),
      event("text_message_content", { messageId: "m", delta: "new" }),
      event("text_message_end", { messageId: "m" }),
    ]);
    expect(out[3]!.content).toEqual({ messageId: "m", content: "new" });
  });

  it("no actor and id pair aliases another", () => {
    const out = run([
      event("text_message_content", { messageId: "c", delta: "1" }, "a|b"),
      event("text_message_content", { messageId: "b|c", delta: "2" }, "a"),
      event("text_message_content", { messageId: "x", delta: "3" }, "-"),
      event("text_message_content", { messageId: "x", delta: "4" }),
      event("text_message_end", { messageId: "c" }, "a|b"),
      event("text_message_end", { messageId: "x" }),
    ]);
    expect(out[4]!.content).toEqual({ messageId: "c", content: "1" });
    expect(out[5]!.content).toEqual({ messageId: "x", content: "4" });
  });

  it("reads a non-string actor as no actor", () => {
    const assemble = agUiTextAssembler();
    const odd = (operation: string, content: Value, actor: unknown) =>
      assemble({ protocol: "ag_ui", operation, actor } as never, content);
    odd("text_message_content", { messageId: "m", delta: "a" }, 10n);
    odd("text_message_content", { messageId: "m", delta: "b" }, { toJSON: "x" });
    expect(odd("text_message_end", { messageId: "m" }, undefined).content).toEqual({
      messageId: "m",
      content: "ab",
    });
  });

  it("ignores other protocols, odd content, non-string ids and deltas", () => {
    const odd = [
      { ...event("text_message_end", { messageId: "m" }), protocol: "mcp" },
      event("text_message_end", null),
      event("text_message_end", ["m"]),
      event("text_message_content", { messageId: 1, delta: "x" }),
      event("text_message_end", { messageId: 1 }),
      event("text_message_chunk", { delta: "no message yet" }),
    ];
    const out = run([
      event("text_message_content", { messageId: "m", delta: 5 as unknown as string }),
      ...odd,
    ]);
    for (const [i, o] of out.slice(1).entries()) expect(o).toEqual({ content: odd[i]!.content });
    expect(
      run([
        event("text_message_content", { messageId: "m", delta: 5 as unknown as string }),
        event("text_message_end", { messageId: "m" }),
      ])[1]!.content,
    ).toEqual({ messageId: "m", content: "" });
  });
});

describe("bounds", () => {
  it(`cuts a message at MAX_ASSEMBLED_TEXT_LENGTH (${MAX_ASSEMBLED_TEXT_LENGTH}) and says so`, () => {
    const big = "a".repeat(MAX_ASSEMBLED_TEXT_LENGTH - 1);
    const out = run([
      event("text_message_content", { messageId: "m", delta: big }),
      event("text_message_content", { messageId: "m", delta: "bc" }),
      event("text_message_content", { messageId: "m", delta: "d" }),
      event("text_message_end", { messageId: "m" }),
    ]);
    const text = (out[3]!.content as { content: string }).content;
    expect(text.length).toBe(MAX_ASSEMBLED_TEXT_LENGTH);
    expect(text.endsWith("ab")).toBe(true);
    expect(out[3]!.lost).toMatch(/assembled content was cut at 1048576 characters/);
    // A message under the cap is not reported.
    expect(
      run([
        event("text_message_content", { messageId: "m", delta: big }),
        event("text_message_end", { messageId: "m" }),
      ])[1]!.lost,
    ).toBeUndefined();
  });

  it("never keeps half of a surrogate pair at the cut", () => {
    const out = run([
      event("text_message_content", {
        messageId: "m",
        delta: `${"a".repeat(MAX_ASSEMBLED_TEXT_LENGTH - 1)}😀`,
      }),
      event("text_message_end", { messageId: "m" }),
    ]);
    const text = (out[1]!.content as { content: string }).content;
    expect(text.length).toBe(MAX_ASSEMBLED_TEXT_LENGTH - 1);
    expect(out[1]!.lost).toBeDefined();
  });

  it(`drops the oldest of more than MAX_OPEN_ASSEMBLED_MESSAGES (${MAX_OPEN_ASSEMBLED_MESSAGES}) open messages, and reports it`, () => {
    const assemble = feeder();
    for (let i = 0; i <= MAX_OPEN_ASSEMBLED_MESSAGES; i++)
      assemble(event("text_message_content", { messageId: `m${i}`, delta: `t${i}` }));
    // The newest are still whole.
    expect(assemble(event("text_message_end", { messageId: "m1" }))).toEqual({
      content: { messageId: "m1", content: "t1" },
    });
    // The oldest was dropped: its end says its text is unknown.
    const first = assemble(event("text_message_end", { messageId: "m0" }));
    expect(first.content).toEqual({ messageId: "m0" });
    expect(first.lost).toMatch(/1 streamed message\(s\) were dropped unfinished/);
    // Later deltas of a dropped message do not pass for the whole text.
    assemble(event("text_message_content", { messageId: "gone", delta: "x" }));
    const reopened = assemble(event("text_message_end", { messageId: "gone" }));
    expect(reopened.content).toEqual({ messageId: "gone", content: "x" });
    expect(reopened.lost).toMatch(/may lack early deltas/);
    // A message opened by its start event is complete, drops or not.
    assemble(event("text_message_start", { messageId: "fresh" }));
    assemble(event("text_message_content", { messageId: "fresh", delta: "y" }));
    expect(assemble(event("text_message_end", { messageId: "fresh" })).lost).toBeUndefined();
  });

  it(`drops the oldest messages beyond MAX_ASSEMBLED_TOTAL_LENGTH (${MAX_ASSEMBLED_TOTAL_LENGTH}) in all`, () => {
    const assemble = feeder();
    const chunk = "z".repeat(MAX_ASSEMBLED_TEXT_LENGTH);
    const count = MAX_ASSEMBLED_TOTAL_LENGTH / MAX_ASSEMBLED_TEXT_LENGTH;
    for (let i = 0; i < count; i++) {
      assemble(event("text_message_start", { messageId: `m${i}` }));
      assemble(event("text_message_content", { messageId: `m${i}`, delta: chunk }));
    }
    // The ids pushed the total over the bound: the oldest went, the newest is whole.
    const last = assemble(event("text_message_end", { messageId: `m${count - 1}` }));
    expect((last.content as { content: string }).content).toBe(chunk);
    expect(last.lost).toBeUndefined();
    expect(assemble(event("text_message_end", { messageId: "m0" })).lost).toMatch(/dropped/);
  });
});

describe("property: assembled text is the concatenation of the deltas", () => {
  const message = fc.record({
    family: fc.constantFrom("text", "reasoning", "tool"),
    actor: fc.constantFrom(undefined, "a", "b"),
    started: fc.boolean(),
    deltas: fc.array(
      fc.record({ text: fc.string({ unit: "grapheme", maxLength: 6 }), chunk: fc.boolean() }),
      { maxLength: 8 },
    ),
  });
  const names = {
    text: ["text_message", "messageId", "content"],
    reasoning: ["reasoning_message", "messageId", "content"],
    tool: ["tool_call", "toolCallId", "args"],
  } as const;

  it("for any interleaving of messages", () => {
    fc.assert(
      fc.property(
        fc.array(message, { minLength: 1, maxLength: 6 }),
        fc.array(fc.nat(), { maxLength: 80 }),
        (messages, schedule) => {
          // Each message's events in order; the schedule picks which message goes next.
          const queues = messages.map((m, i) => {
            const [prefix, idField] = names[m.family];
            const id = `id${i}`;
            const deltaOp = (chunk: boolean) =>
              chunk
                ? `${prefix}_chunk`
                : m.family === "tool"
                  ? "tool_call_args"
                  : `${prefix}_content`;
            return [
              ...(m.started ? [event(`${prefix}_start`, { [idField]: id }, m.actor)] : []),
              ...m.deltas.map((d) =>
                event(deltaOp(d.chunk), { [idField]: id, delta: d.text }, m.actor),
              ),
              event(`${prefix}_end`, { [idField]: id }, m.actor),
            ];
          });
          const order: ReturnType<typeof event>[] = [];
          for (const pick of schedule) {
            const live = queues.filter((q) => q.length > 0);
            if (live.length === 0) break;
            order.push(live[pick % live.length]!.shift()!);
          }
          for (const q of queues) order.push(...q.splice(0));
          const assemble = agUiTextAssembler();
          const ends = new Map<string, Assembled>();
          for (const e of order) {
            const out = assemble(e, e.content);
            if (e.operation.endsWith("_end"))
              ends.set(String(Object.values(e.content as object)[0]), out);
            else expect(out.content).toBe(e.content);
          }
          messages.forEach((m, i) => {
            const out = ends.get(`id${i}`)!;
            expect(out.lost).toBeUndefined();
            const field = names[m.family][2];
            // An end event of a message never seen (no start, no delta) is left alone.
            const expected =
              m.started || m.deltas.length > 0 ? m.deltas.map((d) => d.text).join("") : undefined;
            expect((out.content as Record<string, string>)[field]).toBe(expected);
          });
        },
      ),
      { numRuns: 200 },
    );
  });
});

type Assembled = ReturnType<ReturnType<typeof agUiTextAssembler>>;
