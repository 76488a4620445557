// `oatf record` once its arguments are read: the output files, the live evaluation, and the
// stdio relay or the HTTP proxy (record.ts has the usage and the arguments).
import { resolve } from "node:path";
import type { LineSink } from "@oatf/trace";
import { HarFile, JsonlFile } from "@oatf/trace/node";
import { VERSION } from "../../version.js";
import { type CliContext, EXIT } from "../shared/context.js";
import { besideProgress, type Progress, startProgress } from "../shared/progress.js";
import { safe } from "../shared/terminal.js";
import type { RecordArgs } from "./command.js";
import { startLiveEvaluation } from "./evaluate.js";
import { harLines } from "./har-lines.js";
import { recordHttp } from "./http.js";
import { otlpLineReader, recordOtlp } from "./otlp.js";
import { claimOut, type OutClaim } from "./out-claim.js";
import { startLivePublish } from "./publish.js";
import { withRunKey } from "./run-key.js";
import { recordStdio } from "./stdio.js";

export async function runRecord(args: RecordArgs, given: CliContext): Promise<number> {
  const progress = startProgress(given.stderr, "recording");
  const ctx = { ...given, stderr: besideProgress(given.stderr, progress) };
  try {
    return await record(args, ctx, progress);
  } finally {
    progress.stop();
  }
}

async function record(args: RecordArgs, ctx: CliContext, progress: Progress): Promise<number> {
  // With HAR output the live evaluation reads the HAR's own lines (har-lines.ts).
  const where = "line";
  // OTLP lines are read by the OTLP reader; the other logs by the reader that tells their format.
  const reader = args.otlp === undefined ? undefined : otlpLineReader;
  const live =
    args.evaluate === undefined
      ? undefined
      : await startLiveEvaluation(args.evaluate, ctx, where, reader?.(), args.run);
  if (typeof live === "number") return live;
  const published =
    args.redis === undefined
      ? undefined
      : await startLivePublish(args.redis, ctx, reader?.(), args.run);
  if (typeof published === "number") return published;
  let jsonl: JsonlFile | undefined;
  let har: HarFile | undefined;
  let claim: OutClaim;
  let harText: ReturnType<typeof harLines> | undefined;
  try {
    claim = claimOut(resolve(ctx.cwd, args.out));
    if (args.format === "har") {
      harText = live === undefined ? undefined : harLines((line) => live.line(line));
      const creator = { name: "oatf record", version: VERSION };
      har = new HarFile(claim.path, creator, harText?.write, args.run);
    } else jsonl = new JsonlFile(claim.path);
  } catch (error) {
    ctx.stderr.write(safe`oatf record: cannot write ${args.out}: ${(error as Error).message}\n`);
    return EXIT.usage;
  }
  const out = claim.path === resolve(ctx.cwd, args.out) ? args.out : claim.path;
  if (out !== args.out)
    ctx.stderr.write(
      safe`oatf record: another oatf record is writing ${args.out}: this one writes ${out}\n`,
    );
  let recorded = 0;
  const sink: LineSink = (line) => {
    jsonl?.write(withRunKey(line, args.run, args.otlp !== undefined));
    if (har === undefined) live?.line(line);
    published?.line(line);
    progress.update(++recorded);
  };
  // Over stdio: how the server ended; over HTTP: 0 once stopped, 3 when it could not listen.
  let server: { code: number; started: boolean };
  try {
    server =
      args.command !== undefined
        ? await recordStdio({ command: args.command, sink, maxBody: args.maxBody }, ctx)
        : args.otlp !== undefined
          ? await recordOtlp({ ...args.otlp, sink, maxBody: args.maxBody }, ctx).then((code) => ({
              code,
              started: code === EXIT.ok,
            }))
          : await recordHttp(
              {
                ...args.listen!,
                upstream: args.upstream!,
                maxBody: args.maxBody,
                keepCredentials: args.keepCredentials,
                ...(har === undefined ? {} : { har }),
                sink,
              },
              ctx,
            ).then((code) => ({ code, started: code === EXIT.ok }));
  } finally {
    jsonl?.close();
    har?.close();
    progress.stop();
    claim.release();
    harText?.end();
  }
  const verdicts = live?.finish();
  const complete = (await published?.finish()) ?? true;
  const written = jsonl !== undefined ? `${jsonl.lines} lines` : `${har?.entries ?? 0} HAR entries`;
  ctx.stderr.write(safe`oatf record: wrote ${written} to ${out}\n`);
  // With --evaluate the verdicts decide the exit code: the server's is said, not lost.
  if (verdicts !== undefined && args.command !== undefined && server.started && server.code !== 0)
    ctx.stderr.write(`oatf record: the server exited with code ${server.code}\n`);
  return exitCode(server, verdicts, complete);
}

/**
 * The exit code (documented in RECORD_USAGE): without --evaluate the server's (stdio) or 0
 * (HTTP); with it, the verdicts' as `oatf evaluate` decides them; a server that could not be
 * started or a proxy that could not listen is 3 either way, and so is a message not published
 * (3 wins over 1, as in `oatf evaluate`).
 */
function exitCode(
  server: { code: number; started: boolean },
  verdicts: number | undefined,
  complete: boolean,
): number {
  if (!server.started || !complete) return EXIT.error;
  return verdicts ?? server.code;
}
