// The affinity choice, measured (issue 24 §4; run by hand in packages/oatf: `npx tsx bench/redis-affinity.ts`, needs
// redis-server): one consumer over the same published trace, two ways of keeping a session's
// messages on one evaluation state in order.
// - shards: what @oatf/redis-streams does. Sessions hashed into N streams, each owned by one
//   consumer (lease); state in memory, one atomic commit (XACK + checkpoint) per batch.
// - shared: state where every consumer can reach it. One stream, any consumer takes any entry,
//   so each message must lock its session, load the session's state from Redis, evaluate and
//   store it back before the next message of that session may be taken (a lower bound: one
//   consumer, so the lock is never contended and nothing waits).
// Ratios only (both measured in this run); figures in the README.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createMonitor, type TraceMessage } from "@oatf/evaluate";
import { consumeStream } from "@oatf/evaluate/stream";
import { normalize } from "@oatf/normalize";
import { createRedisSource, publishToRedis } from "@oatf/redis-streams";
import { readTrace } from "@oatf/trace";
import { parse } from "yaml";
import { startRedis } from "../../../test/redis/server.js";
import { writeTrace } from "../../../test/redis/trace.js";
import { connect } from "../../redis-streams/src/redis.js";

const REPO = fileURLToPath(new URL("../../..", import.meta.url));
const MESSAGES = Number(process.env.MESSAGES ?? 20_000);
const files = ["mcp-rug-pull", "a2a-skill-poisoning", "ag-ui-injection", "cross-protocol-chain"];
const documents = files.map((f) =>
  normalize(parse(readFileSync(join(REPO, "examples", `${f}.yaml`), "utf8"))),
);

const redis = await startRedis();
try {
  const trace = join(mkdtempSync(join(tmpdir(), "oatf-affinity-")), "trace.jsonl");
  writeTrace(REPO, trace, { messages: MESSAGES, sessions: 500, seed: 24 });
  const messages: TraceMessage[] = [];
  for await (const r of readTrace([readFileSync(trace, "utf8")]))
    if (r.kind === "message") messages.push(r.message);
  await publishToRedis({ url: redis.url, stream: "s", shards: 4 }, messages);
  await publishToRedis({ url: redis.url, stream: "one", shards: 1 }, messages);

  // shards
  let t = performance.now();
  const created = await createRedisSource({ url: redis.url, stream: "s", group: "g", drain: true });
  if (!created.ok) throw new Error(created.error.message);
  const source = created.value;
  const result = await consumeStream(source, documents, { names: files, deliver() {} });
  await source.close();
  const sharded = performance.now() - t;

  // shared: per message lock + load + evaluate + store + unlock, ack per message
  const client = await connect(redis.url);
  await client.call("XGROUP", "CREATE", "one:0", "g", "0");
  const monitor = createMonitor(documents, { key: (m) => m.session });
  t = performance.now();
  let done = 0;
  for (;;) {
    const reply = (await client.call(
      "XREADGROUP",
      "GROUP",
      "g",
      "c",
      "COUNT",
      500,
      "STREAMS",
      "one:0",
      ">",
    )) as [string, [string, string[]][]][] | null;
    if (reply === null) break;
    for (const [id, fields] of reply[0]![1]) {
      const session = fields[1]!;
      const message = JSON.parse(fields[3]!) as TraceMessage;
      await client.call("SET", `lock:${session}`, "c", "NX", "PX", 10_000);
      const saved = await client.call("GET", `state:${session}`);
      if (typeof saved === "string") monitor.restore(JSON.parse(saved));
      monitor.push(message);
      const state = JSON.stringify(monitor.snapshot(session));
      monitor.close(session);
      await client
        .multi()
        .set(`state:${session}`, state)
        .del(`lock:${session}`)
        .xack("one:0", "g", id)
        .exec();
      done++;
    }
  }
  const shared = performance.now() - t;
  client.disconnect();
  const rate = (n: number, ms: number) => Math.round((n / ms) * 1000);
  console.log(`messages: ${MESSAGES} over 500 sessions`);
  console.log(`shards (4, one consumer): ${rate(result.messages, sharded)} messages/s`);
  console.log(`shared state (per-message lock/load/store): ${rate(done, shared)} messages/s`);
  console.log(`ratio: shards ${(shared / sharded).toFixed(1)}x faster (same run)`);
} finally {
  await redis.stop();
}
