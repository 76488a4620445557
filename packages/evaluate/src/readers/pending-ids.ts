// The JSON-RPC requests awaiting a response (SDK §4.1 correlation), keyed by (side, id,
// scope, actor) in a bounded table, with an index by (side, id) so that a response whose
// line lacks the scope (session/connection) or the actor of a request can still be matched
// with it: a line that does not say its connection may be on any, so it answers every
// request of its id it could belong to (issue 23: a peer's request of the same id on
// another, unnamed connection must never silently take the response to the exploit's).
import { BoundedTable } from "../base/bounded-table.js";

/** Where a request waits: its table key and its parts (scope "" and actor "" for none). */
export interface Slot {
  key: string;
  /** The sender side and id. */
  base: string;
  /** "" when the line named no actor, else `a` + the actor. */
  actor: string;
  /** "" when the line named no session or connection. */
  scope: string;
}

/** The slot of an id (already typed and spelled: see `jsonrpc.ts`) on a side, scope and actor. */
export function slotOf(base: string, scope: string, actor: string | undefined): Slot {
  const a = actor === undefined ? "" : `a${actor}`;
  // The scope is length-prefixed (or empty), so the `|` after it is the first after base's.
  return { key: `${base}|${scope}|${a}`, base, actor: a, scope };
}

/** A found list of requests and the slot it waits in. */
export interface Waiting<R> {
  slot: Slot;
  requests: R[];
}

export class PendingIds<R extends { slot: Slot }> {
  readonly #table: BoundedTable<R[]>;
  // The slots that name an actor or a scope (kept in step with the table), by what a
  // response may leave out: every slot of an id, of an id and scope, of an id and actor.
  // A slot naming neither is found by its key, so a log that names nothing pays nothing.
  readonly #byBase = new Map<string, Map<string, Slot>>();
  readonly #byScope = new Map<string, Map<string, Slot>>();
  readonly #byActor = new Map<string, Map<string, Slot>>();

  constructor(maxEntries: number, maxChars: number) {
    this.#table = new BoundedTable<R[]>(maxEntries, maxChars, (_key, requests) =>
      this.#unindex(requests[0]!.slot),
    );
  }

  get(slot: Slot): R[] | undefined {
    return this.#table.get(slot.key);
  }

  /** Stores the requests of a slot (every one of them carries it); returns how many were forgotten. */
  set(slot: Slot, requests: R[], cost: number): number {
    if ((slot.actor !== "" || slot.scope !== "") && this.#table.get(slot.key) === undefined) {
      add(this.#byBase, slot.base, slot);
      add(this.#byScope, `${slot.base}|${slot.scope}`, slot);
      add(this.#byActor, `${slot.base}|${slot.actor}`, slot);
    }
    return this.#table.set(slot.key, requests, cost);
  }

  take(slot: Slot): void {
    if (this.#table.take(slot.key) !== undefined) this.#unindex(slot);
  }

  /**
   * The waiting lists of `base` a response on (scope, actor) may answer: a part the response
   * or the request leaves out matches any. At most `limit + 1` lists are returned (enough to
   * tell that there are too many): every set searched holds only matching slots, so a
   * response costs O(limit) whatever the number of sessions.
   */
  matching(base: string, scope: string, actor: string | undefined, limit: number): Waiting<R>[] {
    const a = actor === undefined ? "" : `a${actor}`;
    const found: Waiting<R>[] = [];
    this.#add(found, slotOf(base, scope, actor), limit);
    if (scope !== "") this.#add(found, slotOf(base, "", actor), limit);
    if (a !== "") this.#add(found, slotOf(base, scope, undefined), limit);
    if (scope !== "" && a !== "") this.#add(found, slotOf(base, "", undefined), limit);
    if (this.#byBase.size === 0 || (scope !== "" && a !== "")) return found;
    // What the response leaves out, any request's value matches.
    const sets =
      scope === "" && a === ""
        ? [this.#byBase.get(base)]
        : scope === ""
          ? [this.#byActor.get(`${base}|${a}`), this.#byActor.get(`${base}|`)]
          : [this.#byScope.get(`${base}|${scope}`), this.#byScope.get(`${base}|`)];
    for (const set of sets) {
      if (set === undefined) continue;
      for (const slot of set.values()) {
        if (found.length > limit) return found;
        if (!found.some((w) => w.slot.key === slot.key)) this.#add(found, slot, limit);
      }
    }
    return found;
  }

  #add(found: Waiting<R>[], slot: Slot, limit: number): void {
    if (found.length > limit) return;
    const requests = this.#table.get(slot.key);
    if (requests !== undefined) found.push({ slot: requests[0]!.slot, requests });
  }

  #unindex(slot: Slot): void {
    if (slot.actor === "" && slot.scope === "") return;
    remove(this.#byBase, slot.base, slot);
    remove(this.#byScope, `${slot.base}|${slot.scope}`, slot);
    remove(this.#byActor, `${slot.base}|${slot.actor}`, slot);
  }
}

function add(index: Map<string, Map<string, Slot>>, key: string, slot: Slot): void {
  const slots = index.get(key);
  if (slots === undefined) index.set(key, new Map([[slot.key, slot]]));
  else slots.set(slot.key, slot);
}

function remove(index: Map<string, Map<string, Slot>>, key: string, slot: Slot): void {
  const slots = index.get(key);
  if (slots === undefined) return;
  slots.delete(slot.key);
  if (slots.size === 0) index.delete(key);
}
