import { defineConfig } from "vitest/config";

// The Redis suite (`pnpm test:redis`): Debian's `redis-server` on a loopback port, the built
// `oatf publish` / `oatf monitor` as child processes (a consumer is killed with SIGKILL), over
// a 100k-message trace; so it is not part of `pnpm test`. Generous timeouts for a loaded
// machine; nothing asserts wall-clock time.
export default defineConfig({
  test: {
    root: new URL("../..", import.meta.url).pathname,
    include: ["test/redis/**/*.redis.ts"],
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
});
