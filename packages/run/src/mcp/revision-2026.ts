// MCP 2026-07-28 (what `@modelcontextprotocol/client` 2.x speaks when the server does), mapped
// from the binding (2025-11-25) as the traffic readers read it back
// (@oatf/trace jsonrpc/input-required.ts):
//
//   binding                          2026-07-28 on the wire
//   initialize                       server/discover (no session; the revision in each
//                                    request's `_meta`)
//   on_enter notifications/*         sent on every open `subscriptions/listen` stream
//   elicitations, sampling_requests  a `tools/call` / `prompts/get` result
//                                    `resultType: "input_required"` with `inputRequests` and a
//                                    `requestState`; the client's retry (a new id) carries
//                                    `inputResponses` and echoes the `requestState`
//   every result                     stamped `resultType: "complete"` (lists and discover also
//                                    `ttlMs: 0`, `cacheScope: "private"`, as the SDK's server)
//
// The retried call is one exchange: its request is recorded once (the first leg), each input
// request as the binding's request from the server, each input response as its answer, and the
// call's result once; triggers see one event, after the retry.
import { createHash, randomUUID } from "node:crypto";
import type { Value } from "@oatf/model";
import { field, isObject, type Obj, without } from "../state.js";

export const MODERN_REVISION = "2026-07-28";
const META_VERSION = "io.modelcontextprotocol/protocolVersion";
export const SUBSCRIPTION_META = "io.modelcontextprotocol/subscriptionId";

/** Whether a request's params name 2026-07-28 (the revision travels in every request). */
export function isModern(params: Value | undefined): boolean {
  const meta = field(params, "_meta");
  return isObject(meta) && meta[META_VERSION] === MODERN_REVISION;
}

/**
 * The recording's session of a 2026 request, which names none: its client (the `_meta` client
 * info every request carries), so one client's requests stay one session across the HTTP
 * exchanges and sockets it uses (two clients naming themselves alike share one).
 */
export function clientSession(params: Value | undefined): string {
  const info = field(field(params, "_meta"), "io.modelcontextprotocol/clientInfo");
  const digest = createHash("sha256").update(JSON.stringify(info ?? null));
  return `2026-${digest.digest("hex").slice(0, 16)}`;
}

/** The fields a retry adds to the call it continues, left out of what the document sees. */
export function withoutRetry(params: Value): Value {
  return isObject(params) ? without(params as Obj, ["inputResponses", "requestState"]) : params;
}

const CACHED = new Set(["server/discover", "tools/list", "resources/list", "prompts/list"]);
CACHED.add("resources/templates/list");

/** A result as a 2026-07-28 server writes it (the document's own fields win). */
export function stamped(method: string, result: Value): Value {
  if (!isObject(result)) return result;
  const stamp: Obj = { resultType: "complete" };
  if (CACHED.has(method)) Object.assign(stamp, { ttlMs: 0, cacheScope: "private" });
  return { ...stamp, ...(result as Obj) };
}

/**
 * `server/discover`'s result from the phase's `initialize` answer: the revision the state pins
 * (2026-07-28 or later), else 2026-07-28.
 */
export function discoverResult(initialize: Obj, pinned?: string): Obj {
  const result: Obj = {
    supportedVersions: [pinned ?? MODERN_REVISION],
    capabilities: initialize.capabilities ?? {},
  };
  if (initialize.instructions !== undefined) result.instructions = initialize.instructions;
  if (initialize.serverInfo !== undefined)
    result._meta = { "io.modelcontextprotocol/serverInfo": initialize.serverInfo };
  return result;
}

export interface Ask {
  method: string;
  params: Value;
}

/**
 * The input requests of `input_required` results awaiting their retry, by `requestState`:
 * bounded (the oldest forgotten), and each taken once (a replayed state answers nothing).
 */
export class PendingInputs {
  readonly #waiting = new Map<string, Ask[]>();
  readonly #max: number;

  constructor(max: number) {
    this.#max = max;
  }

  /** Remembers `asks`; returns the `input_required` result that carries them. */
  ask(asks: Ask[]): Obj {
    const requestState = randomUUID();
    this.#waiting.set(requestState, asks);
    if (this.#waiting.size > this.#max) this.#waiting.delete(this.#waiting.keys().next().value!);
    const inputRequests: Obj = {};
    asks.forEach((ask, i) => {
      inputRequests[keyOf(i)] = { method: ask.method, params: ask.params };
    });
    return { resultType: "input_required", inputRequests, requestState };
  }

  /** The input requests a retry answers (undefined when its `requestState` waits for none). */
  take(params: Value): { ask: Ask; answer: Value }[] | undefined {
    const state = field(params, "requestState");
    if (typeof state !== "string") return undefined;
    const asks = this.#waiting.get(state);
    if (asks === undefined) return undefined;
    this.#waiting.delete(state);
    const responses = field(params, "inputResponses");
    return asks.map((ask, i) => ({
      ask,
      answer: (isObject(responses) ? responses[keyOf(i)] : undefined) ?? null,
    }));
  }
}

const keyOf = (i: number) => `input-${i}`;
