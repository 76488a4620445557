// HAR output of a run (`out: "trace.har"`): every HTTP exchange of the run, both ways — what
// the agent sent to the rogue servers and how they answered, what the client actors posted
// to the agent and its streams — as HAR 1.2 entries written by @oatf/trace's HAR writer as
// each exchange ends. A HAR holds HTTP only: stdio sessions are not in it (the OATF JSON
// Lines recording has every message). Credentials are kept: the run's own traffic, no user's.
import type { IncomingMessage, ServerResponse } from "node:http";
import { performance } from "node:perf_hooks";
import { BodyCapture, type HarExchange, type HarHeader, harHeaders } from "@oatf/trace";
import { HarFile } from "@oatf/trace/node";

/** Where a run's HTTP exchanges go; `undefined` when the recording is not a HAR. */
export class HarRecorder {
  readonly #file: HarFile;
  readonly #cap: number;
  readonly #open = new Set<HarExchange>();
  #closed = false;
  /**
   * The run of the exchanges started from now on, written as each entry's `_run`: one HAR holds
   * every repeat, and without it `oatf evaluate` would judge them all as one run.
   */
  run: string | undefined;

  constructor(path: string, creator: { name: string; version: string }, cap: number) {
    this.#file = new HarFile(path, creator);
    this.#cap = cap;
  }

  #start(method: string, url: string, headers: HarHeader[]): HarExchange {
    const exchange: HarExchange = {
      started: new Date(),
      t0: performance.now(),
      method,
      url,
      httpVersion: "1.1",
      requestHeaders: headers,
      requestBody: new BodyCapture(this.#cap),
      status: 0,
      statusText: "",
      responseHeaders: [],
      responseBody: new BodyCapture(this.#cap),
      connection: "",
      ...(this.run === undefined ? {} : { run: this.run }),
    };
    this.#open.add(exchange);
    return exchange;
  }

  #end(exchange: HarExchange): void {
    if (!this.#open.delete(exchange) || this.#closed) return;
    exchange.tEnd ??= performance.now();
    this.#file.write(exchange, performance.now());
  }

  /** Records an exchange the run's listener serves: the request as it comes, the answer as it is written. */
  serve(req: IncomingMessage, res: ServerResponse, base: string): void {
    const x = this.#start(
      req.method ?? "GET",
      `${base}${req.url ?? "/"}`,
      harHeaders(req.headers, true),
    );
    x.connection = String(req.socket.remotePort ?? "");
    req.on("data", (chunk: Buffer) => x.requestBody.push(chunk));
    const write = res.write.bind(res) as (...a: unknown[]) => boolean;
    const end = res.end.bind(res) as (...a: unknown[]) => ServerResponse;
    const tee = (chunk: unknown) => {
      if (x.tResponse === undefined) x.tResponse = performance.now();
      if (typeof chunk === "string") x.responseBody.push(Buffer.from(chunk));
      else if (chunk instanceof Uint8Array) x.responseBody.push(chunk);
    };
    res.write = ((...args: unknown[]) => {
      tee(args[0]);
      return write(...args);
    }) as typeof res.write;
    res.end = ((...args: unknown[]) => {
      if (typeof args[0] !== "function") tee(args[0]);
      return end(...args);
    }) as typeof res.end;
    res.on("close", () => {
      x.status = res.statusCode;
      x.statusText = res.statusMessage ?? "";
      x.responseHeaders = harHeaders(res.getHeaders() as Record<string, string>, true);
      if (!res.writableFinished) x.comment = "the connection closed before the answer ended";
      this.#end(x);
    });
  }

  /** `fetch` that records its exchange (a client actor's POST, its SSE stream) as the body is read. */
  readonly fetch: typeof fetch = async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    const headers = new Headers(init?.headers);
    const x = this.#start(
      init?.method ?? "GET",
      url,
      [...headers].map(([name, value]) => ({ name, value })),
    );
    if (typeof init?.body === "string") x.requestBody.push(Buffer.from(init.body));
    let response: Response;
    try {
      response = await fetch(input, init);
    } catch (error) {
      x.comment = `no answer: ${(error as Error)?.message ?? error}`;
      this.#end(x);
      throw error;
    }
    x.tResponse = performance.now();
    x.status = response.status;
    x.statusText = response.statusText;
    x.responseHeaders = [...response.headers].map(([name, value]) => ({ name, value }));
    if (response.body === null) {
      this.#end(x);
      return response;
    }
    const recorder = this;
    const body = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          x.responseBody.push(chunk);
          controller.enqueue(chunk);
        },
        flush() {
          recorder.#end(x);
        },
      }),
    );
    return new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };

  /** Ends the exchanges still open (streams the run cut) and closes the file. */
  close(): void {
    if (this.#closed) return;
    const now = performance.now();
    for (const x of this.#open) {
      x.comment ??= "still open when the run ended";
      this.#file.write(x, now);
    }
    this.#open.clear();
    this.#closed = true;
    this.#file.close();
  }
}
