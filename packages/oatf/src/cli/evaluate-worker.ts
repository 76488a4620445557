// The worker of `oatf evaluate --jobs N` (issue 24 §3): evaluates one shard of a trace (the
// messages of some sessions) over the normalized documents it is sent, reading batches of
// messages from a port until told the trace ended, and returns the shard's verdicts for
// `mergeVerdicts`. A tinypool task: the default export is the handler.
import type { MessagePort } from "node:worker_threads";
import { createTraceEvaluator, type TraceMessage, type TraceVerdict } from "@oatf/evaluate";
import type { Document } from "@oatf/model";
import { celFor } from "./cel.js";

export interface ShardTask {
  /** Normalized and valid: the worker parses and checks nothing again. */
  documents: Document[];
  source: string;
  port: MessagePort;
}

/**
 * What the main thread sends a shard; each batch is acknowledged with "ack". A batch is the
 * JSON of its messages: one string crosses threads faster than a structured clone of them.
 */
export type ShardMessage =
  | { kind: "batch"; messages: string }
  | { kind: "fail"; reason: string }
  | { kind: "end" };

export default async function evaluateShard(task: ShardTask): Promise<TraceVerdict[]> {
  const { documents, source, port } = task;
  const cel = (await celFor(documents)) ?? undefined;
  const evaluator = createTraceEvaluator(documents, { source, cel });
  return new Promise((resolve) => {
    port.on("message", (m: ShardMessage) => {
      if (m.kind === "batch") {
        for (const message of JSON.parse(m.messages) as TraceMessage[]) evaluator.push(message);
        port.postMessage("ack");
      } else if (m.kind === "fail") evaluator.fail(m.reason);
      else {
        port.close();
        resolve(evaluator.verdicts());
      }
    });
  });
}
