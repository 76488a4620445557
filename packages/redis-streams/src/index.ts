// @oatf/redis-streams: OATF session monitoring over Redis Streams (issue 24 §4). The producer
// (`publishToRedis`) shards trace messages by session key; the consumer (`createRedisSource`)
// is a StreamSource (@oatf/evaluate) for a consumer group, with one owner per shard, atomic
// checkpoints and takeover of a dead consumer's shards. Node only (ioredis).

export { MAX_SHARDS } from "./keys.js";
export type { Published, RedisPublishOptions } from "./publish.js";
export { publishToRedis } from "./publish.js";
export type { RedisSourceOptions } from "./source.js";
export { createRedisSource, DEFAULT_BATCH, DEFAULT_LEASE_MS } from "./source.js";
