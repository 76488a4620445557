// The broker client (ioredis): one client per consumer or producer, failing fast (a
// consumer that cannot reach Redis stops; its state is safe in the last checkpoint). On Redis
// Cluster the URL names any node (a seed): the client is then an ioredis `Cluster`, which
// sends each command, script and blocking read to the node owning its keys' slot and follows
// MOVED / ASK redirections.
import type { Diagnostic, Result } from "@oatf/model";
import { diagnostic } from "@oatf/model/internal";
import { Cluster, Redis, type RedisOptions } from "ioredis";

/** A single Redis server or a whole Redis Cluster: the commands this package uses. */
export type RedisClient = Redis | Cluster;

/** Tries before a connection is given up, then the delay between them (ms). */
const retry = (times: number) => (times > 3 ? null : 100 * times);

const FAIL_FAST = {
  maxRetriesPerRequest: 2,
  // How long a dropped connection's socket may take to close before it is destroyed: its
  // timer keeps the process alive, so a command that failed to connect exits that much later
  // (2 s by default); a socket that closes normally does so in well under this.
  disconnectTimeout: 200,
} satisfies RedisOptions;

/**
 * Connects to `url`; rejects with the reason when Redis cannot be reached. When the server
 * is a Redis Cluster node (`INFO cluster`: `cluster_enabled:1`), returns a `Cluster` client
 * seeded with it (`isCluster` true). An aborted `signal` drops the connection (a server that
 * accepts but never answers would otherwise hold it).
 */
export async function connect(url: string, signal?: AbortSignal): Promise<RedisClient> {
  let seed: Redis;
  try {
    seed = new Redis(url, { lazyConnect: true, retryStrategy: retry, ...FAIL_FAST });
  } catch (error) {
    throw new Error(`not a Redis URL (${(error as Error)?.message})`);
  }
  let client: RedisClient = seed;
  let lastError: Error | undefined;
  // Without a listener ioredis prints connection errors itself; the caller reports them.
  const onError = (error: Error) => {
    lastError = error;
  };
  seed.on("error", onError);
  // A cluster client between retries has no connection to drop, so nothing of it would
  // settle: each step races the abort.
  let giveUp!: (error: Error) => void;
  const gaveUp = new Promise<never>((_, reject) => {
    giveUp = reject;
  });
  gaveUp.catch(() => {});
  const abort = () => {
    lastError = new Error("given up");
    client.disconnect();
    giveUp(lastError);
  };
  if (signal?.aborted) abort();
  signal?.addEventListener("abort", abort, { once: true });
  try {
    await Promise.race([seed.connect(), gaveUp]);
    // A server that refuses INFO (renamed or ACL'd away) is used as a single server, as before.
    const info = await Promise.race([seed.call("INFO", "cluster").catch(() => ""), gaveUp]);
    if (isClusterNode(String(info))) {
      const cluster = new Cluster([{ host: seed.options.host, port: seed.options.port }], {
        lazyConnect: true,
        clusterRetryStrategy: retry,
        ...RIDE_OUT_FAILOVER,
        redisOptions: nodeOptions(seed.options),
      });
      client = cluster;
      cluster.on("error", onError);
      cluster.on("node error", onError);
      seed.disconnect();
      // A cluster that never gets ready (cluster_state:fail) ends after its retries without
      // settling connect(): its end is the failure.
      const ended = new Promise<never>((_, reject) =>
        cluster.once("end", () => reject(new Error(NOT_READY))),
      );
      ended.catch(() => {});
      await Promise.race([cluster.connect(), ended, gaveUp]);
    }
  } catch (error) {
    seed.disconnect();
    client.disconnect();
    const why = (lastError ?? (error as Error))?.message;
    throw new Error(`cannot connect to ${serverOf(seed.options)}: ${why}`);
  }
  return client;
}

/**
 * `connect`, a URL that names no server or a server that does not answer (or refuses the
 * credentials) given back as a `C-BROKER-URL` diagnostic: the user's configuration, not a
 * failure of the run.
 */
export async function openRedis(
  url: string,
  signal?: AbortSignal,
): Promise<Result<RedisClient, Diagnostic>> {
  try {
    return { ok: true, value: await connect(url, signal) };
  } catch (error) {
    return { ok: false, error: diagnostic("C-BROKER-URL", (error as Error).message) };
  }
}

/**
 * The server a client was given, for messages: its host and port (or socket path) as ioredis
 * read them from the URL, never the URL itself, whose user info or query may hold a password
 * (and stderr ends up in CI logs).
 */
function serverOf(options: RedisOptions): string {
  if (typeof options.path === "string") return options.path;
  const host = String(options.host);
  return `${host.includes(":") ? `[${host}]` : host}:${options.port}`;
}

/**
 * A failover is waited out, not failed: while a dead master's replica takes over (the
 * cluster's node timeout, 15 s by default, and an election), a command is sent again on the
 * refreshed slot map every 250 ms, for up to 30 s.
 */
const RIDE_OUT_FAILOVER = {
  maxRedirections: 120,
  retryDelayOnFailover: 250,
  retryDelayOnClusterDown: 250,
  retryDelayOnTryAgain: 250,
};

const NOT_READY = "the cluster is not ready (cluster_state:fail) or none of its nodes answers";

/** Whether an `INFO cluster` reply says the server runs in cluster mode. */
export function isClusterNode(info: string): boolean {
  return /^cluster_enabled:1\s*$/m.test(info);
}

/** What every node connection of a cluster keeps from the seed's URL (credentials, TLS). */
function nodeOptions(seed: RedisOptions): RedisOptions {
  const { username, password, tls } = seed;
  return {
    ...FAIL_FAST,
    ...(username === undefined ? {} : { username }),
    ...(password === undefined ? {} : { password }),
    ...(tls === undefined ? {} : { tls }),
  };
}
