// `oatf publish`, `oatf monitor` and `oatf record --redis` on a real 3-master Redis Cluster,
// each given the URL of a node that does NOT own the stream's slot: the commands, the Lua
// commits and the blocking reads follow the slot's owner, where all the stream's keys are
// (one hash tag); two consumers give the alerts and merged verdicts of `oatf evaluate`. A
// stream name without a hash tag (or an alerts stream with another tag) is refused with the
// reason, exit 3, and nothing is written anywhere. A second cluster needs a password and serves
// TLS: the URL's password and TLS reach every node a command is redirected to. A third gets a
// replica of the stream's node, which takes over (CLUSTER FAILOVER) while a monitor runs; a
// fourth has the stream's node killed mid-stream, and the monitor waits out the failover; a
// fifth moves the stream's slot to another master, key by key, while a monitor reads and while
// a publisher writes.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CLI,
  caughtUp,
  DOCUMENTS,
  decisions,
  drainArgs,
  monitorArgs,
  parse,
  publishArgs,
  REPO,
  run,
  type Started,
  start,
  startSharing,
} from "./cli.js";
import {
  addReplica,
  type ClusterNode,
  type ClusterOptions,
  clusterNode,
  migrateSlot,
  type RedisCluster,
  type Replica,
  startRedisCluster,
} from "./cluster.js";
import { freePort, startRedis, TEST_TLS } from "./server.js";
import { writeTrace } from "./trace.js";

const MESSAGES = 20_000;
const STREAM = "{traffic}";
const ALERTS = "{traffic}:alerts";
const SHARDS = 4;

interface Coverage {
  indicator_id: string;
  position?: number;
}
type Entry = {
  document: string;
  verdict: { coverage: Coverage[]; indicator_verdicts: { indicator_id: string; result: string }[] };
};

/**
 * Where `key` lives: its slot, the node owning it, and the two that do not (the URLs the
 * commands are given, so that every command is redirected).
 */
async function placed(cluster: RedisCluster, key: string) {
  const slot = Number(await cluster.client(0).call("CLUSTER", "KEYSLOT", key));
  const owner = cluster.owner(slot);
  const [via, other] = cluster.nodes.filter((n) => n !== owner) as [ClusterNode, ClusterNode];
  return { slot, owner, via, other };
}

/**
 * A 3-master cluster and a temporary directory for the tests of one describe block, and the
 * replicas they add (`replicas`): all stopped and removed after the block.
 */
function clusterPerBlock(name: string, options?: ClusterOptions) {
  const fixture = {
    cluster: undefined as unknown as RedisCluster,
    dir: "",
    replicas: [] as Replica[],
  };
  beforeAll(async () => {
    fixture.cluster = await startRedisCluster(3, options);
    fixture.dir = mkdtempSync(join(tmpdir(), `oatf-redis-cluster-${name}-`));
  });
  afterAll(async () => {
    for (const replica of fixture.replicas) await replica.stop();
    await fixture.cluster?.stop();
    if (fixture.dir) rmSync(fixture.dir, { recursive: true, force: true });
  });
  return fixture;
}

describe("Redis Cluster", () => {
  const block = clusterPerBlock("main");
  let trace: string;
  const dbsizes = () =>
    Promise.all(
      block.cluster.nodes.map((_, i) => block.cluster.client(i).call("DBSIZE")),
    ) as Promise<number[]>;

  beforeAll(() => {
    trace = join(block.dir, "trace.jsonl");
    writeTrace(REPO, trace, { messages: MESSAGES, sessions: 100, seed: 7 });
  });

  it("publish and two monitors, given a node without the stream's slot: the alerts and verdicts of oatf evaluate", async () => {
    const { cluster } = block;
    const { owner, via: seed } = await placed(cluster, STREAM);
    const published = await run(publishArgs(trace, seed.url, STREAM, "--shards", String(SHARDS)));
    expect(published.stderr).toContain(`${MESSAGES} messages to ${STREAM} in ${SHARDS} shards`);
    expect(published.code).toBe(0);
    // Every entry is on the slot's owner, none on the node named in the URL.
    const o = cluster.client(cluster.nodes.indexOf(owner));
    let entries = 0;
    for (let i = 0; i < SHARDS; i++) entries += Number(await o.call("XLEN", `${STREAM}:${i}`));
    expect(entries).toBe(MESSAGES);
    expect(await cluster.client(cluster.nodes.indexOf(seed)).call("DBSIZE")).toBe(0);

    // Short leases: consumers renew every 200 ms, so they take their shares soon after the
    // test frees them (startSharing).
    const monitor = (consumer: string) =>
      drainArgs(
        seed.url,
        STREAM,
        "pair",
        "--consumer",
        consumer,
        "--alerts-stream",
        ALERTS,
        "--lease-ms",
        "600",
        "--batch",
        "100",
      );
    const [ca, cb] = await startSharing(o, STREAM, "pair", [monitor("a"), monitor("b")]);
    const [ev, a, b] = await Promise.all([
      run(["evaluate", ...DOCUMENTS, "--trace", trace, "--format", "json"]),
      ca.done,
      cb.done,
    ]);
    expect(ev.code).toBe(1); // exploited
    expect(a.stderr + b.stderr).toBe("");
    expect([a.code, b.code]).toEqual([1, 1]);
    const pa = parse(a.stdout);
    const pb = parse(b.stdout);
    const evaluated = JSON.parse(ev.stdout) as Entry[];

    // Both consumers did part of the work: the shards were shared.
    expect(pa.alerts.length).toBeGreaterThan(0);
    expect(pb.alerts.length).toBeGreaterThan(0);
    const all = [...pa.alerts, ...pb.alerts].sort();
    // Each alert once, and the alerts stream (written in each atomic commit, on the owner) has
    // exactly the printed ones.
    expect(new Set(all).size).toBe(all.length);
    const stream = (await o.call("XRANGE", ALERTS, "-", "+")) as [string, string[]][];
    expect(stream.map(([, fields]) => fields[1]).sort()).toEqual(all);
    // The earliest alert of each indicator is where oatf evaluate of the whole trace decided
    // it; an indicator evaluate did not match has no alert.
    const alerts = all.map(
      (l) => JSON.parse(l) as { document: string; indicator_id: string; position: number },
    );
    expect(new Set(alerts.map((x) => x.indicator_id)).size).toBeGreaterThan(5);
    for (const { document, verdict } of evaluated)
      for (const c of verdict.coverage) {
        const mine = alerts.filter(
          (x) => x.document === document && x.indicator_id === c.indicator_id,
        );
        const matched = verdict.indicator_verdicts.find((v) => v.indicator_id === c.indicator_id);
        if (matched?.result === "matched") {
          expect(Math.min(...mine.map((x) => x.position))).toBe(c.position);
        } else expect(mine).toEqual([]);
      }
    // Both print the merged verdicts of the whole stream: those of oatf evaluate.
    expect(decisions(pa.verdicts)).toEqual(decisions(evaluated));
    expect(decisions(pb.verdicts)).toEqual(decisions(evaluated));
    // The group's state (leases released, checkpoints) is on the owner too.
    for (let i = 0; i < SHARDS; i++)
      expect(await o.call("EXISTS", `${STREAM}:${i}:checkpoint:pair`)).toBe(1);
  });

  it("oatf record --redis publishes to the slot's owner through another node", async () => {
    const { cluster, dir } = block;
    const { owner, via: seed } = await placed(cluster, "{rec}");
    const input = `${[0, 1, 2]
      .map((id) => JSON.stringify({ jsonrpc: "2.0", id, method: "tools/list" }))
      .join("\n")}\n`;
    const recorded = spawnSync(
      process.execPath,
      [
        CLI,
        "record",
        "--out",
        join(dir, "rec.jsonl"),
        "--redis",
        seed.url,
        "--stream",
        "{rec}",
        "--",
        process.execPath,
        "-e",
        "process.stdin.pipe(process.stdout)",
      ],
      { encoding: "utf8", input, cwd: dir },
    );
    expect(recorded.stderr).toContain("published 6 messages to {rec}");
    expect(recorded.status).toBe(0);
    expect(await cluster.client(cluster.nodes.indexOf(owner)).call("XLEN", "{rec}:0")).toBe(6);
  });

  it("a stream without a hash tag, or an alerts stream with another, is refused: exit 3, the reason, nothing written", async () => {
    const { cluster, dir } = block;
    const before = await dbsizes();
    const url = cluster.nodes[0]!.url;
    const published = await run(publishArgs(trace, url, "plain"));
    expect(published.code).toBe(3);
    expect(published.stderr).toContain(
      "oatf publish: on Redis Cluster the stream name needs a hash tag so all its keys are in one slot",
    );
    expect(published.stderr).toContain("name it like '{plain}'");

    const monitor = (stream: string, ...extra: string[]) =>
      run(["monitor", ...DOCUMENTS, "--redis", url, "--stream", stream, "--group", "g", ...extra]);
    const untagged = await monitor("plain", "--shards", "2");
    expect(untagged.code).toBe(3);
    expect(untagged.stderr).toContain(
      "oatf monitor: on Redis Cluster the stream name needs a hash tag",
    );
    const otherAlerts = await monitor("{plain}", "--shards", "2", "--alerts-stream", "alerts");
    expect(otherAlerts.code).toBe(3);
    expect(otherAlerts.stderr).toContain(
      "oatf monitor: on Redis Cluster the alerts stream needs the stream's hash tag '{plain}'",
    );

    const recorded = spawnSync(
      process.execPath,
      [
        CLI,
        "record",
        "--out",
        join(dir, "refused.jsonl"),
        "--redis",
        url,
        "--stream",
        "plain",
        "--",
        process.execPath,
        "-e",
        "process.stdin.pipe(process.stdout)",
      ],
      {
        encoding: "utf8",
        input: `${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "x" })}\n`,
        cwd: dir,
      },
    );
    const said = recorded.stderr.split("\n").filter((l) => l.includes("needs a hash tag"));
    expect(said).toHaveLength(1);
    expect(said[0]).toContain("oatf record: cannot publish to Redis: on Redis Cluster");
    expect(recorded.status).toBe(3);

    expect(await dbsizes()).toEqual(before);
  });

  it("a cluster node whose cluster is not ready (no slots served): exit 3 and the reason, no hang", async () => {
    const bus = await freePort();
    const lone = await startRedis(clusterNode(bus));
    try {
      const published = await run(publishArgs(trace, lone.url, STREAM));
      expect(published.stderr).toBe(
        `oatf publish: cannot connect to 127.0.0.1:${lone.port}: the cluster is not ready (cluster_state:fail) or none of its nodes answers\n`,
      );
      expect(published.code).toBe(3);
    } finally {
      await lone.stop();
    }
  });
});

describe("Redis Cluster with a password and TLS", () => {
  const PASSWORD = "cluster-s3cret";
  const block = clusterPerBlock("auth", { password: PASSWORD, tls: true });

  it("the URL's password and TLS reach every node the commands are redirected to; a wrong password exits 3 unprinted", async () => {
    const { cluster, dir } = block;
    const trace = join(dir, "trace.jsonl");
    writeTrace(REPO, trace, { messages: 3_000, sessions: 30, seed: 11 });
    // Seeded with nodes that do not own the slot: every command follows MOVED to the owner,
    // a connection that needs the password (and TLS, for the monitor) too.
    const { via: seedA, other: seedB } = await placed(cluster, STREAM);
    const url = (node: ClusterNode, password = PASSWORD) =>
      `redis://:${password}@127.0.0.1:${node.port}`;
    const published = await run(publishArgs(trace, url(seedA), STREAM));
    expect(published.stderr).toContain(`3000 messages to ${STREAM}`);
    expect(published.code).toBe(0);
    const monitor = (redisUrl: string, env?: NodeJS.ProcessEnv) =>
      run(drainArgs(redisUrl, STREAM, "g"), env);
    const [ev, m] = await Promise.all([
      run(["evaluate", ...DOCUMENTS, "--trace", trace, "--format", "json"]),
      monitor(`rediss://:${PASSWORD}@127.0.0.1:${seedB.tlsPort}`, {
        NODE_EXTRA_CA_CERTS: TEST_TLS.ca,
      }),
    ]);
    expect(m.stderr).toBe("");
    expect(m.code).toBe(1);
    expect(decisions(parse(m.stdout).verdicts)).toEqual(decisions(JSON.parse(ev.stdout)));

    const wrong = await monitor(url(seedB, "wrong-pw"));
    expect(wrong.code).toBe(3);
    expect(wrong.stderr).toMatch(/^oatf monitor: cannot connect to 127\.0\.0\.1:\d+: WRONGPASS/);
    expect(wrong.stderr).not.toMatch(/s3cret|wrong-pw/);
  });
});

/**
 * A 40k-message trace published in 4 shards to `STREAM` through a node that does not own its
 * slot: what the failover and resharding tests start from.
 */
async function publishedStream(block: ReturnType<typeof clusterPerBlock>, seed: number) {
  const trace = join(block.dir, "trace.jsonl");
  writeTrace(REPO, trace, { messages: 40_000, sessions: 100, seed });
  const where = await placed(block.cluster, STREAM);
  const published = await run(publishArgs(trace, where.via.url, STREAM, "--shards", "4"));
  expect(published.code).toBe(0);
  return { trace, ...where };
}

/** The same, the owner given a replica (which has every entry once it is returned). */
async function replicatedStream(
  block: ReturnType<typeof clusterPerBlock>,
  seed: number,
  options?: Parameters<typeof addReplica>[2],
) {
  const stream = await publishedStream(block, seed);
  const replica = await addReplica(block.cluster, stream.owner, options);
  block.replicas.push(replica);
  return { ...stream, replica };
}

/** A 20k-message trace written to `dir/<name>.jsonl`, and its lines (published in two halves). */
function halves(dir: string, name: string, seed: number) {
  const trace = join(dir, `${name}.jsonl`);
  writeTrace(REPO, trace, { messages: 20_000, sessions: 100, seed });
  return {
    trace,
    lines: readFileSync(trace, "utf8")
      .split("\n")
      .filter((l) => l !== ""),
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until a monitor has printed a few alerts, and checks it is still reading. */
async function underway(monitor: Started): Promise<void> {
  while (monitor.stdout.split("\n").length <= 5 && monitor.child.exitCode === null)
    await new Promise((r) => setTimeout(r, 5));
  expect(monitor.child.exitCode).toBeNull();
}

describe("Redis Cluster failover", () => {
  const block = clusterPerBlock("failover");

  it("a manual failover of the stream's node mid-stream: the monitor goes on, each alert once, the verdicts of oatf evaluate", async () => {
    const { trace, via, replica } = await replicatedStream(block, 13);
    const monitor = start(
      drainArgs(via.url, STREAM, "g", "--alerts-stream", ALERTS, "--batch", "50"),
    );
    // Once the monitor is under way, the replica takes over (CLUSTER FAILOVER: the master
    // stops taking writes until the replica has them all, then the roles swap).
    await underway(monitor);
    expect(await replica.client.call("CLUSTER", "FAILOVER")).toBe("OK");
    // The swap completes on its own: the replica serves the slot once it says it is a master.
    const promoted = (async () => {
      for (let i = 0; i < 400; i++) {
        const role = String(await replica.client.call("INFO", "replication"));
        if (/^role:master\s*$/m.test(role)) return { running: monitor.child.exitCode === null };
        await new Promise((r) => setTimeout(r, 20));
      }
      return undefined;
    })();
    const [ev, m, swap] = await Promise.all([
      run(["evaluate", ...DOCUMENTS, "--trace", trace, "--format", "json"]),
      monitor.done,
      promoted,
    ]);
    // Promoted while the monitor was still reading (measured: after 11-21 of its 701 lines).
    expect(swap).toEqual({ running: true });
    expect(m.stderr).toBe("");
    expect(m.code).toBe(1);
    const { alerts, verdicts } = parse(m.stdout);
    expect(new Set(alerts).size).toBe(alerts.length);
    expect(decisions(verdicts)).toEqual(decisions(JSON.parse(ev.stdout)));
    // The alerts stream, committed with each batch on the node that owned the slot at the time,
    // holds each printed alert once.
    const written = (await replica.client.call("XRANGE", ALERTS, "-", "+")) as [string, string[]][];
    expect(written.map(([, fields]) => fields[1]).sort()).toEqual(alerts);
  });
});

describe("Redis Cluster: the stream's node crashes", () => {
  // A node silent for 1 s is failed, and its replica takes over (Redis' default: 15 s).
  const block = clusterPerBlock("crash", { nodeTimeoutMs: 1000 });

  it("killed mid-stream (SIGKILL): the monitor waits out the failover, resumes on the replica, and no alert is lost", async () => {
    const { cluster } = block;
    const { owner, via, replica } = await replicatedStream(block, 17, { nodeTimeoutMs: 1000 });
    // Every entry reaches the replica before the crash: a crash may lose writes not yet
    // replicated (README), which is not what this test is about.
    const ownerClient = cluster.client(cluster.nodes.indexOf(owner));
    expect(await ownerClient.call("WAIT", 1, 10_000)).toBe(1);
    // Every alert of the stream, from a group that runs undisturbed.
    const solo = await run(drainArgs(via.url, STREAM, "solo"));
    expect(solo.code).toBe(1);

    const monitor = start(drainArgs(via.url, STREAM, "g", "--batch", "50"));
    await underway(monitor);
    await owner.crash();
    const m = await monitor.done;
    expect(m.stderr).toBe("");
    expect(m.code).toBe(1);
    expect(String(await replica.client.call("INFO", "replication"))).toMatch(/^role:master\s*$/m);
    // Every alert of the undisturbed run (a batch committed on the dead node but not yet
    // replicated is evaluated again on the replica: its alerts may be printed twice), and the
    // same verdicts.
    const { alerts, verdicts } = parse(m.stdout);
    expect([...new Set(alerts)].sort()).toEqual(parse(solo.stdout).alerts);
    expect(decisions(verdicts)).toEqual(decisions(parse(solo.stdout).verdicts));
  });
});

describe("Redis Cluster resharding", () => {
  const block = clusterPerBlock("reshard");

  it("the stream's slot moves to another master mid-stream, key by key: the monitor follows it, each alert once, the verdicts of oatf evaluate", async () => {
    const { cluster } = block;
    const { trace, slot, owner, via, other: target } = await publishedStream(block, 19);
    const monitor = start(
      drainArgs(via.url, STREAM, "g", "--alerts-stream", ALERTS, "--batch", "50"),
    );
    await underway(monitor);
    // 100 ms between keys: reads and commits meet the slot half moved (ASK, TRYAGAIN).
    const migration = migrateSlot(cluster, slot, target, () => sleep(100)).then((moved) => ({
      moved,
      running: monitor.child.exitCode === null,
    }));
    const [ev, m, moved] = await Promise.all([
      run(["evaluate", ...DOCUMENTS, "--trace", trace, "--format", "json"]),
      monitor.done,
      migration,
    ]);
    // Every key of the stream moved (4 shards, their checkpoints and leases, the shard count,
    // the group's members, the alerts stream) while the monitor was still reading.
    expect(moved.running).toBe(true);
    expect(moved.moved).toBeGreaterThanOrEqual(12);
    expect(m.stderr).toBe("");
    expect(m.code).toBe(1);
    const { alerts, verdicts } = parse(m.stdout);
    expect(new Set(alerts).size).toBe(alerts.length);
    expect(decisions(verdicts)).toEqual(decisions(JSON.parse(ev.stdout)));
    // Everything is on the new owner now; the alerts stream holds each printed alert once.
    const from = cluster.client(cluster.nodes.indexOf(owner));
    expect(await from.call("DBSIZE")).toBe(0);
    const to = cluster.client(cluster.nodes.indexOf(target));
    // The monitor met the slot half moved: the nodes redirected it (measured: 2-28 ASK and
    // 5-7 TRYAGAIN replies a run).
    const replies = async (rule: string) =>
      (await Promise.all([from, to].map((c) => c.call("INFO", "errorstats")))).reduce(
        (sum: number, info) =>
          sum +
          Number(new RegExp(`^errorstat_${rule}:count=(\\d+)`, "m").exec(String(info))?.[1] ?? 0),
        0,
      );
    expect((await replies("ASK")) + (await replies("TRYAGAIN"))).toBeGreaterThan(0);
    const written = (await to.call("XRANGE", ALERTS, "-", "+")) as [string, string[]][];
    expect(written.map(([, fields]) => fields[1]).sort()).toEqual(alerts);
  });

  it("oatf publish while the stream's slot moves: every message arrives once, each shard in trace order, and a monitor gives the verdicts of oatf evaluate", async () => {
    const { cluster, dir } = block;
    const live = "{live}";
    const { trace, lines } = halves(dir, "live", 23);
    const { slot, owner, via, other: target } = await placed(cluster, live);
    const publish = start(publishArgs("-", via.url, live, "--shards", "4"));
    // The first half is published (whole chunks of 1,000: nothing held back) before the slot
    // starts moving; the second half while two of its keys have moved and the rest have not.
    // A publish that failed has closed its input: the error is its exit code, not EPIPE here.
    publish.child.stdin!.on("error", () => {});
    publish.child.stdin!.write(`${lines.slice(0, 10_000).join("\n")}\n`);
    const from = cluster.client(cluster.nodes.indexOf(owner));
    const to = cluster.client(cluster.nodes.indexOf(target));
    const length = async (client: typeof from) => {
      let n = 0;
      for (let i = 0; i < 4; i++) n += Number(await client.call("XLEN", `${live}:${i}`));
      return n;
    };
    while ((await length(from)) < 10_000 && publish.child.exitCode === null) await sleep(20);
    let overlapped = false;
    await migrateSlot(cluster, slot, target, async (moved) => {
      if (moved !== 2) return;
      overlapped = publish.child.exitCode === null;
      publish.child.stdin!.end(`${lines.slice(10_000).join("\n")}\n`);
      await publish.done;
    });
    const p = await publish.done;
    expect(overlapped).toBe(true);
    expect(p.stderr).toContain(`20000 messages to ${live} in 4 shards`);
    expect(p.code).toBe(0);
    expect(await from.call("DBSIZE")).toBe(0);
    // Each message once, and each shard (whole sessions) in the trace's order.
    const seen: number[] = [];
    for (let i = 0; i < 4; i++) {
      const entries = (await to.call("XRANGE", `${live}:${i}`, "-", "+")) as [string, string[]][];
      const order = entries.map(([, fields]) => (JSON.parse(fields[3]!) as { line: number }).line);
      expect(order).toEqual([...order].sort((a, b) => a - b));
      seen.push(...order);
    }
    expect(seen.sort((a, b) => a - b)).toEqual(lines.map((_, i) => i + 1));
    const [ev, m] = await Promise.all([
      run(["evaluate", ...DOCUMENTS, "--trace", trace, "--format", "json"]),
      run(drainArgs(target.url, live, "g")),
    ]);
    expect(m.stderr).toBe("");
    expect(decisions(parse(m.stdout).verdicts)).toEqual(decisions(JSON.parse(ev.stdout)));
  });

  it("a live monitor waiting for traffic (blocked in XREADGROUP) while the slot moves: it reads what is published after, each alert once", async () => {
    const { cluster, dir } = block;
    const idle = "{idle}";
    const { lines } = halves(dir, "idle", 29);
    const before = join(dir, "before.jsonl");
    const after = join(dir, "after.jsonl");
    writeFileSync(before, `${lines.slice(0, 10_000).join("\n")}\n`);
    writeFileSync(after, `${lines.slice(10_000).join("\n")}\n`);
    const { slot, owner, via, other: target } = await placed(cluster, idle);
    const publish = (file: string) => run(publishArgs(file, via.url, idle, "--shards", "4"));
    expect((await publish(before)).code).toBe(0);
    // No --drain: a consumer of live traffic, which waits in XREADGROUP ... BLOCK once it has
    // read everything.
    const monitor = start(monitorArgs(via.url, idle, "live", "--lease-ms", "3000"));
    const from = cluster.client(cluster.nodes.indexOf(owner));
    const to = cluster.client(cluster.nodes.indexOf(target));
    while (!(await caughtUp(from, idle, "live"))) await sleep(50);
    await sleep(300);
    await migrateSlot(cluster, slot, target, () => sleep(100));
    expect(monitor.child.exitCode).toBeNull();
    expect((await publish(after)).code).toBe(0);
    while (!(await caughtUp(to, idle, "live")) && monitor.child.exitCode === null) await sleep(50);
    monitor.child.kill("SIGTERM");
    const m = await monitor.done;
    expect(m.stderr).toBe("");
    expect(m.code).toBe(0);
    // The same alerts as a group reading the whole stream after the move.
    const solo = await run(drainArgs(target.url, idle, "solo"));
    expect(solo.code).toBe(1);
    const { alerts } = parse(m.stdout);
    expect(new Set(alerts).size).toBe(alerts.length);
    expect(alerts).toEqual(parse(solo.stdout).alerts);
  });
});
