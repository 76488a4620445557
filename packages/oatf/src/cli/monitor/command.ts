import type { StreamSource } from "@oatf/evaluate";
import { consumeStream, mergeStreamVerdicts } from "@oatf/evaluate/stream";
import type { Document } from "@oatf/model";
import { escapeForTerminal, jsonForTerminal } from "@oatf/model/terminal";
import {
  documentEntry,
  type EvaluateReport,
  evaluateExitCode,
  renderEvaluate,
  withVerdict,
} from "../evaluate/report.js";
import { option, type ParsedArgs, UsageError } from "../shared/args.js";
import { type CliContext, EXIT } from "../shared/context.js";
import { expandInputs } from "../shared/files.js";
import { loadLiveDocuments } from "../shared/live-documents.js";
import { NO_PROGRESS, startProgress } from "../shared/progress.js";
import { loadRedisStreams, positiveInteger } from "../shared/streams.js";
import { safe } from "../shared/terminal.js";
import { emptyProblems } from "../shared/trace-problems.js";
import { type Alerts, alertsOption, counted, openWhenPublished } from "./start.js";

type RedisSourceOptions = Parameters<typeof import("@oatf/redis-streams").createRedisSource>[0];

export const MONITOR_USAGE = `Usage: oatf monitor <documents or globs...> --redis <url> --stream <key> --group <name> [options]

Evaluates the documents' indicators over trace messages published to Redis Streams (oatf publish), as one consumer of a consumer group: each session (the key the producer partitioned by) has its own evaluation state, in order. Prints one JSON line per match on stdout: {"document","indicator_id","session","run","position","result","evidence","partition","id"} ("run" when the message has one: oatf publish and oatf record --redis give every message one).

The stream is split into shards (<key>:0 ... <key>:N-1) by session key; each shard is owned by one consumer of the group at a time (a lease), taken over when its owner stops renewing it, and resumed from its checkpoint (the monitor state stored atomically with each acknowledgement), so a consumer that crashes and starts again loses and repeats no alert. Start as many consumers as there are shards at most.

Options:
  --redis <url>            redis://host:port[/db] (required), or any node of a Redis Cluster: then the stream's name needs a hash tag, e.g. '{traffic}', so all its keys are in one slot
  --stream <key>           the published stream (required)
  --group <name>           the consumer group (required); a new group starts from the stream's beginning
  --consumer <name>        this consumer's name in the group (default: host name and process id)
  --shards <n>             the shard count (default: the one oatf publish stored; must agree); before anything was published, a monitor without it waits for the first publisher, one with it starts at once and stores it
  --alerts <when>          every | first: an alert line for every matching message (default), or only the first per indicator and session (one exfiltration, request then enriched response, is one alert)
  --alerts-stream <key>    also append each alert (field "alert") to this stream, exactly once (on Redis Cluster: with the stream's hash tag, e.g. '{traffic}:alerts')
  --drain                  stop once the group has consumed and acknowledged every shard, then print the merged verdicts of the whole stream as oatf evaluate --format json does (after the alert lines): a verdict per run and their summary
  --lease-ms <ms>          how long a shard waits for a silent owner before another consumer takes it (default 10000)
  --batch <n>              entries read per shard at a time (default 500)
  --idle-ms <ms>           end a session's state after this long without a message (message time; its matches stay in the verdicts), keeping checkpoints small on long runs (default: never)

Needs the @oatf/redis-streams package (npm install @oatf/redis-streams). Stop with Ctrl-C (SIGINT) or SIGTERM: the current batch is committed and the shards released.

Exit code:
  0  stopped, or drained with every document not_exploited
  1  drained, some document exploited or partial
  2  usage error, no matching document, missing file
  3  an invalid document, Redis unreachable, a stream or alerts stream without the one hash tag on Redis Cluster, an entry that is not a trace message, a checkpoint that cannot be resumed, or an error verdict
`;

/** The verdicts' `source`. */
const SOURCE = "oatf-cli";

/** The command line of `oatf monitor`, read. */
interface MonitorArgs {
  /** The createRedisSource options the command line gives. */
  redis: RedisSourceOptions;
  idleMs: number | undefined;
  alerts: Alerts;
}

/** Reads the options; a UsageError names the first one missing or malformed. */
function monitorArgs(args: ParsedArgs): MonitorArgs {
  const required = (name: string) => {
    const value = option(args, name);
    if (value === undefined) throw new UsageError(`${name} is required`);
    return value;
  };
  if (args.positionals.length === 0) throw new UsageError("no documents given");
  const url = required("--redis");
  const stream = required("--stream");
  const group = required("--group");
  const shards = positiveInteger(option(args, "--shards"), "--shards");
  const leaseMs = positiveInteger(option(args, "--lease-ms"), "--lease-ms");
  const batch = positiveInteger(option(args, "--batch"), "--batch");
  const idleMs = positiveInteger(option(args, "--idle-ms"), "--idle-ms");
  const consumer = option(args, "--consumer");
  const alertsStream = option(args, "--alerts-stream");
  const redis: RedisSourceOptions = {
    url,
    stream,
    group,
    drain: args.options.has("--drain"),
    ...(consumer === undefined ? {} : { consumer }),
    ...(shards === undefined ? {} : { shards }),
    ...(alertsStream === undefined ? {} : { alertsStream }),
    ...(leaseMs === undefined ? {} : { leaseMs }),
    ...(batch === undefined ? {} : { batch }),
  };
  return { redis, idleMs, alerts: alertsOption(args) };
}

export async function monitorCommand(args: ParsedArgs, ctx: CliContext): Promise<number> {
  const { redis, idleMs, alerts } = monitorArgs(args);
  const { stream, drain, leaseMs } = redis;
  const { files, unmatched } = await expandInputs(args.positionals, ctx.cwd);
  if (unmatched.length > 0) {
    ctx.stderr.write(
      safe`oatf monitor: no files match ${unmatched.map((u) => `'${u}'`).join(", ")}\n`,
    );
    return EXIT.usage;
  }
  const live = await loadLiveDocuments("monitor", files, ctx);
  if (typeof live === "number") return live;
  const { documents, cel } = live;
  const loaded = await loadRedisStreams();
  if (!loaded.ok) {
    ctx.stderr.write(safe`oatf monitor: ${loaded.reason}\n`);
    return EXIT.error;
  }
  // A signal stops the run after the batch in hand (committed and printed), not a drain.
  let signalled = false;
  let source: StreamSource | undefined;
  const stop = () => {
    signalled = true;
    void source?.close();
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  const progress = drain ? startProgress(ctx.stderr, "monitoring") : NO_PROGRESS;
  const open = () => loaded.module.createRedisSource(redis);
  try {
    const created = await openWhenPublished(open, stream, ctx, () => signalled);
    if (created === undefined) return EXIT.ok;
    // The configuration's fault (the URL, the stream): said as the diagnostic says it.
    if (!created.ok) {
      ctx.stderr.write(safe`oatf monitor: ${created.error.message}\n`);
      return EXIT.error;
    }
    source = counted(created.value, progress);
    const evaluators = { source: SOURCE, ...(cel === undefined ? {} : { cel }) };
    const result = await consumeStream(source, documents, {
      ...evaluators,
      names: files,
      ...(idleMs === undefined ? {} : { idleMs }),
      alerts,
      // Progress is committed well within a short lease (the default is within 10 s already).
      ...(leaseMs === undefined ? {} : { commitMs: Math.min(1000, Math.ceil(leaseMs / 3)) }),
      encode: jsonForTerminal,
      deliver: (lines) => {
        progress.clear();
        ctx.stdout.write(`${lines.map(alertLine).join("\n")}\n`);
      },
      problem: (text) => {
        progress.clear();
        ctx.stderr.write(safe`oatf monitor: ${text}\n`);
      },
    });
    progress.stop();
    if (result.stopped !== undefined) {
      ctx.stderr.write(safe`oatf monitor: ${result.stopped}\n`);
      return EXIT.error;
    }
    if (!drain || signalled) return result.problems > 0 ? EXIT.error : EXIT.ok;
    const merged = mergeStreamVerdicts(await source.snapshots(), documents, evaluators);
    return drained(merged, files, documents, stream, result.problems, ctx);
  } catch (error) {
    ctx.stderr.write(safe`oatf monitor: ${(error as Error)?.message ?? String(error)}\n`);
    return EXIT.error;
  } finally {
    progress.stop();
    process.off("SIGINT", stop);
    process.off("SIGTERM", stop);
    await source?.close().catch(() => {});
  }
}

/** After `--drain`: the merged verdicts of the whole stream, as `oatf evaluate --format json`. */
function drained(
  merged: ReturnType<typeof mergeStreamVerdicts>,
  files: string[],
  documents: readonly (Document | undefined)[],
  stream: string,
  problems: number,
  ctx: CliContext,
): number {
  if (!merged.ok) {
    ctx.stderr.write(safe`oatf monitor: ${merged.error.message}\n`);
    return EXIT.error;
  }
  const { verdicts, messages } = merged.value;
  const report: EvaluateReport = {
    unmatched: [],
    documents: files.map((file, i) => withVerdict(documentEntry(file, documents[i]), verdicts[i]!)),
    trace: stream,
    problems: { ...emptyProblems(), errors: problems },
    messages,
    options: { allowEmptyTrace: true },
  };
  const out = renderEvaluate(report, "json", { streamed: true, command: "monitor" });
  if (out.stderr !== "") ctx.stderr.write(out.stderr);
  ctx.stdout.write(out.stdout);
  return evaluateExitCode(report);
}

/**
 * An alert as printed. The monitor encodes its alerts with `jsonForTerminal`, but an outbox a
 * previous owner left in Redis is read back as stored, and anyone who can write the key can
 * doctor it: re-encoded when it is JSON (the same JSON to a parser), escaped when it is not,
 * so no stored byte reaches the terminal raw.
 */
function alertLine(text: string): string {
  try {
    return jsonForTerminal(JSON.parse(text));
  } catch {
    return escapeForTerminal(text);
  }
}
