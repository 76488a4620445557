// Monitoring a partitioned message stream (issue 24 §4): the contract between a broker
// adapter (Redis Streams in @oatf/redis-streams; Kafka would be another) and the consumer
// loop that keeps one monitor per partition (`oatf monitor`). Types only, browser-safe: an
// adapter owns the broker client, the loop owns the evaluation; the partition key of a
// message is @oatf/trace's `partitionKey`.
//
// The rules every adapter keeps:
// - A partition is delivered to one consumer at a time, in order, so each session (all of
//   whose messages the producer put in one partition, see @oatf/trace's `partitionKey`) meets one
//   evaluation state in order.
// - `acknowledge` stores the partition's checkpoint (monitor snapshot and the alerts the
//   batch raised) together with the acknowledgement of the batch, atomically; a partition
//   assigned again resumes from its last checkpoint and the entries not acknowledged after
//   it, so a crash neither loses nor repeats an alert.
import type { TraceMessage } from "../base/message.js";

/** One entry of a partitioned stream. */
export interface StreamEntry {
  /** The broker's id of the entry (a Redis stream id, a Kafka offset), reported with alerts. */
  id: string;
  /** The partition key it was published under (@oatf/trace's `partitionKey`). */
  session: string;
  /**
   * Its position across the whole published trace (the trace line when the producer read a
   * file), used in evidence and by `mergeVerdicts`: positive and increasing in publish order.
   */
  position: number;
  /** The message; undefined when the entry is not a trace message (`problem` says why). */
  message?: TraceMessage;
  problem?: string;
}

/** What the last checkpoint of a partition holds. */
export interface PartitionCheckpoint {
  /** The monitor snapshot (`Monitor.snapshot()`), as JSON text; undefined before any. */
  snapshot?: string;
  /** Alerts committed with the snapshot whose delivery was not confirmed (`delivered`). */
  undelivered: string[];
  /** Identifies the checkpoint for `delivered`. */
  sequence: number;
}

/** What the consumer loop is told, in order. */
export type StreamEvent =
  /** The partition is this consumer's now: resume from `checkpoint` before its batches. */
  | { kind: "assigned"; partition: string; checkpoint: PartitionCheckpoint }
  /** Entries of one partition, in order. */
  | { kind: "batch"; partition: string; entries: StreamEntry[] }
  /** The partition is no longer this consumer's: drop its state (the new owner resumes it). */
  | { kind: "revoked"; partition: string };

/** What a batch commits with its acknowledgement. */
export interface BatchCommit {
  /** The partition's monitor snapshot after the batch, as JSON text. */
  snapshot: string;
  /** The batch's alerts (one JSON text each), delivered exactly once through the checkpoint. */
  alerts: string[];
}

/**
 * A broker adapter: the events of the partitions this consumer owns (ends when the stream is
 * drained, in adapters that support it, or on `close`), and the atomic acknowledgement.
 */
export interface StreamSource extends AsyncIterable<StreamEvent> {
  /**
   * Acknowledges `entries` of `partition` with its checkpoint, atomically. Resolves to the
   * checkpoint's sequence, or undefined when the partition is no longer this consumer's
   * (nothing was stored; the new owner resumes from the previous checkpoint).
   */
  acknowledge(
    partition: string,
    entries: readonly StreamEntry[],
    commit: BatchCommit,
  ): Promise<number | undefined>;
  /** The alerts of checkpoint `sequence` of `partition` were delivered (printed). */
  delivered(partition: string, sequence: number): Promise<void>;
  /** The last snapshot of every partition (for merged verdicts once drained). */
  snapshots(): Promise<string[]>;
  /** Stops the events after the current batch and lets the partitions go. */
  close(): Promise<void>;
}
