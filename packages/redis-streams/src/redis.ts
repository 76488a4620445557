// The broker client (ioredis): one connection per consumer or producer, failing fast (a
// consumer that cannot reach Redis stops; its state is safe in the last checkpoint). On Redis
// Cluster the URL names any node (a seed): the client is then an ioredis `Cluster`, which
// sends each command, script and blocking read to the node owning its keys' slot and follows
// MOVED / ASK redirections.
import { Cluster, Redis, type RedisOptions } from "ioredis";

/** A single Redis server or a whole Redis Cluster: the commands this package uses. */
export type RedisClient = Redis | Cluster;

/** Tries before a connection is given up, then the delay between them (ms). */
const retry = (times: number) => (times > 3 ? null : 100 * times);

/**
 * Connects to `url`; rejects with the reason when Redis cannot be reached. When the server
 * is a Redis Cluster node (`INFO cluster`: `cluster_enabled:1`), returns a `Cluster` client
 * seeded with it (`isCluster` true). An aborted `signal` drops the connection (a server that
 * accepts but never answers would otherwise hold it).
 */
export async function connect(url: string, signal?: AbortSignal): Promise<RedisClient> {
  const seed = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2, retryStrategy: retry });
  let client: RedisClient = seed;
  let lastError: Error | undefined;
  // Without a listener ioredis prints connection errors itself; the caller reports them.
  const onError = (error: Error) => {
    lastError = error;
  };
  seed.on("error", onError);
  const abort = () => {
    lastError = new Error("given up");
    client.disconnect();
  };
  if (signal?.aborted) abort();
  signal?.addEventListener("abort", abort, { once: true });
  try {
    await seed.connect();
    // A server that refuses INFO (renamed or ACL'd away) is used as a single server, as before.
    const info = await seed.call("INFO", "cluster").catch(() => "");
    if (isClusterNode(String(info))) {
      client = new Cluster([{ host: seed.options.host, port: seed.options.port }], {
        lazyConnect: true,
        clusterRetryStrategy: retry,
        redisOptions: nodeOptions(seed.options),
      });
      client.on("error", onError);
      client.on("node error", onError);
      seed.disconnect();
      if (signal?.aborted) abort();
      await client.connect();
    }
  } catch (error) {
    seed.disconnect();
    client.disconnect();
    throw new Error(`cannot connect to ${url}: ${(lastError ?? (error as Error))?.message}`);
  }
  return client;
}

/** Whether an `INFO cluster` reply says the server runs in cluster mode. */
export function isClusterNode(info: string): boolean {
  return /^cluster_enabled:1\s*$/m.test(info);
}

/** What every node connection of a cluster keeps from the seed's URL (credentials, TLS). */
function nodeOptions(seed: RedisOptions): RedisOptions {
  const { username, password, tls } = seed;
  return {
    maxRetriesPerRequest: 2,
    ...(username === undefined ? {} : { username }),
    ...(password === undefined ? {} : { password }),
    ...(tls === undefined ? {} : { tls }),
  };
}
