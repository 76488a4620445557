// The broker client (ioredis): one connection per consumer or producer, failing fast (a
// consumer that cannot reach Redis stops; its state is safe in the last checkpoint).
import { Redis } from "ioredis";

export type RedisClient = Redis;

/**
 * Connects to `url`; rejects with the reason when Redis cannot be reached. An aborted `signal`
 * drops the connection (a server that accepts but never answers would otherwise hold it).
 */
export async function connect(url: string, signal?: AbortSignal): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 2,
    retryStrategy: (times) => (times > 3 ? null : 100 * times),
  });
  let lastError: Error | undefined;
  // Without a listener ioredis prints connection errors itself; the caller reports them.
  redis.on("error", (error: Error) => {
    lastError = error;
  });
  const abort = () => {
    lastError = new Error("given up");
    redis.disconnect();
  };
  if (signal?.aborted) abort();
  signal?.addEventListener("abort", abort, { once: true });
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new Error(`cannot connect to ${url}: ${(lastError ?? (error as Error))?.message}`);
  }
  return redis;
}
