// The JSON-RPC requests awaiting their response (SDK §4.1 correlation; issue 23). A request
// with an id waits under its side, id, scope and actor (pending-ids.ts) until answered:
//
//   waiting ──a response from the other side (or an unknown one)──▶ taken
//   waiting (streaming: A2A `message/stream`) ──an item──▶ answered ──its last item──▶ taken
//   answered ──a new request of its id and method──▶ replaced
//   waiting ──another request of its id──▶ kept beside it (T-DUPLICATE-ID: the answer is each's)
//
// Bounded: MAX_PENDING_REQUESTS ids, MAX_REQUESTS_PER_ID each, MAX_PENDING_CHARS in all; the
// oldest is forgotten first, and said (T-PENDING-LIMIT, unattributed).
import type { Value } from "@oatf/model";
import { forgotten, problem, type TraceRecord } from "../record.js";
import { type Key, type Named, PendingIds, slotKey } from "./pending-ids.js";

/** Request ids awaiting their response that are remembered at once (oldest forgotten first). */
export const MAX_PENDING_REQUESTS = 10_000;
/**
 * UTF-16 code units the awaiting requests may keep in all (ids, methods, and the `params`
 * kept for enrichment, charged at their line's length): 32 Mi, oldest forgotten first.
 */
export const MAX_PENDING_CHARS = 32 * 1024 * 1024;
/** Requests of one id awaiting a response at once (an id reused before its response). */
export const MAX_REQUESTS_PER_ID = 8;

/** The two sides of a recorded connection ("": not said); a response travels the other way. */
export type Side = "out" | "in" | "";

export interface Request {
  /** The binding's operation (an A2A v1.0 method's v0.3 name). */
  method: string;
  /** The method as sent, when the binding names it otherwise (A2A v1.0). */
  native: string | undefined;
  /** Answered by a stream of items (A2A `message/stream`): kept until its last item. */
  streaming: boolean;
  /** A streaming request that had an item already: a new request of its id replaces it. */
  answered: boolean;
  /** Kept only when the response will be enriched with it. */
  params: Value | undefined;
  protocol: string;
  cost: number;
  /** The key it waits under (`slotKey`), and the side that sent it. */
  key: Key;
  side: Side;
  /** Its key's parts, when the line named an actor or a scope (see `PendingIds`). */
  named: Named | undefined;
}

/** The requests of one log awaiting their response. */
export interface Correlation {
  /** A request with an id: it waits for its response. */
  remember(request: Request, line: number, out: TraceRecord[]): void;
  /**
   * The requests a response from `side` answers (sent the other way, or of unknown sender),
   * valid until the next call (a table's own list, or one made for several). SSE comes from the server: its response may answer a bare request
   * (sender unknown), and a bare response may answer a request the server sent over SSE.
   * A line that leaves out its session/connection or actor may be on any connection, and a
   * request that left them out may be on the response's: each answers the other. When more
   * than one list matches, the response is read as each (ambiguous, said), never silently
   * given to one (a peer's request of the same id must not hide the response to another).
   */
  answered(scope: string, actor: string, side: Side, id: string | number): readonly Request[];
  /**
   * The response was read: the requests `answered` found last are taken (`final`), or stay
   * open for the next item.
   */
  settle(requests: readonly Request[], final: boolean): void;
  /**
   * `answered` and `settle` in one for the ordinary response (fast-lane.ts): the held
   * request, taken, when it alone answers a response from `side` of `id` naming nothing and
   * it is of `protocol` and not a stream; else undefined, and nothing changed.
   */
  takeHeld(side: Side, id: string | number, protocol: string): Request | undefined;
}

/** `count` requests were forgotten to stay within the table's bounds: said. */
function forget(count: number, line: number, out: TraceRecord[]): void {
  if (count > 0)
    forgotten(
      out,
      line,
      `more requests await a response than ${MAX_PENDING_REQUESTS} (or ${MAX_PENDING_CHARS} characters) allow (a request forgotten leaves its response uncorrelated)`,
    );
}

/** Whether a response of `id` naming nothing, answering requests sent from `from` (or `also`), answers `held`. */
const answers = (held: Request, from: Side, also: Side | undefined, id: string | number) =>
  (held.side === from || held.side === also) && held.key === slotKey(held.side, id, "", "");

/** The side whose requests a response from `side` answers: sent the other way... */
const fromOf = (side: Side): Side => (side === "out" ? "in" : side === "in" ? "out" : "");
/** ...or of unknown sender (none for a response from the client). */
const alsoOf = (side: Side): Side | undefined =>
  side === "out" ? undefined : side === "in" ? "" : "in";

/** What a response no request awaits finds (never written to). */
const NONE: readonly Request[] = [];

/**
 * A request of a key others wait under already: kept beside them (said: a response will be
 * read as each), a stream that had its items replaced.
 */
function keepBeside(
  pending: PendingIds<Request>,
  key: Key,
  before: Request[],
  request: Request,
  line: number,
  out: TraceRecord[],
): void {
  // A stream that had its items is over once its id is used again for the same method; a
  // request of another method is kept beside it, as any reused id is (said, and ambiguous).
  const list = before.filter(
    (r) => !(r.answered && r.method === request.method && r.protocol === request.protocol),
  );
  if (list.length > 0) {
    problem(
      out,
      line,
      "T-DUPLICATE-ID",
      `request id reused before its response: a response to it will be read as each of the ${list.length + 1} requests`,
    );
  }
  const kept = [...list, request];
  if (kept.length > MAX_REQUESTS_PER_ID) {
    kept.shift();
    forgotten(out, line, `more than ${MAX_REQUESTS_PER_ID} requests of one id await a response`);
  }
  const cost = kept.reduce((sum, r) => sum + r.cost, 0);
  forget(pending.set(key, kept, cost, false), line, out);
}

/** Empties the lists a response found (the array is kept for the next). */
function clear(found: Request[][]): void {
  while (found.length > 0) found.pop();
}

/**
 * Whether only `held` answers a response from `side` of `id` that names nothing (the table
 * has none of its id); leaves `found` holding what the table has.
 */
function heldAlone(
  pending: PendingIds<Request>,
  found: Request[][],
  held: Request,
  side: Side,
  id: string | number,
): boolean {
  const from = fromOf(side);
  const also = alsoOf(side);
  if (!answers(held, from, also, id)) return false;
  clear(found);
  pending.matching(found, from, id, "", "", 0);
  if (also !== undefined) pending.matching(found, also, id, "", "", 0);
  return found.length === 0;
}

/**
 * `hold` (the default; off only to test it against the table alone): the common exchange's
 * fast path. The last request remembered, when its id was fresh, it named no actor or scope
 * and the table had room for it, is held out of the table; a response that only it answers
 * takes it without a table entry made and taken. Anything else stores it first, as it would
 * have been: nothing was stored since and it fit, so the table is the same either way.
 */
export function correlation(hold = true): Correlation {
  const pending = new PendingIds<Request>(MAX_PENDING_REQUESTS, MAX_PENDING_CHARS);
  let held: Request | undefined;

  function store(): void {
    if (held) pending.set(held.key, [held], held.cost, true);
    held = undefined;
  }

  function remember(request: Request, line: number, out: TraceRecord[]): void {
    store();
    const { key } = request;
    const before = pending.get(key);
    if (before === undefined) {
      if (hold && !request.named && pending.fits(key, request.cost)) held = request;
      else forget(pending.set(key, [request], request.cost, true), line, out);
      return;
    }
    keepBeside(pending, key, before, request, line, out);
  }

  // The lists the last response found: kept for its `settle` (one array per decoder, as a
  // response is read in full before the next).
  const found: Request[][] = [];

  function answered(scope: string, a: string, side: Side, id: string | number) {
    clear(found);
    if (held !== undefined) {
      if (scope === "" && a === "" && heldAlone(pending, found, held, side, id)) {
        found.push([held]);
        return found[0]!;
      }
      store();
      clear(found);
    }
    const from = fromOf(side);
    const also = alsoOf(side);
    pending.matching(found, from, id, scope, a, MAX_REQUESTS_PER_ID);
    if (also !== undefined) pending.matching(found, also, id, scope, a, MAX_REQUESTS_PER_ID);
    return found.length === 0 ? NONE : found.length === 1 ? found[0]! : found.flat();
  }

  function settle(requests: readonly Request[], final: boolean) {
    if (final)
      for (const list of found)
        if (list[0] === held) held = undefined;
        else pending.take(list[0]!.key);
    else for (const request of requests) request.answered = true;
  }

  function takeHeld(side: Side, id: string | number, protocol: string) {
    const request = held;
    if (
      request === undefined ||
      request.protocol !== protocol ||
      request.streaming ||
      !heldAlone(pending, found, request, side, id)
    )
      return undefined;
    held = undefined;
    return request;
  }

  return { remember, answered, settle, takeHeld };
}
