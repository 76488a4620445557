// How `oatf evaluate --jobs N` splits an OATF JSON Lines trace between its threads
// (issue 32 §5), chosen from what the trace's first lines hold:
// - by session: each line goes to the thread of its session's bucket; sessions are
//   independent, so the shards' verdicts merge into one evaluation's (`mergeVerdicts`);
// - by document: every thread reads every line against some of the documents (documents are
//   independent: a document's verdict, coverage counts included, does not depend on the
//   others), for a trace of one session (or too few to balance) and several documents;
// - not at all, when neither shortens the longest thread: one session and one document.
// Which one is only a matter of time: each gives the output of one thread.
import type { Document } from "@oatf/model";
import { type SourceLine, shardKey, shardOf } from "@oatf/trace";
import { type DocumentCosts, documentCosts, sessionCosts } from "./threads-worth.js";

/** Session keys are hashed into this many buckets, each evaluated by one thread. */
export const BUCKETS = 1024;
/**
 * What cutting, keying and sending a line costs this thread, as a share of evaluating it
 * (measured on the bench trace: about a sixth). This thread takes that much less of the
 * evaluation, and none of it from 8 threads on, when routing is all it can do.
 */
const ROUTING_COST = 0.16;

/**
 * The thread (0: this one) of each bucket. Fixed by `jobs` alone, never by load, so that
 * which thread reads a session (and each shard's counts) is the same on every run.
 */
export function bucketThreads(jobs: number): Uint8Array {
  const own = Math.floor(BUCKETS * Math.max(0, (1 - (jobs - 1) * ROUTING_COST) / jobs));
  return Uint8Array.from({ length: BUCKETS }, (_, b) =>
    b < own ? 0 : 1 + ((b - own) % (jobs - 1)),
  );
}

/** The thread (0: this one) a line goes to when sharding by session. */
export function sessionThread(threads: Uint8Array, line: SourceLine): number {
  return threads[shardOf(line.tooLong === true ? "" : shardKey(line.text), BUCKETS)]!;
}

/** How the trace is split: see the head of this module. */
export type ShardPlan =
  | { by: "session" }
  | {
      by: "document";
      /** The thread (0: this one) of each document, in the documents' order. */
      threadOf: number[];
    }
  | { by: "none"; reason: string };

/** What the plan is made from. */
export interface PlanInput {
  jobs: number;
  documents: readonly Document[];
  /** The trace's first lines. */
  sample: readonly SourceLine[];
  /** The trace's size in bytes, when known (a file). */
  bytes: number | undefined;
  cores: number;
}

/** Each thread's share of the sample's text, when sharded by session. */
function sessionShares(jobs: number, sample: readonly SourceLine[]): number[] {
  const threads = bucketThreads(jobs);
  const text = new Array<number>(jobs).fill(0);
  for (const line of sample) text[sessionThread(threads, line)]! += line.text.length + 1;
  const total = text.reduce((a, b) => a + b, 0);
  return text.map((t) => (total === 0 ? 1 / jobs : t / total));
}

/** A document's evaluation weight: its indicators (each runs over the lines it may match). */
function indicatorsOf(document: Document): number {
  const indicators = (document as { attack?: { indicators?: unknown } })?.attack?.indicators;
  return Array.isArray(indicators) ? Math.max(1, indicators.length) : 1;
}

export function planShards(input: PlanInput): ShardPlan {
  const { jobs, documents, sample, bytes, cores } = input;
  const weights = documents.map(indicatorsOf);
  const sessions = sessionCosts(jobs, sessionShares(jobs, sample), weights);
  const byDocument = documents.length >= 2 ? documentCosts(jobs, weights, bytes, cores) : undefined;
  if (byDocument !== undefined && byDocument.longest < sessions.longest) {
    if (byDocument.worth === undefined) return { by: "document", threadOf: byDocument.threadOf };
    if (!sessions.shortens) return { by: "none", reason: byDocument.worth };
  }
  if (sessions.shortens) return { by: "session" };
  return { by: "none", reason: oneThread(documents.length, byDocument) };
}

function oneThread(documents: number, byDocument: DocumentCosts | undefined): string {
  const why =
    documents < 2
      ? "there is one document"
      : (byDocument?.worth ?? "reading every line in every thread would not shorten it");
  return `its first lines would all be evaluated by one thread when sharded by session, and ${why}`;
}
