// The consumer loop (issue 34 §2: out of the CLI, for any broker adapter and any program) over
// an in-memory StreamSource: alerts are committed with their batch and delivered after it, a
// partition resumes from its checkpoint, and a consumer that dies after a commit leaves its
// undelivered alerts to the next owner; merged, the partitions' snapshots give the verdicts of
// one evaluation of the whole stream.
import type { Document } from "@oatf/model";
import { describe, expect, it } from "vitest";
import {
  type BatchCommit,
  createTraceEvaluator,
  type PartitionCheckpoint,
  type StreamEntry,
  type StreamEvent,
  type StreamSource,
  type TraceMessage,
} from "../src/index.js";
import { consumeStream, mergeStreamVerdicts } from "../src/stream.js";

const DOCUMENT = {
  oatf: "0.1",
  attack: {
    id: "CONSUME-1",
    execution: { mode: "mcp_server", state: {} },
    indicators: [
      {
        id: "CONSUME-1-01",
        surface: "tools/call",
        target: "arguments.path",
        pattern: { contains: "id_rsa" },
      },
    ],
  },
} as unknown as Document;

const call = (session: string, path: string, line: number): TraceMessage => ({
  protocol: "mcp",
  direction: "request",
  operation: "tools/call",
  content: { name: "read", arguments: { path } },
  session,
  line,
});

const entry = (id: number, message: TraceMessage): StreamEntry => ({
  id: `1-${id}`,
  session: message.session!,
  position: message.line!,
  message,
});

/** A broker in memory: checkpoints per partition, and what each consumer was given. */
class Broker {
  checkpoints = new Map<string, PartitionCheckpoint>();
  delivered: string[] = [];

  source(events: StreamEvent[], crashAfterCommit = false): StreamSource {
    const broker = this;
    return {
      async *[Symbol.asyncIterator]() {
        for (const event of events) {
          if (event.kind === "assigned")
            yield { ...event, checkpoint: broker.checkpoint(event.partition) };
          else yield event;
        }
      },
      async acknowledge(partition: string, _entries: readonly StreamEntry[], commit: BatchCommit) {
        const sequence = broker.checkpoint(partition).sequence + 1;
        broker.checkpoints.set(partition, {
          snapshot: commit.snapshot,
          undelivered: commit.alerts,
          sequence,
        });
        if (crashAfterCommit) throw new Error("crashed after the commit");
        return sequence;
      },
      async delivered(partition: string, sequence: number) {
        const saved = broker.checkpoint(partition);
        if (saved.sequence === sequence)
          broker.checkpoints.set(partition, { ...saved, undelivered: [] });
      },
      async snapshots() {
        return [...broker.checkpoints.values()].flatMap((c) => (c.snapshot ? [c.snapshot] : []));
      },
      async close() {},
    };
  }

  checkpoint(partition: string): PartitionCheckpoint {
    return this.checkpoints.get(partition) ?? { undelivered: [], sequence: 0 };
  }
}

const messages = [
  call("a", "/tmp/x", 1),
  call("b", "/home/u/.ssh/id_rsa", 2),
  call("a", "/home/u/.ssh/id_rsa", 3),
];

describe("consumeStream", () => {
  it("commits each batch's alerts with its snapshot, then delivers them", async () => {
    const broker = new Broker();
    const delivered: string[] = [];
    const result = await consumeStream(
      broker.source([
        { kind: "assigned", partition: "p0", checkpoint: { undelivered: [], sequence: 0 } },
        { kind: "batch", partition: "p0", entries: messages.map((m, i) => entry(i, m)) },
      ]),
      [DOCUMENT],
      { names: ["doc.yaml"], deliver: (alerts) => void delivered.push(...alerts) },
    );
    expect(result).toEqual({ messages: 3, alerts: 2, problems: 0 });
    expect(delivered.map((a) => JSON.parse(a))).toEqual([
      expect.objectContaining({ document: "doc.yaml", session: "b", position: 2, id: "1-1" }),
      expect.objectContaining({ document: "doc.yaml", session: "a", position: 3, id: "1-2" }),
    ]);
    expect(broker.checkpoint("p0").undelivered).toEqual([]);
  });

  it("leaves a crashed consumer's committed alerts to the next owner, and resumes its state", async () => {
    const broker = new Broker();
    const first = messages.slice(0, 2).map((m, i) => entry(i, m));
    await expect(
      consumeStream(
        broker.source(
          [
            { kind: "assigned", partition: "p0", checkpoint: { undelivered: [], sequence: 0 } },
            { kind: "batch", partition: "p0", entries: first },
          ],
          true,
        ),
        [DOCUMENT],
        { deliver: () => expect.unreachable("delivered before the mark") },
      ),
    ).rejects.toThrow("crashed after the commit");
    const delivered: string[] = [];
    const result = await consumeStream(
      broker.source([
        { kind: "assigned", partition: "p0", checkpoint: { undelivered: [], sequence: 0 } },
        { kind: "batch", partition: "p0", entries: [entry(2, messages[2]!)] },
      ]),
      [DOCUMENT],
      { deliver: (alerts) => void delivered.push(...alerts) },
    );
    // The outbox of the crashed commit first, then the new batch's alert.
    expect(delivered.map((a) => JSON.parse(a).position)).toEqual([2, 3]);
    expect(result.alerts).toBe(2);
    // The merged verdicts are one evaluation's of the whole stream.
    const merged = mergeStreamVerdicts(await broker.source([]).snapshots(), [DOCUMENT]);
    const one = createTraceEvaluator([DOCUMENT]);
    for (const m of messages) one.push(m);
    expect(merged.ok && merged.value.verdicts[0]!.result).toBe(one.verdicts()[0]!.result);
    expect(merged.ok && merged.value.messages).toBe(3);
  });

  it("stops at a checkpoint it cannot resume, and counts entries that are no message", async () => {
    const broker = new Broker();
    broker.checkpoints.set("p0", { snapshot: "{", undelivered: [], sequence: 1 });
    const stopped = await consumeStream(
      broker.source([{ kind: "assigned", partition: "p0", checkpoint: broker.checkpoint("p0") }]),
      [DOCUMENT],
      { deliver: () => {} },
    );
    expect(stopped.stopped).toMatch(/^the checkpoint of p0 cannot be resumed: it is not JSON/);
    expect(mergeStreamVerdicts(["{"], [DOCUMENT])).toEqual({
      ok: false,
      error: {
        code: "E-STATE",
        rule: "E-STATE",
        severity: "error",
        spec_ref: "SDK §4.5",
        message: "a checkpoint cannot be read: it is not JSON",
        path: "snapshots[0]",
      },
    });
    const problems: string[] = [];
    const fresh = new Broker();
    const result = await consumeStream(
      fresh.source([
        { kind: "assigned", partition: "p1", checkpoint: { undelivered: [], sequence: 0 } },
        {
          kind: "batch",
          partition: "p1",
          entries: [{ id: "9-0", session: "", position: 0, problem: "not JSON" }],
        },
      ]),
      [DOCUMENT],
      { deliver: () => {}, problem: (text) => problems.push(text) },
    );
    expect(result.problems).toBe(1);
    expect(problems).toEqual(["p1 9-0: not JSON"]);
  });
});

describe("consumeStream: batches committed in bounded parts (issue 33)", () => {
  /** A source of one partition and one batch, recording each commit's entry ids. */
  function oneBatch(entries: StreamEntry[], lostAfter = Number.POSITIVE_INFINITY) {
    const commits: string[][] = [];
    const source: StreamSource = {
      async *[Symbol.asyncIterator]() {
        yield { kind: "assigned", partition: "p0", checkpoint: { undelivered: [], sequence: 0 } };
        yield { kind: "batch", partition: "p0", entries };
      },
      async acknowledge(_p: string, part: readonly StreamEntry[]) {
        if (commits.length >= lostAfter) return undefined;
        commits.push(part.map((e) => e.id));
        return commits.length;
      },
      async delivered() {},
      async snapshots() {
        return [];
      },
      async close() {},
    };
    return { source, commits };
  }
  const sized = (id: number, message: TraceMessage, bytes: number): StreamEntry => ({
    ...entry(id, message),
    bytes,
  });

  it("cuts a batch where its entries pass commitBytes, each part's alerts delivered after it", async () => {
    const entries = messages.map((m, i) => sized(i, m, 600));
    const { source, commits } = oneBatch(entries);
    const delivered: string[] = [];
    const result = await consumeStream(source, [DOCUMENT], {
      commitBytes: 1000,
      deliver: (alerts) => void delivered.push(...alerts.map((a) => JSON.parse(a).id)),
    });
    expect(commits).toEqual([["1-0", "1-1"], ["1-2"]]);
    expect(delivered).toEqual(["1-1", "1-2"]);
    expect(result).toEqual({ messages: 3, alerts: 2, problems: 0 });
  });

  it("a part that cannot be committed (the partition lost) is said, not counted, and ends the batch", async () => {
    const entries = messages.map((m, i) => sized(i, m, 600));
    const { source, commits } = oneBatch(entries, 1);
    const problems: string[] = [];
    const delivered: string[] = [];
    const result = await consumeStream(source, [DOCUMENT], {
      commitBytes: 1000,
      deliver: (alerts) => void delivered.push(...alerts),
      problem: (text) => problems.push(text),
    });
    expect(commits).toEqual([["1-0", "1-1"]]);
    expect(problems).toEqual([
      "p0: lost before 1 entry (from 1-2) could be committed; the partition's next owner evaluates them again",
    ]);
    expect(delivered).toHaveLength(1);
    expect(result.problems).toBe(0);
  });
});
