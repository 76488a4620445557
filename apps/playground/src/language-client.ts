// The page's side of the language worker: started on the first hover or completion, one
// promise per request, and a time limit after which the worker is replaced and the request
// answered empty, so hostile input cannot freeze the editor (format §12.1).
import type { LanguageReply, LanguageRequest } from "./language-protocol.js";

const TIME_LIMIT_MS = 2_000;

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export class LanguageClient {
  private worker: Worker | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, (reply: LanguageReply | undefined) => void>();

  request(input: DistributiveOmit<LanguageRequest, "id">): Promise<LanguageReply | undefined> {
    const worker = this.start();
    const id = this.nextId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        this.restart();
        resolve(undefined);
      }, TIME_LIMIT_MS);
      this.pending.set(id, (reply) => {
        clearTimeout(timer);
        resolve(reply);
      });
      worker.postMessage({ id, ...input } as LanguageRequest);
    });
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL("./language-worker.ts", import.meta.url), { type: "module" });
    worker.onmessage = (event: MessageEvent<LanguageReply>) => {
      const resolve = this.pending.get(event.data.id);
      this.pending.delete(event.data.id);
      resolve?.(event.data);
    };
    this.worker = worker;
    return worker;
  }

  private restart(): void {
    this.worker?.terminate();
    this.worker = undefined;
    for (const resolve of this.pending.values()) resolve(undefined);
    this.pending.clear();
  }
}

/** The page's one language worker client (hover, completion, quick fixes). */
export const languageClient = new LanguageClient();
