// The worker of `evaluateInThreads` (issue 24 §3, issue 32 §5; `oatf evaluate --jobs N`):
// reads and evaluates one shard of an OATF JSON Lines trace (the raw lines of some sessions,
// or every line against some of the documents, with their line numbers) over the normalized
// documents it is sent, compiled once, until told the trace ended; returns the shard's
// verdicts and the reader's diagnostics with their lines. A tinypool task: the default
// export is the handler.
import type { MessagePort } from "node:worker_threads";
import { createTraceEvaluator, type TraceVerdict } from "@oatf/evaluate";
import type { CelEvaluator, Diagnostic, Document } from "@oatf/model";
import { TraceDecoder, type TraceRecord } from "@oatf/trace";
import { loadCelFor } from "../default-cel.js";

export interface ShardTask {
  /** Normalized and valid: the worker parses and checks nothing again. */
  documents: Document[];
  source: string;
  port: MessagePort;
  /** Whether to keep the reader's diagnostics (by document, one thread reports them). */
  diagnostics?: boolean;
}

/**
 * Lines of the trace: their text joined by line feeds (a line holds none), and their
 * 1-based numbers (negative: a line too long to read, its text dropped). Acknowledged with
 * "ack" once read.
 */
export interface ShardLines {
  kind: "lines";
  text: string;
  numbers: Int32Array;
}

/** What the main thread sends a shard. */
export type ShardMessage = ShardLines | { kind: "fail"; reason: string } | { kind: "end" };

export interface ShardResult {
  verdicts: TraceVerdict[];
  /** Messages evaluated. */
  count: number;
  /** The reader's diagnostics, each with the line it was reading. */
  diagnostics: { line: number; diagnostic: Diagnostic }[];
}

/** Reads and evaluates the lines of one shard, in a worker or in the main thread. */
export interface ShardReader {
  /** A line by its number (negative: too long to read, its text dropped). */
  line(number: number, text: string): void;
  fail(reason: string): void;
  end(): ShardResult;
}

export function shardReader(
  documents: Document[],
  source: string,
  cel: CelEvaluator | undefined,
  keepDiagnostics = true,
): ShardReader {
  const evaluator = createTraceEvaluator(documents, { source, cel });
  const reader = new TraceDecoder({ format: "oatf", documents });
  const diagnostics: ShardResult["diagnostics"] = [];
  const out: TraceRecord[] = [];
  const take = (line: number) => {
    for (const record of out) {
      if (record.kind === "message") evaluator.push(record.message);
      else if (keepDiagnostics) diagnostics.push({ line, diagnostic: record.diagnostic });
    }
    out.length = 0;
  };
  return {
    line(n, text) {
      if (n < 0) reader.line({ line: -n, text: "", tooLong: true }, out);
      else reader.line({ line: n, text }, out);
      take(Math.abs(n));
    },
    fail: (reason) => evaluator.fail(reason),
    end() {
      reader.end(out);
      take(Number.MAX_SAFE_INTEGER);
      return { verdicts: evaluator.verdicts(), count: evaluator.count, diagnostics };
    },
  };
}

/**
 * A shard's task; `null` is the pool's warm-up: it loads this module (and Node and V8 start
 * the thread) while the main thread reads and checks the documents. The default CEL
 * evaluator is loaded by the task, only when its documents have expressions (~75 ms of CPU
 * saved in every other worker).
 */
export default async function evaluateShard(task: ShardTask | null): Promise<ShardResult | null> {
  if (task === null) return null;
  const { documents, source, port } = task;
  const cel = await loadCelFor(documents);
  const shard = shardReader(documents, source, cel, task.diagnostics !== false);
  return new Promise((resolve) => {
    port.on("message", (m: ShardMessage) => {
      if (m.kind === "lines") {
        const texts = m.text.split("\n");
        for (let i = 0; i < m.numbers.length; i++) shard.line(m.numbers[i]!, texts[i]!);
        port.postMessage("ack");
      } else if (m.kind === "fail") shard.fail(m.reason);
      else {
        port.close();
        resolve(shard.end());
      }
    });
  });
}
