// The page's side of the evaluation worker: one request in flight, the latest one queued,
// and a time limit after which the worker is terminated and a fresh one started, so that
// hostile input cannot freeze the tab (format §12.1).
import type { AnalyseRequest, WorkerReply } from "./protocol.js";

export interface EvaluationEvents {
  onReply(reply: WorkerReply): void;
  /** The request ran past the time limit; its worker was replaced. */
  onTimeout(limitMs: number): void;
}

export class EvaluationClient {
  private worker = this.startWorker();
  private nextId = 1;
  private inFlight: { id: number; timer: ReturnType<typeof setTimeout> } | undefined;
  private queued: Omit<AnalyseRequest, "id"> | undefined;

  constructor(
    private readonly events: EvaluationEvents,
    readonly timeLimitMs: number,
  ) {}

  /** Evaluates the latest document and trace; earlier queued requests are dropped. */
  request(input: Omit<AnalyseRequest, "id">): void {
    this.queued = input;
    if (!this.inFlight) this.sendQueued();
  }

  private startWorker(): Worker {
    const worker = new Worker(new URL("./worker.ts", import.meta.url), { type: "module" });
    worker.onmessage = (event: MessageEvent<WorkerReply>) => this.received(event.data);
    return worker;
  }

  private sendQueued(): void {
    const input = this.queued;
    if (!input) return;
    this.queued = undefined;
    const id = this.nextId++;
    const timer = setTimeout(() => this.timedOut(id), this.timeLimitMs);
    this.inFlight = { id, timer };
    this.worker.postMessage({ id, ...input } satisfies AnalyseRequest);
  }

  private received(reply: WorkerReply): void {
    if (reply.id !== this.inFlight?.id) return;
    this.events.onReply(reply);
    if (reply.kind === "trace") this.finish();
  }

  private timedOut(id: number): void {
    if (this.inFlight?.id !== id) return;
    this.worker.terminate();
    this.worker = this.startWorker();
    this.events.onTimeout(this.timeLimitMs);
    this.finish();
  }

  private finish(): void {
    if (this.inFlight) clearTimeout(this.inFlight.timer);
    this.inFlight = undefined;
    this.sendQueued();
  }
}
