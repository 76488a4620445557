// The Lua scripts that make each step atomic on the server (Redis runs a script as one
// command). A shard's lease is checked inside every write, so a consumer that lost its lease
// (paused past the TTL while another took the shard over) can store nothing.

/**
 * Commit a batch: append the alerts to the alerts stream, then acknowledge its entries and
 * store the shard's checkpoint (last id, monitor snapshot, alerts outbox), only while the lease
 * is ours. A script is not a transaction (what ran before an error stays written), so the
 * alerts go first and an alerts stream that cannot take them (another type, no id left after
 * its last) fails the whole commit before anything is acknowledged or checkpointed.
 * KEYS: lease, shard stream, checkpoint[, alerts stream]. ARGV: token, group, last id,
 * snapshot, outbox, n, n entry ids, then the alerts. Returns the checkpoint's sequence, or 0.
 */
export const COMMIT = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
local n = tonumber(ARGV[6])
if KEYS[4] and #ARGV >= 7 + n then
  local kind = redis.call('TYPE', KEYS[4])['ok']
  if kind ~= 'stream' and kind ~= 'none' then
    return redis.error_reply('the alerts stream ' .. KEYS[4] .. ' holds a ' .. kind .. ', not a stream: nothing was acknowledged')
  end
  for k = 7 + n, #ARGV do
    local added = redis.pcall('XADD', KEYS[4], '*', 'alert', ARGV[k])
    if type(added) == 'table' and added['err'] then
      if k > 7 + n then return redis.error_reply('alerts stream ' .. KEYS[4] .. ': ' .. added['err'] .. ' (after ' .. (k - 7 - n) .. ' alert(s) of the batch were appended); nothing was acknowledged') end
      return redis.error_reply('alerts stream ' .. KEYS[4] .. ': ' .. added['err'] .. ': nothing was acknowledged')
    end
  end
end
local i = 7
while i < 7 + n do
  local j = math.min(i + 499, 6 + n)
  redis.call('XACK', KEYS[2], ARGV[2], unpack(ARGV, i, j))
  i = j + 1
end
local seq = redis.call('HINCRBY', KEYS[3], 'seq', 1)
redis.call('HSET', KEYS[3], 'id', ARGV[3], 'snapshot', ARGV[4], 'outbox', ARGV[5])
return seq
`;

/** The outbox of checkpoint ARGV[1] was printed. KEYS: checkpoint. */
export const DELIVERED = `
if redis.call('HGET', KEYS[1], 'seq') == ARGV[1] then
  redis.call('HSET', KEYS[1], 'printed', ARGV[1])
end
return 1
`;

/** Extend the lease when it is ours. KEYS: lease. ARGV: token, ms. Returns 1 or 0. */
export const RENEW = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0
`;

/** Give the lease up when it is ours. KEYS: lease. ARGV: token. */
export const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`;

/**
 * Say this consumer is alive for ARGV[2] ms (server time) and count the live ones.
 * KEYS: members. ARGV: token, ms.
 */
export const HEARTBEAT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
return redis.call('ZCARD', KEYS[1])
`;
