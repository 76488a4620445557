// The partition key and the shard of a key (issue 24 §4): producers and consumers of a
// stream must agree on both, and a session must never be split.
import type { TraceMessage } from "@oatf/evaluate";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { partitionKey, shardKey, shardOf } from "../src/index.js";

const message = (extra: Partial<TraceMessage>): TraceMessage => ({
  protocol: "mcp",
  direction: "request",
  operation: "tools/call",
  content: {},
  ...extra,
});

describe("partitionKey", () => {
  it("is the session, else the actor, else empty; never the direction or content", () => {
    expect(partitionKey(message({ session: "s1", actor: "a" }))).toBe("s1");
    expect(partitionKey(message({ actor: "a" }))).toBe("a");
    expect(partitionKey(message({}))).toBe("");
    // A request and its response (same connection) go together whatever else differs.
    const request = message({ session: "c", content: { id: 1 } });
    const response = message({ session: "c", direction: "response", operation: "x" });
    expect(partitionKey(request)).toBe(partitionKey(response));
  });

  it("never throws on a malformed message", () => {
    expect(partitionKey(null as never)).toBe("");
    expect(partitionKey({ session: 7, actor: ["x"] } as never)).toBe("");
  });
});

describe("shardOf", () => {
  it("is a shard in range, the same every time, and the one shard with one shard", () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 1, max: 1024 }), (key, n) => {
        const shard = shardOf(key, n);
        expect(Number.isInteger(shard) && shard >= 0 && shard < n).toBe(true);
        expect(shardOf(key, n)).toBe(shard);
        expect(shardOf(key, 1)).toBe(0);
      }),
      { numRuns: 200 },
    );
  });

  it("spreads session ids over the shards", () => {
    const counts = new Array<number>(4).fill(0);
    for (let i = 0; i < 4000; i++) counts[shardOf(`session-${i}`, 4)]!++;
    for (const c of counts) expect(c).toBeGreaterThan(800);
  });

  it("is FNV-1a mod n (other producers can reimplement it)", () => {
    // FNV-1a 32 of "a" is 0xe40c292c; of "" the offset basis 0x811c9dc5.
    expect(shardOf("a", 1000)).toBe(0xe40c292c % 1000);
    expect(shardOf("", 1000)).toBe(0x811c9dc5 % 1000);
  });
});

describe("shardKey", () => {
  it("reads a line's shard key as JSON.parse reads its session, else actor", () => {
    const expected = (line: string) => {
      const value = JSON.parse(line) as { session?: unknown; actor?: unknown };
      if (typeof value.session === "string") return value.session;
      return typeof value.actor === "string" ? value.actor : "";
    };
    const cases = [
      '{"content":{"session":"inner","actor":"x"},"actor":"a"}',
      '{"session":"s1","session":"s2"}',
      '{"session":"s1","session":7,"actor":"a"}',
      '{"sess\\u0069on":"s\\u0031","actor":"a"}',
      '{ "session" : "s\\"q\\\\" , "x": ["session", {"session": "no"}] }',
      '{"x":"\\\\","session":"after a backslash"}',
      '[{"session":"in an array"}]',
      '{"actor":"a","list":[{"actor":"b"}],"y":"}{"}',
    ];
    for (const line of cases) expect(shardKey(line), line).toBe(expected(line));
    const key = fc.oneof(
      fc.constantFrom("session", "actor", "content"),
      fc.string({ maxLength: 4 }),
    );
    const value = fc.oneof(fc.string({ maxLength: 6 }), fc.integer(), fc.constant(null));
    const member: fc.Arbitrary<[string, unknown]> = fc.tuple(
      key,
      fc.oneof(value, fc.dictionary(key, value, { maxKeys: 3 }), fc.array(value, { maxLength: 3 })),
    );
    fc.assert(
      fc.property(fc.array(member, { maxLength: 6 }), fc.boolean(), (members, spaced) => {
        // Members written by hand, so that a name may repeat (JSON.parse keeps the last).
        const gap = spaced ? " \t" : "";
        const line = `{${members.map(([k, v]) => `${gap}${JSON.stringify(k)}${gap}:${gap}${JSON.stringify(v, null, spaced ? 1 : 0)}`).join(",")}}`;
        expect(shardKey(line)).toBe(expected(line));
      }),
      { numRuns: 300 },
    );
  });
});
