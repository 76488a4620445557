// The JSON-RPC requests awaiting a response (SDK §4.1 correlation), keyed by (side, id,
// scope, actor) in a bounded table, with an index by (side, id) so that a response whose
// line lacks the scope (session/connection) or the actor of a request can still be matched
// with it: a line that does not say its connection may be on any, so it answers every
// request of its id it could belong to (issue 23: a peer's request of the same id on
// another, unnamed connection must never silently take the response to the exploit's).

/** The parts of a slot that names an actor or a scope (the index needs them). */
export interface Named {
  /** The sender side and id (`idBase`). */
  base: string;
  /** "" when the line named no actor, else `a` + the actor. */
  actor: string;
  /** "" when the line named no session or connection. */
  scope: string;
}

/** What waits in a slot: its key, and its parts when it names an actor or a scope. */
export interface Waiter {
  key: Key;
  /** The side that sent it ("", "in" or "out"). */
  side: string;
  named?: Named | undefined;
}

/** A slot's key: a number for the common slot (see `slotKey`), else a string. */
export type Key = string | number;

/** A side's number (0 for "", 1 for "in", 2 for "out"): compared, not looked up by name. */
const sideIndex = (side: string) => (side === "in" ? 1 : side === "out" ? 2 : 0);
const MAX_NUMBER_ID = 2 ** 50;

/**
 * The key of an id on a side, scope and actor, built in one go (reading costs a key per
 * message). A slot that names neither actor nor scope, of a small non-negative integer id
 * (most MCP traffic), is the number `id * 3 + side`: no string is built or hashed. Otherwise
 * a string, where no two alias: the side has no `|`, the id's type and length come before it,
 * the scope is length-prefixed (or empty), and the actor is last. Numbers never equal strings
 * as Map keys.
 */
export function slotKey(side: string, id: string | number, scope: string, actor: string): Key {
  if (
    typeof id === "number" &&
    scope === "" &&
    actor === "" &&
    Number.isInteger(id) &&
    id >= 0 &&
    id < MAX_NUMBER_ID
  )
    return id * 3 + sideIndex(side);
  const text = String(id);
  return `${side}|${typeof id === "number" ? "n" : "s"}${text.length}|${text}|${scope}|${actor}`;
}

/** The (side, id) part of a slot key. */
export function idBase(side: string, id: string | number): string {
  const text = String(id);
  return `${side}|${typeof id === "number" ? "n" : "s"}${text.length}|${text}`;
}

/**
 * A key's waiting requests, as found by `matching`: the table's own entry (not a copy), so
 * that finding and taking a slot allocate nothing.
 */
export interface Waiting<R> {
  readonly key: Key;
  requests: R[];
  /** What the entry is charged: its key's length (8 for a number) and its requests' cost. */
  cost: number;
}

/** The key of the table's anchor entry (see the constructor): no slot key is negative. */
const ANCHOR = -1;

/** What a key is charged besides its requests: its length, or 8 for a number key. */
const keyCost = (key: Key) => (typeof key === "string" ? key.length : 8);

/**
 * The requests awaiting a response, by key, oldest first, within `maxEntries` keys and
 * `maxChars` code units (keys and requests' costs): past either bound the oldest are
 * forgotten first (`set` says how many). A table of its own rather than a `BoundedTable`,
 * because reading pays it twice per exchange: a slot is stored and found as it is.
 */
export class PendingIds<R extends Waiter> {
  readonly #slots = new Map<Key, Waiting<R>>();
  #chars = 0;
  readonly #maxEntries: number;
  readonly #maxChars: number;
  // The slots that name an actor or a scope (kept in step with the table), by what a
  // response may leave out: every slot of an id, of an id and scope, of an id and actor.
  // A slot naming neither is found by its key, so a log that names nothing pays nothing.
  readonly #byBase = new Map<string, Map<Key, Named>>();
  readonly #byScope = new Map<string, Map<Key, Named>>();
  readonly #byActor = new Map<string, Map<Key, Named>>();
  // Keys held per sender side: a side with none is not searched (most logs say every
  // line's direction, so a response's unknown-sender lookup is skipped).
  readonly #sides = [0, 0, 0];

  constructor(maxEntries: number, maxChars: number) {
    this.#maxEntries = maxEntries;
    this.#maxChars = maxChars;
    // V8 gives a Map a new hash table whenever a delete leaves it under a quarter full, and a
    // log's table mostly holds one request (each response takes the request before it): a
    // first entry that stays keeps a response from paying that allocation.
    this.#slots.set(ANCHOR, { key: ANCHOR, requests: [], cost: 0 });
  }

  get(key: Key): R[] | undefined {
    return this.#slots.get(key)?.requests;
  }

  /**
   * Stores the requests of a key (the first one's `named` and `side` are the key's), `fresh`
   * when the key holds nothing yet; returns how many entries were forgotten.
   */
  set(key: Key, requests: R[], cost: number, fresh: boolean): number {
    const first = requests[0]!;
    const named = first.named;
    if (fresh) this.#sides[sideIndex(first.side)]!++;
    if (named !== undefined && fresh) {
      add(this.#byBase, named.base, key, named);
      add(this.#byScope, `${named.base}|${named.scope}`, key, named);
      add(this.#byActor, `${named.base}|${named.actor}`, key, named);
    }
    // A key stored again is the newest (it moves to the end of the table's order).
    const before = fresh ? undefined : this.#slots.get(key);
    if (before !== undefined) {
      this.#slots.delete(key);
      this.#chars -= before.cost;
    }
    const slot: Waiting<R> = { key, requests, cost: keyCost(key) + cost };
    this.#slots.set(key, slot);
    this.#chars += slot.cost;
    let forgotten = 0;
    while (this.#slots.size - 1 > this.#maxEntries || this.#chars > this.#maxChars) {
      const oldest = this.#slots.values();
      oldest.next(); // the anchor
      this.take(oldest.next().value!);
      forgotten++;
    }
    return forgotten;
  }

  /**
   * Removes a slot `matching` found (or the oldest, forgotten); it must still be the one
   * stored under its key (nothing is stored between finding and taking it).
   */
  take(slot: Waiting<R>): void {
    if (!this.#slots.delete(slot.key)) return;
    this.#chars -= slot.cost;
    this.#unindex(slot.key, slot.requests[0]!);
  }

  /**
   * `found` with the waiting lists of the id sent from `side` that a response on (scope,
   * actor) may answer added: a part the response or the request leaves out matches any. At
   * most `limit + 1` lists in all (enough to tell there are too many): every set searched
   * holds only matching slots, so a response costs O(limit) whatever the number of sessions.
   * The list is made when the first is found (undefined: none), one element long: a response
   * mostly finds one, and an empty array grown by a push takes room for 17.
   */
  matching(
    found: Waiting<R>[] | undefined,
    side: string,
    id: string | number,
    scope: string,
    actor: string,
    limit: number,
  ): Waiting<R>[] | undefined {
    if (this.#sides[sideIndex(side)] === 0) return found;
    const start = found?.length ?? 0;
    found = this.#add(found, slotKey(side, id, scope, actor), limit);
    if (scope !== "" && actor !== "") found = this.#add(found, slotKey(side, id, "", ""), limit);
    if (scope !== "") found = this.#add(found, slotKey(side, id, "", actor), limit);
    if (actor !== "") found = this.#add(found, slotKey(side, id, scope, ""), limit);
    if (this.#byBase.size === 0 || (scope !== "" && actor !== "")) return found;
    // What the response leaves out, any request's value matches.
    const base = idBase(side, id);
    const sets =
      scope === "" && actor === ""
        ? [this.#byBase.get(base)]
        : scope === ""
          ? [this.#byActor.get(`${base}|${actor}`), this.#byActor.get(`${base}|`)]
          : [this.#byScope.get(`${base}|${scope}`), this.#byScope.get(`${base}|`)];
    for (const set of sets) {
      if (set === undefined) continue;
      for (const key of set.keys()) {
        if (found !== undefined && found.length > limit) return found;
        let seen = false;
        for (let i = start; i < (found?.length ?? 0); i++) if (found![i]!.key === key) seen = true;
        if (!seen) found = this.#add(found, key, limit);
      }
    }
    return found;
  }

  #add(found: Waiting<R>[] | undefined, key: Key, limit: number): Waiting<R>[] | undefined {
    if (found !== undefined && found.length > limit) return found;
    const slot = this.#slots.get(key);
    if (slot === undefined) return found;
    if (found === undefined) return [slot];
    found.push(slot);
    return found;
  }

  #unindex(key: Key, waiter: Waiter): void {
    this.#sides[sideIndex(waiter.side)]!--;
    const { named } = waiter;
    if (named === undefined) return;
    remove(this.#byBase, named.base, key);
    remove(this.#byScope, `${named.base}|${named.scope}`, key);
    remove(this.#byActor, `${named.base}|${named.actor}`, key);
  }
}

function add(index: Map<string, Map<Key, Named>>, at: string, key: Key, named: Named) {
  const slots = index.get(at);
  if (slots === undefined) index.set(at, new Map([[key, named]]));
  else slots.set(key, named);
}

function remove(index: Map<string, Map<Key, Named>>, at: string, key: Key): void {
  const slots = index.get(at);
  if (slots === undefined) return;
  slots.delete(key);
  if (slots.size === 0) index.delete(at);
}
