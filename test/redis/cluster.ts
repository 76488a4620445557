// A throwaway 3-master Redis Cluster for one test file: three redis-servers in cluster mode on
// free loopback ports (each with its own temporary directory, nodes.conf and bus port, no
// persistence), the slots split in three ranges, joined with CLUSTER MEET, ready once every
// node says cluster_state:ok; stopped (and the directories removed) afterwards. With a
// password, every node requires it (`requirepass`) and uses it with the others (`masterauth`).
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { freePort, type RedisServer, startRedis, tlsArgs } from "./server.js";

const REPO = fileURLToPath(new URL("../..", import.meta.url));

/** What the tests use of an ioredis client. */
export interface Client {
  call(command: string, ...args: (string | number)[]): Promise<unknown>;
  disconnect(): void;
  on(event: "error", listener: (error: Error) => void): unknown;
}

/**
 * A plain client of one node. Its connection errors are not logged: a node a test crashes is
 * reconnected to in vain until the end, and the tests read errors from the commands they send.
 */
function connectTo(url: string, options: object = {}): Client {
  const client = new Redis(url, { maxRetriesPerRequest: 2, ...options });
  client.on("error", () => {});
  return client;
}

/** ioredis is a dependency of packages/redis-streams (not of the root): resolved from there. */
const { Redis } = createRequire(join(REPO, "packages/redis-streams/package.json"))("ioredis") as {
  Redis: new (url: string, options: object) => Client;
};

const SLOTS = 16384;

/**
 * Waits until `pending` answers undefined, asking every 50 ms for up to 15 s; then fails with
 * `what` and its last answer (the state it was waiting on).
 */
async function until(what: string, pending: () => Promise<string | undefined>): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const state = await pending();
    if (state === undefined) return;
    if (attempt >= 300) throw new Error(`${what}:\n${state}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** What the nodes say of the cluster (CLUSTER INFO), or undefined when each says it is ok. */
async function notOk(clients: Client[]): Promise<string | undefined> {
  const states = await Promise.all(
    clients.map(async (c) => String(await c.call("CLUSTER", "INFO"))),
  );
  return states.every((s) => /^cluster_state:ok\s*$/m.test(s)) ? undefined : states.join("\n");
}

const nodeTimeout = (ms: number | undefined) =>
  ms === undefined ? [] : ["--cluster-node-timeout", String(ms)];

/** The arguments of a cluster-mode node with its own nodes.conf (in `dir`) and bus port. */
export const clusterNode = (bus: number) => (dir: string) => [
  "--cluster-enabled",
  "yes",
  "--cluster-config-file",
  join(dir, "nodes.conf"),
  "--cluster-port",
  String(bus),
];

export interface ClusterNode extends RedisServer {
  /** Its cluster bus port. */
  bus: number;
  /** Its TLS port, when the cluster serves TLS. */
  tlsPort?: number;
  /** The first and last slot this master serves. */
  slots: [number, number];
}

export interface RedisCluster {
  nodes: ClusterNode[];
  /** A plain (single-node) client of node i, which does not follow redirections. */
  client(i: number): Client;
  /** The node serving `slot` as the slots were first assigned (not after `migrateSlot`). */
  owner(slot: number): ClusterNode;
  stop(): Promise<void>;
}

/** What the nodes require (a password; TLS on a port of its own, the bus too), and how soon they fail over. */
export interface ClusterOptions {
  password?: string;
  /** Serve TLS too (TEST_TLS), on a port of its own, the bus included. */
  tls?: boolean;
  /** How long a node may not answer before the cluster counts it failed (Redis: 15 s). */
  nodeTimeoutMs?: number;
}

export async function startRedisCluster(
  masters = 3,
  { password, tls, nodeTimeoutMs }: ClusterOptions = {},
): Promise<RedisCluster> {
  const auth = password === undefined ? [] : ["--requirepass", password, "--masterauth", password];
  const timeout = nodeTimeout(nodeTimeoutMs);
  const servers: RedisServer[] = [];
  const buses: number[] = [];
  const tlsPorts: (number | undefined)[] = [];
  const clients: Client[] = [];
  const stop = async () => {
    for (const c of clients) c.disconnect();
    await Promise.all(servers.map((s) => s.stop()));
  };
  try {
    for (let i = 0; i < masters; i++) {
      // An explicit bus port: the default (port + 10000) may be taken or past 65535.
      const bus = await freePort();
      buses.push(bus);
      const tlsPort = tls ? await freePort() : undefined;
      tlsPorts.push(tlsPort);
      const secure = tlsPort === undefined ? [] : [...tlsArgs(tlsPort), "--tls-cluster", "yes"];
      servers.push(
        await startRedis((dir) => [...clusterNode(bus)(dir), ...auth, ...secure, ...timeout]),
      );
    }
    const nodes: ClusterNode[] = servers.map((s, i) => ({
      ...s,
      bus: buses[i]!,
      ...(tlsPorts[i] === undefined ? {} : { tlsPort: tlsPorts[i] }),
      slots: [Math.floor((SLOTS * i) / masters), Math.floor((SLOTS * (i + 1)) / masters) - 1] as [
        number,
        number,
      ],
    }));
    for (const node of nodes)
      clients.push(connectTo(node.url, password === undefined ? {} : { password }));
    for (const [i, node] of nodes.entries()) {
      // Distinct epochs before the nodes meet, as redis-cli --cluster create does: no conflict
      // for the cluster to settle.
      await clients[i]!.call("CLUSTER", "SET-CONFIG-EPOCH", i + 1);
      await clients[i]!.call("CLUSTER", "ADDSLOTSRANGE", node.slots[0], node.slots[1]);
    }
    for (const node of nodes.slice(1))
      await clients[0]!.call("CLUSTER", "MEET", "127.0.0.1", node.port, node.bus);
    await until("the cluster did not form", () => notOk(clients));
    return {
      nodes,
      client: (i) => clients[i]!,
      owner: (slot) => nodes.find((n) => n.slots[0] <= slot && slot <= n.slots[1])!,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** A replica of one master of a cluster: its node, a plain client of it, and how to stop it. */
export interface Replica {
  node: RedisServer;
  client: Client;
  stop(): Promise<void>;
}

/**
 * Starts one more node, has it join `cluster` and replicate `master` (a node of it), and waits
 * until it has the master's data (`master_link_status:up`) and every node says the cluster is
 * ok. Stopping the cluster does not stop it: `stop` does.
 */
export async function addReplica(
  cluster: RedisCluster,
  master: ClusterNode,
  { nodeTimeoutMs }: Pick<ClusterOptions, "nodeTimeoutMs"> = {},
): Promise<Replica> {
  const bus = await freePort();
  const node = await startRedis((dir) => [...clusterNode(bus)(dir), ...nodeTimeout(nodeTimeoutMs)]);
  const client = connectTo(node.url);
  const stop = async () => {
    client.disconnect();
    await node.stop();
  };
  try {
    const first = cluster.client(cluster.nodes.indexOf(master));
    await first.call("CLUSTER", "MEET", "127.0.0.1", node.port, bus);
    const id = String(await first.call("CLUSTER", "MYID"));
    // The replica must know the master before it can replicate it.
    await until("the replica never learnt its master", () =>
      client.call("CLUSTER", "REPLICATE", id).then(
        () => undefined,
        (error: Error) => error.message,
      ),
    );
    await until("the replica did not sync", async () => {
      const info = String(await client.call("INFO", "replication"));
      if (!/^master_link_status:up\s*$/m.test(info)) return info;
      return notOk([...cluster.nodes.map((_, i) => cluster.client(i)), client]);
    });
    return { node, client, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Moves `slot` to master `to` the way `redis-cli --cluster reshard` does: the target imports
 * it, the owner migrates it, its keys are sent over one at a time, then every master is told
 * the new owner. `afterKey` runs after each key (given how many have moved): while it runs,
 * commands meet the slot half moved (ASK for a key gone, TRYAGAIN for a command on keys on
 * both nodes). Returns how many keys were moved.
 */
export async function migrateSlot(
  cluster: RedisCluster,
  slot: number,
  to: ClusterNode,
  afterKey: (moved: number) => unknown = () => {},
): Promise<number> {
  const from = cluster.owner(slot);
  const source = cluster.client(cluster.nodes.indexOf(from));
  const target = cluster.client(cluster.nodes.indexOf(to));
  const targetId = String(await target.call("CLUSTER", "MYID"));
  await target.call(
    "CLUSTER",
    "SETSLOT",
    slot,
    "IMPORTING",
    String(await source.call("CLUSTER", "MYID")),
  );
  await source.call("CLUSTER", "SETSLOT", slot, "MIGRATING", targetId);
  let moved = 0;
  for (;;) {
    const keys = (await source.call("CLUSTER", "GETKEYSINSLOT", slot, 1)) as string[];
    if (keys.length === 0) break;
    await source.call("MIGRATE", "127.0.0.1", to.port, "", 0, 5000, "KEYS", ...keys);
    moved += keys.length;
    await afterKey(moved);
  }
  // The target first, then the rest (as redis-cli does): no moment where nobody owns it.
  await target.call("CLUSTER", "SETSLOT", slot, "NODE", targetId);
  for (const [i, node] of cluster.nodes.entries())
    if (node !== to) await cluster.client(i).call("CLUSTER", "SETSLOT", slot, "NODE", targetId);
  return moved;
}
