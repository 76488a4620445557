// `oatf record` once its arguments are read: the output files, the live evaluation, and the
// stdio relay or the HTTP proxy (record.ts has the usage and the arguments).
import { resolve } from "node:path";
import { type CliContext, EXIT } from "./context.js";
import type { RecordArgs } from "./record.js";
import { startLiveEvaluation } from "./record-evaluate.js";
import { HarFile } from "./record-har.js";
import { recordHttp } from "./record-http.js";
import { JsonlFile, type LineSink } from "./record-log.js";
import { recordStdio } from "./record-stdio.js";
import { safe } from "./terminal.js";

export async function runRecord(args: RecordArgs, ctx: CliContext): Promise<number> {
  const where = args.format === "jsonl" ? "line" : "message";
  const live =
    args.evaluate === undefined ? undefined : await startLiveEvaluation(args.evaluate, ctx, where);
  if (typeof live === "number") return live;
  let jsonl: JsonlFile | undefined;
  let har: HarFile | undefined;
  try {
    const path = resolve(ctx.cwd, args.out);
    if (args.format === "har") har = new HarFile(path);
    else jsonl = new JsonlFile(path);
  } catch (error) {
    ctx.stderr.write(safe`oatf record: cannot write ${args.out}: ${(error as Error).message}\n`);
    return EXIT.usage;
  }
  const sink: LineSink | undefined =
    jsonl === undefined && live === undefined
      ? undefined
      : (line) => {
          jsonl?.write(line);
          live?.line(line);
        };
  let code: number;
  try {
    code =
      args.command !== undefined
        ? await recordStdio({ command: args.command, sink: sink!, maxBody: args.maxBody }, ctx)
        : await recordHttp(
            {
              ...args.listen!,
              upstream: args.upstream!,
              maxBody: args.maxBody,
              ...(har === undefined ? {} : { har }),
              ...(sink === undefined ? {} : { sink }),
            },
            ctx,
          );
  } finally {
    jsonl?.close();
    har?.close();
  }
  live?.finish();
  const written = jsonl !== undefined ? `${jsonl.lines} lines` : `${har?.entries ?? 0} HAR entries`;
  ctx.stderr.write(safe`oatf record: wrote ${written} to ${args.out}\n`);
  return code;
}
