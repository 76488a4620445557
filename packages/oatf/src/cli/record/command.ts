// `oatf record`: capture protocol traffic without writing code (issue 24 §1). Over stdio the
// server command runs behind a byte-for-byte relay (stdio.ts); over HTTP a reverse
// proxy forwards to the upstream (http.ts). Either writes what it sees as a trace
// `oatf evaluate` reads, and with --evaluate the documents are evaluated as it records.
// Node only: it spawns processes and listens on sockets. What records (run.ts, with
// node:http and child processes) is loaded only when this command runs, so the other
// commands start without it.
import { oneOfOption, option, type ParsedArgs, UsageError } from "../shared/args.js";
import type { CliContext } from "../shared/context.js";
import { positiveInteger } from "../shared/streams.js";
import type { RedisTarget } from "./publish.js";

export const RECORD_USAGE = `Usage: oatf record --out <file> [options] -- <server command...>
       oatf record --listen <host:port> --upstream <url> --out <file> [options]
       oatf record --otlp <host:port> --out <file> [options]

Records the traffic between a client and a server as a trace for 'oatf evaluate'.

Over stdio, the server command is started and its standard input and output are relayed byte for byte (point the client at 'oatf record ... -- <server command>' instead of the server); its standard error passes through and its exit code is the command's. The trace is the JSON-RPC log, one line per message: {"timestamp","direction":"sent"|"received","message":{...}}.

Over HTTP, a reverse proxy listens on <host:port> (port 0 picks a free port; the address is printed on standard error) and forwards every request to <url>, relaying responses as they arrive (server-sent events are passed on event by event). It records until interrupted (SIGINT or SIGTERM), as HAR 1.2 (every exchange, bodies as text) or as the JSON-RPC log (the JSON-RPC messages, SSE data decoded; AG-UI events one per line; each line names its proxy "connection" and MCP "session").

With --otlp, an OTLP/HTTP receiver listens on <host:port> (port 0 picks a free port; the address is printed on standard error): programs instrumented with OpenTelemetry export their spans to http://<host:port>/v1/traces (JSON or protobuf, gzip or deflate), and each request is written as one line of OTLP JSON (the collector file exporter's format), until interrupted. MCP and A2A spans are read as their calls' messages (see the @oatf/trace README, "OpenTelemetry (OTLP)").

Options:
  --out <file>               the trace to write (required); when another oatf record writes it, <name>.<pid><ext> beside it
  --listen <host:port>       record over HTTP as a reverse proxy on this address
  --upstream <url>           where the proxy forwards to (with --listen)
  --otlp <host:port>         receive OpenTelemetry traces over OTLP/HTTP on this address (JSONL output)
  --format <format>          jsonl | har (default: from the --out extension, .har is HAR, else jsonl; HAR is HTTP only)
  --keep-credentials         keep the values of Authorization, Proxy-Authorization, Cookie and Set-Cookie headers in the HAR (by default they are recorded as redacted: a HAR gets shared)
  --max-body <bytes>         longest message or body recorded whole (default 16777216); longer ones are cut, with a note the reader reports
  --evaluate                 evaluate the documents given before '--' (files, globs or directories) as the traffic is recorded: each indicator's first match is printed on standard error as it happens (its evidence names the message's line in the recorded file, JSONL or HAR: the live verdict is the one 'oatf evaluate' gives the file), and each document's verdict at the end
  --redis <url>              also publish each recorded message to Redis Streams (redis://host:port[/db], or any node of a Redis Cluster with a hash-tagged --stream such as '{traffic}'), sharded by session key as 'oatf publish' does, for 'oatf monitor'; needs the @oatf/redis-streams package. The relay never waits for Redis: messages wait in a bounded queue (10000); when Redis cannot be reached or the queue is full, standard error says so once, and the messages not published are counted at the end (exit 3)
  --stream <key>             the stream to publish to (with --redis)
  --shards <n>               the stream's shard count (with --redis; default 1, or the stream's)
  --run <name>               the run key of the recorded messages (one execution of an attack against one agent: 'oatf evaluate' and 'oatf monitor' give a verdict per run), on each line of the JSON-RPC log (AG-UI event lines excepted: they are the events as sent, so an AG-UI log is the one run of its file) or OTLP lines, on each HAR entry ('_run'), and on the messages published with --redis and evaluated with --evaluate (default: the log's lines name none, and the messages published with --redis get a run of their own, named on standard error, so two recordings published to one stream stay two runs)

Examples:
  # stdio: the client starts 'oatf record' in place of the server
  oatf record --out trace.jsonl -- node server.js
  oatf record --out trace.jsonl --evaluate attacks/ -- npx some-mcp-server
  # HTTP: the client talks to 127.0.0.1:8080; Ctrl-C stops the recording
  oatf record --listen 127.0.0.1:8080 --upstream http://127.0.0.1:3000/mcp --out capture.har
  oatf record --listen 127.0.0.1:8080 --upstream http://h:3000/ --out t.jsonl --evaluate a/
  # OpenTelemetry: point the exporter at http://127.0.0.1:4318/v1/traces
  oatf record --otlp 127.0.0.1:4318 --out spans.jsonl --evaluate attacks/
  # Redis: record and publish; a monitor evaluates every session as it happens
  oatf record --out t.jsonl --redis redis://localhost --stream traffic -- node server.js
  oatf monitor attacks/ --redis redis://localhost --stream traffic --group checks

Exit code:
  without --evaluate   over stdio the server's (3 when it cannot be started); over HTTP and OTLP 0 once interrupted (SIGINT or SIGTERM; 3 when it cannot listen)
  with --evaluate      the verdicts decide, as 'oatf evaluate' of the recorded file would: 0 nothing exploited, 1 exploited or partial, 3 an error verdict, unreadable or uncorrelated messages, or nothing recorded, or an unusable document; over stdio the server's exit code does not count then (it is printed on standard error when it is not 0), except that a server that cannot be started is 3
  with --redis         3 when a message was not published (else as above)
  2                    usage error
`;

export const RECORD_FORMATS = ["jsonl", "har"] as const;
export type RecordFormat = (typeof RECORD_FORMATS)[number];

/** Default cap on one recorded message or body: the JSON-RPC reader's longest line. */
export const DEFAULT_MAX_BODY = 16 * 1024 * 1024;

export interface RecordArgs {
  out: string;
  format: RecordFormat;
  maxBody: number;
  /** --keep-credentials: the HAR keeps Authorization, Cookie and Set-Cookie values. */
  keepCredentials: boolean;
  /** The documents of --evaluate. */
  evaluate?: string[];
  /** Over stdio: the server command. */
  command?: string[];
  /** Over HTTP: where to listen and forward to. */
  listen?: { host: string; port: number };
  upstream?: URL;
  /** --otlp: where the OTLP/HTTP receiver listens. */
  otlp?: { host: string; port: number };
  /** --redis: where each message is also published. */
  redis?: RedisTarget;
  /** --run: the run key of the recorded messages. */
  run?: string;
}

function parseListen(value: string, name = "--listen"): { host: string; port: number } {
  const match = /^(?:\[([^\]]+)\]|([^:]+)):(\d+)$/.exec(value);
  const port = match ? Number(match[3]) : Number.NaN;
  if (!match || port > 65535) throw new UsageError(`${name} must be host:port (got '${value}')`);
  return { host: (match[1] ?? match[2])!, port };
}

function parseRedis(args: ParsedArgs): RedisTarget | undefined {
  const url = option(args, "--redis");
  const stream = option(args, "--stream");
  const shards = positiveInteger(option(args, "--shards"), "--shards");
  if (url === undefined) {
    if (stream !== undefined || shards !== undefined)
      throw new UsageError(`${stream !== undefined ? "--stream" : "--shards"} goes with --redis`);
    return undefined;
  }
  if (stream === undefined) throw new UsageError("--redis needs --stream <key>");
  return { url, stream, ...(shards === undefined ? {} : { shards }) };
}

/** Reads the arguments, throwing `UsageError` for what does not go together. */
export function parseRecordArgs(args: ParsedArgs): RecordArgs {
  const out = option(args, "--out");
  if (out === undefined) throw new UsageError("--out <file> is required");
  const byExtension: RecordFormat = /\.har$/i.test(out) ? "har" : "jsonl";
  const format = oneOfOption(args, "--format", RECORD_FORMATS, byExtension);
  const maxText = option(args, "--max-body");
  const maxBody = maxText === undefined ? DEFAULT_MAX_BODY : Number(maxText);
  if (!Number.isSafeInteger(maxBody) || maxBody < 1)
    throw new UsageError(`--max-body must be a positive whole number of bytes (got '${maxText}')`);
  const dashed = args.dashed ?? [];
  const before = args.positionals.slice(0, args.positionals.length - dashed.length);
  const evaluating = args.options.has("--evaluate");
  if (evaluating && before.length === 0)
    throw new UsageError("--evaluate needs documents (before '--')");
  if (!evaluating && before.length > 0)
    throw new UsageError(
      `unexpected argument '${before[0]}' (documents go with --evaluate, the server command after '--')`,
    );
  const redis = parseRedis(args);
  const run = option(args, "--run");
  if (run === "") throw new UsageError("--run needs a name");
  const keepCredentials = args.options.has("--keep-credentials");
  if (keepCredentials && format !== "har")
    throw new UsageError("--keep-credentials goes with HAR output (the JSONL log has no headers)");
  const common = {
    out,
    format,
    maxBody,
    keepCredentials,
    ...(evaluating ? { evaluate: before } : {}),
    ...(redis === undefined ? {} : { redis }),
    ...(run === undefined ? {} : { run }),
  };
  const listen = option(args, "--listen");
  const upstream = option(args, "--upstream");
  const otlp = option(args, "--otlp");
  if (otlp !== undefined) {
    if (listen !== undefined || upstream !== undefined || dashed.length > 0)
      throw new UsageError(
        "--otlp receives traces itself: no --listen, --upstream or server command",
      );
    if (format === "har") throw new UsageError("--otlp writes OTLP JSON lines (jsonl), not HAR");
    return { ...common, otlp: parseListen(otlp, "--otlp") };
  }
  if (listen === undefined) {
    if (upstream !== undefined) throw new UsageError("--upstream goes with --listen");
    if (dashed.length === 0)
      throw new UsageError("give the server command after '--', or --listen and --upstream");
    if (format === "har") throw new UsageError("HAR records HTTP: use --listen and --upstream");
    return { ...common, command: dashed };
  }
  if (dashed.length > 0) throw new UsageError("a server command goes without --listen");
  if (upstream === undefined) throw new UsageError("--listen needs --upstream <url>");
  let url: URL;
  try {
    url = new URL(upstream);
  } catch {
    throw new UsageError(`--upstream must be an http or https URL (got '${upstream}')`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new UsageError(`--upstream must be an http or https URL (got '${upstream}')`);
  return { ...common, listen: parseListen(listen), upstream: url };
}

export async function recordCommand(parsed: ParsedArgs, ctx: CliContext): Promise<number> {
  const args = parseRecordArgs(parsed);
  const { runRecord } = await import("./run.js");
  return runRecord(args, ctx);
}
