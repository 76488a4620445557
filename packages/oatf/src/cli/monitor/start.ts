// What `oatf monitor` adds around consuming (issue 37 §5, §6): it may start before any traffic
// (without --shards, it waits for a producer to store the stream's shard count), it reports
// each alert once per indicator and session or on every match (--alerts), and with --drain an
// interactive stderr shows the entries read.
import type { StreamEvent, StreamSource } from "@oatf/evaluate";
import type { Diagnostic, Result } from "@oatf/model";
import { oneOfOption, type ParsedArgs } from "../shared/args.js";
import type { CliContext } from "../shared/context.js";
import type { Progress } from "../shared/progress.js";
import { safe } from "../shared/terminal.js";

export const ALERTS = ["every", "first"] as const;
export type Alerts = (typeof ALERTS)[number];

/** `--alerts first|every` (default every). */
export function alertsOption(args: ParsedArgs): Alerts {
  return oneOfOption(args, "--alerts", ALERTS, "every");
}

/** How often the shard count is looked for while waiting for the stream. */
const WAIT_MS = 500;

/** The adapter's refusal of a stream nothing was published to yet (no shard count stored). */
const NOT_PUBLISHED = /has no shard count/;

/**
 * Opens the source; when the stream was never published and no --shards was given, says so
 * once and tries again until it is (or `stopped()` says to give up: then undefined).
 */
export async function openWhenPublished(
  open: () => Promise<Result<StreamSource, Diagnostic>>,
  stream: string,
  ctx: CliContext,
  stopped: () => boolean,
): Promise<Result<StreamSource, Diagnostic> | undefined> {
  let said = false;
  for (;;) {
    const opened = await open();
    if (opened.ok || !NOT_PUBLISHED.test(opened.error.message)) return opened;
    if (!said) {
      ctx.stderr.write(
        safe`oatf monitor: waiting for ${stream} to be published (oatf publish, oatf record --redis); --shards <n> starts at once\n`,
      );
      said = true;
    }
    await new Promise((resolve) => setTimeout(resolve, WAIT_MS));
    if (stopped()) return undefined;
  }
}

/** `source`, counting the entries of each batch into `progress` as they are read. */
export function counted(source: StreamSource, progress: Progress): StreamSource {
  let entries = 0;
  return {
    acknowledge: (partition, batch, commit) => source.acknowledge(partition, batch, commit),
    delivered: (partition, sequence) => source.delivered(partition, sequence),
    snapshots: () => source.snapshots(),
    close: () => source.close(),
    async *[Symbol.asyncIterator](): AsyncGenerator<StreamEvent> {
      for await (const event of source) {
        if (event.kind === "batch") {
          entries += event.entries.length;
          progress.update(entries);
        }
        yield event;
      }
    },
  };
}
