// Running the built `oatf` CLI in the Redis suite, and reading what `oatf monitor` prints:
// one copy for the monitor, record and cluster files.
import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const REPO = fileURLToPath(new URL("../..", import.meta.url));
export const CLI = join(REPO, "packages/oatf/dist/cli.js");
/** The example documents the suite's published trace (trace.ts) is evaluated against. */
export const DOCUMENTS = [
  "mcp-rug-pull.yaml",
  "a2a-skill-poisoning.yaml",
  "ag-ui-injection.yaml",
  "cross-protocol-chain.yaml",
].map((f) => join(REPO, "examples", f));

export interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface Started {
  child: ChildProcess;
  /** Output so far. */
  readonly stdout: string;
  readonly stderr: string;
  done: Promise<Run>;
}

/** Starts `oatf <args>` from the repository root, with `env` added to this environment. */
export function start(args: string[], env: NodeJS.ProcessEnv = {}): Started {
  const child = spawn(process.execPath, [CLI, ...args], {
    cwd: REPO,
    env: { ...process.env, ...env },
  });
  let stdout = "";
  let stderr = "";
  child.stdout!.setEncoding("utf8").on("data", (d: string) => {
    stdout += d;
  });
  child.stderr!.setEncoding("utf8").on("data", (d: string) => {
    stderr += d;
  });
  const done = new Promise<Run>((resolve) =>
    child.once("close", (code, signal) => resolve({ code, signal, stdout, stderr })),
  );
  return {
    child,
    get stdout() {
      return stdout;
    },
    get stderr() {
      return stderr;
    },
    done,
  };
}

/** `oatf monitor <DOCUMENTS> --redis <url> --stream <stream> --group <group> [...extra]`: a live consumer. */
export const monitorArgs = (url: string, stream: string, group: string, ...extra: string[]) => [
  "monitor",
  ...DOCUMENTS,
  "--redis",
  url,
  "--stream",
  stream,
  "--group",
  group,
  ...extra,
];

/** The same with `--drain`: it stops once the group has consumed everything. */
export const drainArgs = (url: string, stream: string, group: string, ...extra: string[]) =>
  monitorArgs(url, stream, group, "--drain", ...extra);

/** `oatf publish --trace <trace> --redis <url> --stream <stream> [...extra]` (`-` reads stdin). */
export const publishArgs = (trace: string, url: string, stream: string, ...extra: string[]) => [
  "publish",
  "--trace",
  trace,
  "--redis",
  url,
  "--stream",
  stream,
  ...extra,
];

/** Runs `oatf <args>` to its end. */
export const run = (args: string[], env?: NodeJS.ProcessEnv) => start(args, env).done;

/** The alert lines (JSONL) of a monitor's stdout, sorted; and the verdicts JSON after them. */
export function parse(stdout: string): { alerts: string[]; verdicts?: unknown } {
  const lines = stdout.split("\n");
  const at = lines.findIndex((l) => l === "[" || l === "{");
  const alerts = (at < 0 ? lines : lines.slice(0, at)).filter((l) => l !== "").sort();
  return at < 0 ? { alerts } : { alerts, verdicts: JSON.parse(lines.slice(at).join("\n")) };
}

/** Verdicts without their evaluation time. */
export function withoutTime(verdicts: unknown): unknown {
  return JSON.parse(JSON.stringify(verdicts, (k, v) => (k === "timestamp" ? undefined : v)));
}

type Entry = {
  document: string;
  verdict: { coverage: { position?: number }[]; run?: string; runs?: unknown[] } & object;
};

/**
 * Each document's spec verdict without evaluation times, and each deciding position. `oatf
 * publish` names the run of a trace without run keys (its file), so the monitor's verdict is
 * the summary of that one run: compared without the run's name, as `oatf evaluate` of the file.
 */
export function decisions(verdicts: unknown) {
  return (withoutTime(verdicts) as Entry[]).map(({ document, verdict }) => {
    const { coverage, run, runs, ...spec } = verdict;
    if (runs !== undefined && runs.length !== 1) throw new Error(`${runs.length} runs`);
    return { document, spec, positions: coverage.map((c) => c.position ?? null) };
  });
}

/** The Redis commands `startSharing` sends (an ioredis client, of one server or a cluster node). */
export interface Commands {
  call(command: string, ...args: (string | number)[]): Promise<unknown>;
}

/**
 * Starts consumers of one group (`oatf monitor` argument lists) so that they share the shards
 * from the first entry on. Left alone, the first consumer up takes every shard and may finish
 * a short stream before the next one has started: how long a process takes to start is the
 * machine's business, so a test of sharing cannot rely on it. Here the shards' leases are held,
 * as by a consumer that is still finishing, until every consumer has joined the group, then
 * freed at once: each consumer takes its share (shards / consumers) at its next renewal.
 */
export async function startSharing<T extends string[][]>(
  redis: Commands,
  stream: string,
  group: string,
  consumers: [...T],
): Promise<{ [K in keyof T]: Started }> {
  const shards = Number(await redis.call("GET", `${stream}:shards`));
  const leases = Array.from({ length: shards }, (_, i) => `${stream}:${i}:lease:${group}`);
  for (const lease of leases) await redis.call("SET", lease, "held-by-the-test", "PX", 60_000);
  const started = consumers.map((args) => start(args)) as { [K in keyof T]: Started };
  const members = `${stream}:consumers:${group}`;
  while (Number(await redis.call("ZCARD", members)) < consumers.length) {
    const exited = started.find((s) => s.child.exitCode !== null);
    if (exited !== undefined)
      throw new Error(`a consumer exited before all joined: ${(await exited.done).stderr}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  await redis.call("DEL", ...leases);
  return started;
}

/** Whether `group` has read and acknowledged every entry of the stream's shards. */
export async function caughtUp(redis: Commands, stream: string, group: string): Promise<boolean> {
  const shards = Number(await redis.call("GET", `${stream}:shards`));
  for (let i = 0; i < shards; i++) {
    const shard = `${stream}:${i}`;
    const info = (await redis.call("XINFO", "STREAM", shard)) as unknown[];
    const last = info[info.indexOf("last-generated-id") + 1];
    const groups = (await redis.call("XINFO", "GROUPS", shard)) as unknown[][];
    const mine = groups.find((g) => g[g.indexOf("name") + 1] === group);
    if (mine === undefined || mine[mine.indexOf("pending") + 1] !== 0) return false;
    if (mine[mine.indexOf("last-delivered-id") + 1] !== last) return false;
  }
  return true;
}
