// Stream entries are untrusted: each becomes a message with its position, or a problem.
import { describe, expect, it } from "vitest";
import { decodeEntry, encodeEntry, positionOfId } from "../src/entry.js";
import { groupKeys, shardCountProblem } from "../src/keys.js";
import { compareIds } from "../src/source.js";

const message = {
  protocol: "mcp",
  direction: "request" as const,
  operation: "tools/call",
  content: { name: "x" },
  line: 42,
};

describe("entries", () => {
  it("round-trips a message with its line as position", () => {
    const decoded = decodeEntry("1-0", encodeEntry("s1", message));
    const bytes = JSON.stringify(message).length;
    expect(decoded).toEqual({ id: "1-0", session: "s1", position: 42, message, bytes });
  });

  it("numbers a message without a line by its entry id, in the stream's order", () => {
    const { line: _, ...bare } = message;
    const a = decodeEntry("1700000000000-0", encodeEntry("s", bare as never));
    const b = decodeEntry("1700000000000-1", encodeEntry("s", bare as never));
    const c = decodeEntry("1700000000001-0", encodeEntry("s", bare as never));
    expect(a.position).toBeLessThan(b.position);
    expect(b.position).toBeLessThan(c.position);
    expect(positionOfId("garbage")).toBe(0);
  });

  it("reports what is not a trace message", () => {
    expect(decodeEntry("1-0", ["session", "s"]).problem).toMatch(/no 'message'/);
    expect(decodeEntry("1-0", ["message", "{"]).problem).toMatch(/not JSON/);
    expect(decodeEntry("1-0", ["message", '{"protocol":1}']).problem).toMatch(/protocol/);
    expect(decodeEntry("1-0", "junk").problem).toBeDefined();
    expect(decodeEntry("1-0", ["message", JSON.stringify(message)]).session).toBe("");
  });
});

describe("keys and ids", () => {
  it("names shards, leases and checkpoints per stream and group", () => {
    const k = groupKeys("t", "g");
    expect([k.shards, k.shard(3), k.lease(3), k.checkpoint(3), k.members]).toEqual([
      "t:shards",
      "t:3",
      "t:3:lease:g",
      "t:3:checkpoint:g",
      "t:consumers:g",
    ]);
    expect(shardCountProblem(4)).toBeUndefined();
    for (const bad of [0, -1, 1.5, 1025, "4", Number.NaN])
      expect(shardCountProblem(bad)).toBeDefined();
  });

  it("orders stream ids numerically, not as text", () => {
    expect(compareIds("9-0", "10-0")).toBeLessThan(0);
    expect(compareIds("10-2", "10-10")).toBeLessThan(0);
    expect(compareIds("10-10", "10-10")).toBe(0);
  });
});
