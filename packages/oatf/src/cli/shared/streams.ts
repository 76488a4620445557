// Broker adapters, loaded on demand (issue 24 §4): `oatf monitor` and `oatf publish` import
// @oatf/redis-streams only when asked to, so the broker client is never a dependency of the
// core packages and `oatf` starts without it. Users install it next to `oatf`
// (`npm install @oatf/redis-streams`); `oatf` lists it as a devDependency only (for its tests):
// as an optional peer, every minor release of the adapter made changesets bump `oatf` to a new
// major (test/changesets.test.ts). So the module is checked for what the CLI calls.
import { UsageError } from "./args.js";

type RedisStreams = typeof import("@oatf/redis-streams");

/** The package name to install, as the error names it. */
export const REDIS_PACKAGE = "@oatf/redis-streams";

/** The adapter module, or why it could not be loaded (not installed, or broken). */
export async function loadRedisStreams(
  importer: () => Promise<unknown> = () => import("@oatf/redis-streams"),
): Promise<{ ok: true; module: RedisStreams } | { ok: false; reason: string }> {
  try {
    const module = (await importer()) as RedisStreams | undefined;
    if (
      typeof module?.createRedisSource !== "function" ||
      typeof module?.publishToRedis !== "function"
    )
      return {
        ok: false,
        reason: `the installed ${REDIS_PACKAGE} is not one this oatf can use (update both)`,
      };
    return { ok: true, module };
  } catch (error) {
    const code = (error as { code?: unknown })?.code;
    const missing = code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND";
    return {
      ok: false,
      reason: missing
        ? `--redis needs the ${REDIS_PACKAGE} package, which is not installed (npm install ${REDIS_PACKAGE})`
        : `cannot load ${REDIS_PACKAGE}: ${(error as Error)?.message ?? String(error)}`,
    };
  }
}

/** A positive integer option, or a usage problem. */
export function positiveInteger(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!(/^\d+$/.test(value) && Number.isSafeInteger(n) && n > 0))
    throw new UsageError(`${name} must be a positive integer (got '${value}')`);
  return n;
}
