// MCP 2026-07-28's multi-round-trip requests, as the official SDK v2 sends them. A server no
// longer sends `elicitation/create`, `sampling/createMessage` or `roots/list` requests of its
// own: a result carries `resultType: "input_required"`, `inputRequests` (a map of keys to
// `{method, params}`) and an opaque `requestState`, and the client retries the call with a new
// id whose params carry `inputResponses` (the same keys, each a bare result) and echo the
// `requestState`. The reader turns each input request into the binding's (2025-11-25) request
// from the server, and each input response into that request's response, so an indicator on
// the binding's `elicitation/create` / `sampling/createMessage` surfaces sees them as it would
// in 2025-11-25:
//
//   an input_required result ──each inputRequests[key]──▶ waiting under (requestState, key)
//     (behind any other waiting there: clients without a requestState all use one slot)
//   waiting ──a retry's inputResponses[key] with its requestState──▶ answered (the oldest
//     of its slot taken; when the slot held requests of other methods, said: ambiguous)
//   a retry's inputResponses[key] that nothing waits for (a replayed requestState, a made-up
//     key) ──▶ read as a response of unknown operation, said (T-UNCORRELATED)
//
// Bounded: MAX_INPUT_REQUESTS waiting at once, the oldest forgotten first (said).
import { isObject } from "@oatf/model/rules";
import { forgotten, preview, type TraceRecord, unattributed } from "../record.js";

/** Input requests awaiting their response at once, across the connections of one trace. */
export const MAX_INPUT_REQUESTS = 10_000;

/** What most results and params carry: nothing to answer or ask (never written to). */
const NONE: readonly Input[] = [];

/** One embedded request of an `input_required` result, or one embedded response of a retry. */
export interface Input {
  /** The request's method; for a response, its request's ("" when none waits for it). */
  method: string;
  /** The request's params, or the response's result. */
  content: unknown;
}

const stateOf = (value: Record<string, unknown>) =>
  typeof value.requestState === "string" ? value.requestState : "";

/** The slot of a key of a `requestState`: JSON of the pair, so no two pairs alias. */
const slotOf = (state: string, key: string) => JSON.stringify([state, key]);

/**
 * The input requests of one trace awaiting the retry that answers them, shared by every
 * connection of the trace: 2026-07-28 has no session, and the retry may come on another
 * HTTP exchange (another HAR entry, another proxy connection) than the result it answers.
 */
export class InputRequests {
  // Each slot's methods, oldest first, and how many are held in all.
  readonly #waiting = new Map<string, string[]>();
  #held = 0;

  /** The input requests of an `input_required` result (none for another), remembered. */
  asked(result: unknown, line: number, out: TraceRecord[]): readonly Input[] {
    if (!isObject(result) || result.resultType !== "input_required") return NONE;
    const requests = result.inputRequests;
    if (!isObject(requests)) return NONE;
    const found: Input[] = [];
    const state = stateOf(result);
    for (const key of Object.keys(requests)) {
      const request = requests[key];
      if (!isObject(request) || typeof request.method !== "string") continue;
      found.push({ method: request.method, content: request.params ?? {} });
      const slot = slotOf(state, key);
      const methods = this.#waiting.get(slot);
      if (methods === undefined) this.#waiting.set(slot, [request.method]);
      else methods.push(request.method);
      if (++this.#held > MAX_INPUT_REQUESTS) {
        const [oldest, held] = this.#waiting.entries().next().value!;
        this.#take(oldest, held);
        forgotten(out, line, `over ${MAX_INPUT_REQUESTS} MCP input requests wait`);
      }
    }
    return found;
  }

  /**
   * The input responses a retry's params carry, each with the method of the request it
   * answers (taken: a replay of the same `requestState` answers nothing), else "" and said.
   */
  answered(params: unknown, line: number, out: TraceRecord[]): readonly Input[] {
    if (!isObject(params) || !isObject(params.inputResponses)) return NONE;
    const found: Input[] = [];
    const state = stateOf(params);
    for (const key of Object.keys(params.inputResponses)) {
      const slot = slotOf(state, key);
      const held = this.#waiting.get(slot);
      const method = held === undefined ? "" : this.#take(slot, held);
      if (method === "")
        unattributed(
          out,
          line,
          "T-UNCORRELATED",
          `input response ${preview(key)} answers no input request: evaluated against every surface`,
        );
      else if (held!.some((m) => m !== method))
        unattributed(
          out,
          line,
          "T-AMBIGUOUS-ID",
          `input response ${preview(key)} may answer requests of several methods: read as ${method}`,
        );
      found.push({ method, content: params.inputResponses[key] });
    }
    return found;
  }

  /** Takes the oldest method of a slot. */
  #take(slot: string, held: string[]): string {
    const method = held.shift()!;
    if (held.length === 0) this.#waiting.delete(slot);
    this.#held--;
    return method;
  }
}
