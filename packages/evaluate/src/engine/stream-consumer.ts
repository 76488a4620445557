// The consumer loop over a partitioned stream (issue 24 §4), for any broker adapter's
// StreamSource (stream-source.ts) and any program: one monitor per partition the source
// assigns (each session of the partition with its own state), resumed from the partition's
// checkpoint; each batch's alerts are committed with the batch's acknowledgement and the
// monitor's snapshot, then delivered, then marked delivered. A crash before the commit
// replays the batch from the checkpoint (same alerts, none delivered yet); after it, the next
// owner delivers the outbox not marked delivered. No alert is lost, and one is delivered twice
// only when the process dies between delivering a batch and the mark. Browser-safe: the
// adapter owns the broker client, this loop the evaluation (`oatf monitor` runs it).
import type { Diagnostic, Document, Result } from "@oatf/model";
import { diagnosticOf, EVALUATION_RULES } from "@oatf/model/internal";
import type { TraceVerdict } from "./coverage.js";
import type { IndicatorEvaluators } from "./indicator.js";
import { mergeVerdicts } from "./merge.js";
import { createMonitor, type Monitor } from "./monitor.js";
import type { PartitionCheckpoint, StreamEntry, StreamSource } from "./stream-source.js";
import type { TraceMatch } from "./trace-evaluator.js";

/** One alert: a match of one indicator in one session, and the entry that raised it. */
export interface StreamAlert {
  /** The document's name (`names`), else its index. */
  document: string;
  indicator_id: string;
  session: string;
  /** The message's run, when it has one. */
  run?: string;
  position: number;
  result: string;
  evidence?: string;
  /** The partition and the broker's id of the entry that raised it. */
  partition: string;
  id: string;
}

export interface ConsumeStreamOptions extends IndicatorEvaluators {
  /** The names alerts give the documents, in order (default: their index). */
  names?: readonly string[];
  /** Verdict `source` of the monitors' verdicts. */
  source?: string;
  /** A session without a message for this long (message time, ms) ends; its verdicts are kept. */
  idleMs?: number;
  /** `every` (default): an alert per matching message; `first`: once per indicator per session (createMonitor's `alerts`). */
  alerts?: "every" | "first";
  /** An alert's text, committed with its batch and delivered (default `JSON.stringify`). */
  encode?: (alert: StreamAlert) => string;
  /**
   * Delivers the alerts of a committed batch (or of a checkpoint a previous owner committed
   * and did not mark delivered); they are marked delivered once it returns or resolves.
   */
  deliver: (alerts: readonly string[]) => void | Promise<void>;
  /**
   * An entry that is not a trace message (counted in `problems`, skipped), or a batch part
   * that could not be committed because the partition was lost meanwhile (not counted: its
   * next owner evaluates it again from the last checkpoint).
   */
  problem?: (text: string) => void;
  /**
   * A batch is committed in parts of at most this many message code units (`StreamEntry.bytes`;
   * default 8 MiB), so what one commit holds back is bounded whatever the entries' size.
   */
  commitBytes?: number;
  /**
   * …and of at most this long an evaluation (ms, default 1,000; wall-clock time only decides
   * where a batch is cut, never a verdict), so progress is stored well within the broker's lease.
   */
  commitMs?: number;
}

/** Default `commitBytes`. */
const DEFAULT_COMMIT_BYTES = 8 * 1024 * 1024;
/** Default `commitMs`. */
const DEFAULT_COMMIT_MS = 1000;
/**
 * The longest the loop evaluates without letting the event loop run (ms): the adapter's lease
 * renewals (timers) run during a long batch, not only between batches.
 */
const YIELD_MS = 25;

export interface ConsumeStreamResult {
  /** Messages evaluated by this consumer. */
  messages: number;
  /** Alerts delivered. */
  alerts: number;
  /** Entries that were not trace messages, and checkpoints not resumed. */
  problems: number;
  /** Set when a checkpoint could not be resumed: the loop stopped there. */
  stopped?: string;
}

/**
 * Consumes `source` until it ends (drained or closed), evaluating `documents` (normalized) per
 * session. Rejects only when the source does (a broker error).
 */
export async function consumeStream(
  source: StreamSource,
  documents: readonly Document[],
  o: ConsumeStreamOptions,
): Promise<ConsumeStreamResult> {
  const consumer = new StreamConsumer(source, documents, o);
  for await (const event of source) {
    if (event.kind === "revoked") consumer.revoked(event.partition);
    else if (event.kind === "assigned") {
      const stopped = await consumer.assigned(event.partition, event.checkpoint);
      if (stopped) break;
    } else await consumer.batch(event.partition, event.entries);
  }
  return consumer.result;
}

/** The loop's state: a monitor per partition owned, and the alerts of the batch in hand. */
class StreamConsumer {
  readonly result: ConsumeStreamResult = { messages: 0, alerts: 0, problems: 0 };
  readonly #monitors = new Map<string, Monitor>();
  #current: StreamEntry | undefined;
  #partition = "";
  #raised: string[] = [];
  readonly #source: StreamSource;
  readonly #documents: readonly Document[];
  readonly #o: ConsumeStreamOptions;

  constructor(source: StreamSource, documents: readonly Document[], o: ConsumeStreamOptions) {
    this.#source = source;
    this.#documents = documents;
    this.#o = o;
  }

  revoked(partition: string): void {
    this.#monitors.delete(partition);
  }

  /** Resumes a partition from its checkpoint; true when it cannot be (the loop stops). */
  async assigned(
    partition: string,
    { snapshot, undelivered, sequence }: PartitionCheckpoint,
  ): Promise<boolean> {
    const monitor = this.#newMonitor();
    if (snapshot !== undefined) {
      const restored = restore(monitor, snapshot);
      if (restored !== undefined) {
        this.result.problems++;
        this.result.stopped = `the checkpoint of ${partition} cannot be resumed: ${restored} (the documents changed? monitor with a new --group)`;
        return true;
      }
    }
    this.#monitors.set(partition, monitor);
    if (undelivered.length > 0) await this.#deliver(partition, undelivered, sequence);
    return false;
  }

  /**
   * Evaluates a batch and commits it with its alerts and the snapshot, in parts bounded by size
   * and time (`commitBytes`, `commitMs`), delivering each part's alerts once it is committed.
   * The event loop runs now and then meanwhile, so the adapter keeps its lease alive.
   */
  async batch(partition: string, entries: StreamEntry[]): Promise<void> {
    const monitor = this.#monitors.get(partition);
    if (monitor === undefined || entries.length === 0) return;
    const maxBytes = this.#o.commitBytes ?? DEFAULT_COMMIT_BYTES;
    const maxMs = this.#o.commitMs ?? DEFAULT_COMMIT_MS;
    this.#raised = [];
    this.#partition = partition;
    let from = 0;
    let bytes = 0;
    let began = Date.now();
    let yielded = began;
    for (let k = 0; k < entries.length; k++) {
      this.#evaluate(monitor, partition, entries[k]!);
      bytes += entries[k]!.bytes ?? 0;
      if (k + 1 === entries.length) break;
      const now = Date.now();
      if (bytes >= maxBytes || now - began >= maxMs) {
        if (!(await this.#commit(partition, monitor, entries.slice(from, k + 1)))) return;
        this.#partition = partition;
        from = k + 1;
        bytes = 0;
        began = yielded = Date.now();
      } else if (now - yielded >= YIELD_MS) {
        await nextTurn();
        yielded = Date.now();
      }
    }
    await this.#commit(partition, monitor, entries.slice(from));
  }

  #evaluate(monitor: Monitor, partition: string, entry: StreamEntry): void {
    if (entry.message === undefined) {
      this.result.problems++;
      this.#o.problem?.(`${partition} ${entry.id}: ${entry.problem ?? "not a trace message"}`);
      return;
    }
    this.#current = entry;
    const { message } = entry;
    // Positions across the whole published trace: the producer's line, else the entry's.
    monitor.push(
      Number.isSafeInteger(message.line) || entry.position <= 0
        ? message
        : { ...message, line: entry.position },
    );
    this.#current = undefined;
    this.result.messages++;
  }

  /**
   * Commits `entries` (evaluated) with the alerts they raised and the snapshot, then delivers
   * the alerts; false when the partition was lost meanwhile (said, and its state dropped).
   */
  async #commit(partition: string, monitor: Monitor, entries: StreamEntry[]): Promise<boolean> {
    const alerts = this.#raised;
    this.#raised = [];
    const snapshot = JSON.stringify(monitor.snapshot());
    const sequence = await this.#source.acknowledge(partition, entries, { snapshot, alerts });
    if (sequence === undefined) {
      this.#monitors.delete(partition);
      this.#o.problem?.(
        `${partition}: lost before ${entries.length === 1 ? "1 entry" : `${entries.length} entries`} (from ${entries[0]?.id}) could be committed; the partition's next owner evaluates them again`,
      );
      return false;
    }
    if (alerts.length > 0) await this.#deliver(partition, alerts, sequence);
    return true;
  }

  async #deliver(partition: string, alerts: readonly string[], sequence: number): Promise<void> {
    await this.#o.deliver(alerts);
    this.result.alerts += alerts.length;
    await this.#source.delivered(partition, sequence);
  }

  #newMonitor(): Monitor {
    const o = this.#o;
    return createMonitor(this.#documents, {
      ...evaluators(o),
      ...(o.idleMs === undefined ? {} : { idleMs: o.idleMs }),
      ...(o.alerts === undefined ? {} : { alerts: o.alerts }),
      // The producer's partition key: the session the entry was published under.
      key: () => this.#current?.session,
      onMatch: (match) => this.#onMatch(match),
    });
  }

  #onMatch(match: TraceMatch): void {
    const current = this.#current;
    if (current === undefined) return;
    const alert: StreamAlert = {
      document: this.#o.names?.[match.documentIndex] ?? String(match.documentIndex),
      indicator_id: match.verdict.indicator_id,
      session: match.session ?? current.session,
      ...(match.run === undefined ? {} : { run: match.run }),
      position: match.position,
      result: match.verdict.result,
      ...(match.verdict.evidence === undefined ? {} : { evidence: match.verdict.evidence }),
      partition: this.#partition,
      id: current.id,
    };
    this.#raised.push((this.#o.encode ?? JSON.stringify)(alert));
  }
}

/** Lets the event loop run (timers included) before going on; browser-safe. */
const nextTurn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** The monitor options the loop's options carry (source and evaluators). */
function evaluators(o: Pick<ConsumeStreamOptions, "source" | "cel" | "semantic">) {
  return {
    ...(o.source === undefined ? {} : { source: o.source }),
    ...(o.cel === undefined ? {} : { cel: o.cel }),
    ...(o.semantic === undefined ? {} : { semantic: o.semantic }),
  };
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

/** The verdicts of a whole stream, and the messages they cover. */
export interface MergedStream {
  verdicts: TraceVerdict[];
  messages: number;
}

/**
 * The verdicts of every partition's last snapshot (`StreamSource.snapshots()`), merged as one
 * evaluation of the whole stream (`mergeVerdicts`), and the messages they cover; or why they
 * cannot be: an `E-STATE` diagnostic (a checkpoint that cannot be read names its index in `path`).
 */
export function mergeStreamVerdicts(
  snapshots: readonly string[],
  documents: readonly Document[],
  o: Pick<ConsumeStreamOptions, "source" | "cel" | "semantic"> = {},
): Result<MergedStream, Diagnostic> {
  const parts: TraceVerdict[][] = [];
  let messages = 0;
  for (const [i, snapshot] of snapshots.entries()) {
    const monitor = createMonitor(documents, evaluators(o));
    const why = restore(monitor, snapshot);
    if (why !== undefined)
      return {
        ok: false,
        error: diagnosticOf(
          "E-STATE",
          EVALUATION_RULES["E-STATE"],
          `a checkpoint cannot be read: ${why}`,
          { path: `snapshots[${i}]` },
        ),
      };
    messages += monitor.count;
    parts.push(monitor.verdicts());
  }
  const merged = mergeVerdicts(documents, parts, evaluators(o));
  if (!merged.ok) return merged;
  return { ok: true, value: { verdicts: merged.value, messages } };
}
