// The consumer loop of `oatf monitor` (issue 24 §4), over any StreamSource (@oatf/evaluate):
// one monitor per partition the source assigns (each session of the partition with its own
// state), resumed from the partition's checkpoint; each batch's alerts are committed with
// the batch's acknowledgement and the monitor's snapshot, then printed, then marked printed.
// A crash before the commit replays the batch from the checkpoint (same alerts, none printed
// yet); after it, the next owner prints the outbox not marked printed. No alert is lost, and
// one is printed twice only when the process dies between printing a batch and the mark.
import {
  createMonitor,
  type Monitor,
  mergeVerdicts,
  type StreamEntry,
  type StreamSource,
  type TraceMatch,
  type TraceVerdict,
} from "@oatf/evaluate";
import type { CelEvaluator, Document } from "@oatf/model";
import { jsonForTerminal } from "@oatf/model/terminal";

/** One alert line (JSONL on stdout and in the alerts stream). */
export interface Alert {
  document: string;
  indicator_id: string;
  session: string;
  position: number;
  result: string;
  evidence?: string;
  /** The partition (shard stream) and the entry id that raised it. */
  partition: string;
  id: string;
}

export interface MonitorRunOptions {
  /** The documents (normalized) and the names alerts give them. */
  documents: readonly Document[];
  files: readonly string[];
  cel?: CelEvaluator;
  /** A session without a message for this long (message time, ms) ends; its verdicts are kept. */
  idleMs?: number;
  /** Prints alert lines (one string of whole lines, written at once). */
  print(lines: string): void;
  /** A problem (an entry that is not a message, a checkpoint that cannot be resumed). */
  problem(text: string): void;
}

export interface MonitorRunResult {
  /** Messages evaluated by this consumer. */
  messages: number;
  alerts: number;
  /** Entries that were not trace messages, and checkpoints not resumed. */
  problems: number;
  /** Set when a checkpoint could not be resumed: the run stopped there. */
  stopped?: string;
}

const SOURCE = "oatf-cli";

/** Consumes `source` until it ends (drained or closed). Rejects only on broker errors. */
export async function runMonitor(
  source: StreamSource,
  o: MonitorRunOptions,
): Promise<MonitorRunResult> {
  const result: MonitorRunResult = { messages: 0, alerts: 0, problems: 0 };
  const monitors = new Map<string, Monitor>();
  let current: StreamEntry | undefined;
  let partition = "";
  let raised: string[] = [];
  const onMatch = (match: TraceMatch) => {
    if (current === undefined) return;
    const alert: Alert = {
      document: o.files[match.document] ?? String(match.document),
      indicator_id: match.verdict.indicator_id,
      session: match.session ?? current.session,
      position: match.position,
      result: match.verdict.result,
      ...(match.verdict.evidence === undefined ? {} : { evidence: match.verdict.evidence }),
      partition,
      id: current.id,
    };
    raised.push(jsonForTerminal(alert));
  };
  const newMonitor = () =>
    createMonitor(o.documents, {
      source: SOURCE,
      ...(o.cel === undefined ? {} : { cel: o.cel }),
      ...(o.idleMs === undefined ? {} : { idleMs: o.idleMs }),
      // The producer's partition key: the session the entry was published under.
      key: () => current?.session,
      onMatch,
    });

  for await (const event of source) {
    if (event.kind === "revoked") {
      monitors.delete(event.partition);
      continue;
    }
    if (event.kind === "assigned") {
      const monitor = newMonitor();
      const { snapshot, undelivered, sequence } = event.checkpoint;
      if (snapshot !== undefined) {
        const restored = restore(monitor, snapshot);
        if (restored !== undefined) {
          result.problems++;
          result.stopped = `the checkpoint of ${event.partition} cannot be resumed: ${restored} (the documents changed? monitor with a new --group)`;
          return result;
        }
      }
      monitors.set(event.partition, monitor);
      if (undelivered.length > 0) {
        o.print(`${undelivered.join("\n")}\n`);
        result.alerts += undelivered.length;
        await source.delivered(event.partition, sequence);
      }
      continue;
    }
    const monitor = monitors.get(event.partition);
    if (monitor === undefined) continue;
    raised = [];
    partition = event.partition;
    for (const entry of event.entries) {
      if (entry.message === undefined) {
        result.problems++;
        o.problem(`${event.partition} ${entry.id}: ${entry.problem ?? "not a trace message"}`);
        continue;
      }
      current = entry;
      const { message } = entry;
      // Positions across the whole published trace: the producer's line, else the entry's.
      monitor.push(
        Number.isSafeInteger(message.line) || entry.position <= 0
          ? message
          : { ...message, line: entry.position },
      );
      result.messages++;
    }
    current = undefined;
    const alerts = raised;
    const snapshot = JSON.stringify(monitor.snapshot());
    const sequence = await source.acknowledge(event.partition, event.entries, { snapshot, alerts });
    if (sequence === undefined) {
      monitors.delete(event.partition); // lost meanwhile: its new owner replays the batch
      continue;
    }
    if (alerts.length > 0) {
      o.print(`${alerts.join("\n")}\n`);
      result.alerts += alerts.length;
      await source.delivered(event.partition, sequence);
    }
  }
  return result;
}

/** Why `snapshot` (JSON text) cannot be resumed by `monitor`, or undefined once resumed. */
function restore(monitor: Monitor, snapshot: string): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(snapshot);
  } catch {
    return "it is not JSON";
  }
  const restored = monitor.restore(value);
  if (restored.ok) return undefined;
  const { message, path } = restored.error;
  return path === "" ? message : `${path}: ${message}`;
}

/**
 * The verdicts of every partition's last snapshot, merged as one evaluation of the whole
 * stream (`mergeVerdicts`), and the messages they cover; or why they cannot be.
 */
export function mergedVerdicts(
  snapshots: readonly string[],
  documents: readonly Document[],
  cel: CelEvaluator | undefined,
): { ok: true; verdicts: TraceVerdict[]; messages: number } | { ok: false; reason: string } {
  const parts: TraceVerdict[][] = [];
  let messages = 0;
  for (const snapshot of snapshots) {
    const monitor = createMonitor(documents, { source: SOURCE, ...(cel ? { cel } : {}) });
    const why = restore(monitor, snapshot);
    if (why !== undefined) return { ok: false, reason: `a checkpoint cannot be read: ${why}` };
    messages += monitor.count;
    parts.push(monitor.verdicts());
  }
  const merged = mergeVerdicts(documents, parts, { source: SOURCE, ...(cel ? { cel } : {}) });
  if (!merged.ok) return { ok: false, reason: merged.error.message };
  return { ok: true, verdicts: merged.value, messages };
}
