// One exchange through the recording proxy (a request and its response), in the order the
// JSON-RPC log needs: the request is logged once its body has ended and its session is known
// (an MCP `initialize` learns it from the response), and the response's messages wait behind
// it. The states, and what moves them:
//
//   waiting ──request body ended, and response begun (or failed)──▶ request logged
//   waiting ──a response message──▶ held, logged right after the request
//   request logged ──a response message──▶ logged at once
//   waiting ──recording stopped──▶ request logged as far as it came (issue 33 §6: an
//            upstream that never answers does not hide the request from the log)
//   any ──response ended, client gone, upstream error, recording stopped──▶ finished (once)
import type { HarExchange, Origin } from "@oatf/trace";

export class Exchange {
  #requestEnded = false;
  #responded = false;
  #logged = false;
  #finished = false;
  readonly #held: (() => void)[] = [];
  readonly entry: HarExchange;
  /** The proxy connection and the MCP session its lines name. */
  readonly origin: Origin;
  readonly #logRequest: (exchange: Exchange) => void;
  readonly #finish: (exchange: Exchange) => void;

  constructor(
    entry: HarExchange,
    origin: Origin,
    logRequest: (exchange: Exchange) => void,
    finish: (exchange: Exchange) => void,
  ) {
    this.entry = entry;
    this.origin = origin;
    this.#logRequest = logRequest;
    this.#finish = finish;
  }

  /** The request body ended. */
  requestEnded(): void {
    this.#requestEnded = true;
    this.#logRequestWhenReady();
  }

  /** The response began, or the upstream failed: the session is known. */
  responded(): void {
    this.#responded = true;
    this.#logRequestWhenReady();
  }

  /** Logs a response message after the request. */
  afterRequest(run: () => void): void {
    if (this.#logged) run();
    else this.#held.push(run);
  }

  /**
   * The recording stops: the request is logged now, answered or not (and what was held
   * behind it). True when it was still waiting for that.
   */
  stopped(): boolean {
    const waiting = !this.#logged;
    this.#requestEnded = true;
    this.#responded = true;
    this.#logRequestWhenReady();
    return waiting;
  }

  /** The exchange is over (with why it is incomplete, if it is): written once. */
  finish(comment?: string): void {
    if (this.#finished) return;
    this.#finished = true;
    // The upstream had the request whatever became of the response: it is logged.
    this.stopped();
    if (comment !== undefined) this.entry.comment = comment;
    this.#finish(this);
  }

  #logRequestWhenReady(): void {
    if (this.#logged || !this.#requestEnded || !this.#responded) return;
    this.#logged = true;
    this.#logRequest(this);
    for (const run of this.#held.splice(0)) run();
  }
}
