// `oatf publish --trace <file|-> --redis URL --stream KEY [--shards N]` (issue 24 §4): the
// producer side of `oatf monitor`: reads a trace in any format the readers know and appends
// each message to the shard of its session key (session, else actor: see `partitionKey`),
// keeping its line as its position. Reading problems are printed and fail the command (exit
// 3): a line the consumers never see must not pass unnoticed. A message without a run key
// gets the recording's (`--run`, else one named after the file: path and content hash), so two
// recordings published to one stream stay two runs, and a message with neither session nor
// actor is keyed by it rather than by "" (contract: the run key).
import { createHash, randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { resolve } from "node:path";
import type { TraceMessage } from "@oatf/evaluate";
import { partitionKey, readTrace, TRACE_FORMATS, type TraceFormat } from "@oatf/trace";
import { option, type ParsedArgs, UsageError } from "../shared/args.js";
import { type CliContext, EXIT } from "../shared/context.js";
import { plural } from "../shared/report.js";
import { loadRedisStreams, positiveInteger } from "../shared/streams.js";
import { safe } from "../shared/terminal.js";
import { openTrace } from "../shared/trace.js";
import { renderTraceProblem } from "../shared/trace-problems.js";

export const PUBLISH_USAGE = `Usage: oatf publish --trace <file|-> --redis <url> --stream <key> [options]

Publishes a trace's messages to Redis Streams for oatf monitor: each message goes to the shard <key>:i where i is a hash of its session key mod the shard count, so each session's messages stay together and in order. The session key is the message's "session" (proxy connection id, MCP session id, A2A contextId, AG-UI threadId), else its "actor" (the connection of a multi-actor run), else its run — never a message id or a direction: request/response correlation and AG-UI tool-call naming are per connection. Each message keeps its trace line, its position in evidence and verdicts.

The monitor gives a verdict per run (one execution of the attack against one agent). A message without a "run" key gets the recording's: --run NAME, else one named after the trace file (its path and the sha256 of its content; standard input: a random name), said on standard error, so two recordings published to one stream stay two runs.

Options:
  --trace <file|->          the trace (required; '-' reads standard input)
  --trace-format <format>   ${TRACE_FORMATS.join(" | ")} (default: detected from the first lines)
  --redis <url>             redis://host:port[/db] (required), or any node of a Redis Cluster: then the stream's name needs a hash tag, e.g. '{traffic}', so all its keys are in one slot
  --stream <key>            the stream (required)
  --shards <n>              the shard count, stored with the stream on first publish (default 1; must agree after)
  --run <name>              the run of the messages that name none (default: the trace's path and content hash)

Needs the @oatf/redis-streams package (npm install @oatf/redis-streams).

Exit code:
  0  every message published
  2  usage error, missing trace file
  3  Redis unreachable, another shard count, a stream without a hash tag on Redis Cluster, unreadable trace lines (the rest is published)
`;

/** The command line of `oatf publish`, read. */
interface PublishArgs {
  trace: string;
  url: string;
  stream: string;
  shards: number | undefined;
  format: TraceFormat | undefined;
  /** The run named by `--run`. */
  given: string | undefined;
}

/** Reads the options; a UsageError names the first one missing or malformed. */
function publishArgs(args: ParsedArgs): PublishArgs {
  const required = (name: string) => {
    const value = option(args, name);
    if (value === undefined) throw new UsageError(`${name} is required`);
    return value;
  };
  if (args.positionals.length > 0)
    throw new UsageError(`unexpected argument '${args.positionals[0]}'`);
  const trace = required("--trace");
  const url = required("--redis");
  const stream = required("--stream");
  const shards = positiveInteger(option(args, "--shards"), "--shards");
  const format = option(args, "--trace-format");
  if (format !== undefined && !TRACE_FORMATS.includes(format as TraceFormat))
    throw new UsageError(`--trace-format must be one of ${TRACE_FORMATS.join(", ")}`);

  const given = option(args, "--run");
  if (given === "") throw new UsageError("--run needs a name");
  return { trace, url, stream, shards, format: format as TraceFormat | undefined, given };
}

export async function publishCommand(args: ParsedArgs, ctx: CliContext): Promise<number> {
  const { trace, url, stream, shards, format, given } = publishArgs(args);
  const loaded = await loadRedisStreams();
  if (!loaded.ok) {
    ctx.stderr.write(safe`oatf publish: ${loaded.reason}\n`);
    return EXIT.error;
  }
  const opened = openTrace(trace, ctx.cwd, ctx.stdin ?? process.stdin);
  if (!opened.ok) {
    ctx.stderr.write(safe`oatf publish: cannot read ${trace}: ${opened.reason}\n`);
    return EXIT.usage;
  }
  let run: string;
  try {
    run = given ?? (await recordingRun(trace, ctx.cwd));
  } catch (error) {
    opened.close();
    ctx.stderr.write(safe`oatf publish: cannot read ${trace}: ${(error as Error).message}\n`);
    return EXIT.usage;
  }
  let unnamed = 0;
  let problems = 0;
  async function* messages(): AsyncGenerator<TraceMessage> {
    const records = readTrace(opened.ok ? opened.source : [], {
      ...(format === undefined ? {} : { format }),
    });
    for await (const record of records) {
      if (record.kind === "message") {
        if (typeof record.message.run !== "string") {
          record.message.run = run;
          unnamed++;
        }
        yield record.message;
        continue;
      }
      const d = record.diagnostic;
      if (d.severity !== "warning") problems++;
      ctx.stderr.write(renderTraceProblem(trace, d, "publish"));
    }
  }
  try {
    const result = await loaded.module.publishToRedis(
      {
        url,
        stream,
        ...(shards === undefined ? {} : { shards }),
        key: (message) => partitionKey(message) || (message.run ?? ""),
      },
      messages(),
    );
    if (!result.ok) {
      ctx.stderr.write(safe`oatf publish: ${result.error.message}\n`);
      return EXIT.error;
    }
    const published = result.value;
    if (unnamed > 0 && given === undefined)
      ctx.stderr.write(
        safe`oatf publish: ${plural(unnamed, "message")} without a run key published as run '${run}' (name it with --run)\n`,
      );
    ctx.stderr.write(
      safe`oatf publish: ${plural(published.messages, "message")} to ${stream} in ${plural(published.shards, "shard")} (${published.perShard.join(", ")})\n`,
    );
  } catch (error) {
    ctx.stderr.write(safe`oatf publish: ${(error as Error)?.message ?? String(error)}\n`);
    return EXIT.error;
  } finally {
    opened.close();
  }
  return problems > 0 ? EXIT.error : EXIT.ok;
}

/**
 * The run of a recording's messages that name none: the trace file's path and the start of
 * its content's sha256 (the same recording is the same run, two are two), or for standard
 * input, which cannot be read twice, a random name.
 */
export async function recordingRun(trace: string, cwd: string): Promise<string> {
  if (trace === "-") return `stdin-${randomUUID()}`;
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(resolve(cwd, trace))) hash.update(chunk as Buffer);
  return `${trace}#${hash.digest("hex").slice(0, 16)}`;
}
