// The JSON-RPC requests awaiting a response (SDK §4.1 correlation), keyed by (side, id,
// scope, actor) in a bounded table, with an index by (side, id) so that a response whose
// line lacks the scope (session/connection) or the actor of a request can still be matched
// with it: a line that does not say its connection may be on any, so it answers every
// request of its id it could belong to (issue 23: a peer's request of the same id on
// another, unnamed connection must never silently take the response to the exploit's).
import { BoundedTable } from "@oatf/evaluate/internal";

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
  return `${idBase(side, id)}|${scope}|${actor}`;
}

/** The (side, id) part of a slot key. */
export function idBase(side: string, id: string | number): string {
  const text = String(id);
  return `${side}|${typeof id === "number" ? "n" : "s"}${text.length}|${text}`;
}

export class PendingIds<R extends Waiter> {
  readonly #table: BoundedTable<R[], Key>;
  // The slots that name an actor or a scope (kept in step with the table), by what a
  // response may leave out: every slot of an id, of an id and scope, of an id and actor.
  // A slot naming neither is found by its key, so a log that names nothing pays nothing.
  readonly #byBase = new Map<string, Set<Key>>();
  readonly #byScope = new Map<string, Set<Key>>();
  readonly #byActor = new Map<string, Set<Key>>();
  // Keys held per sender side: a side with none is not searched (most logs say every
  // line's direction, so a response's unknown-sender lookup is skipped).
  readonly #sides = [0, 0, 0];

  constructor(maxEntries: number, maxChars: number) {
    this.#table = new BoundedTable<R[], Key>(maxEntries, maxChars, (key, requests) =>
      this.#unindex(key, requests[0]!),
    );
  }

  /** Whether a fresh entry of `key` and `cost` would be stored without forgetting any. */
  fits(key: Key, cost: number): boolean {
    return this.#table.fits(key, cost);
  }

  get(key: Key): R[] | undefined {
    return this.#table.get(key);
  }

  /**
   * Stores the requests of a key (the first one's `named` and `side` are the key's), `fresh`
   * when the key holds nothing yet; returns how many entries were forgotten.
   */
  set(key: Key, requests: R[], cost: number, fresh: boolean): number {
    const first = requests[0]!;
    const named = first.named;
    if (fresh) this.#sides[sideIndex(first.side)]!++;
    if (named !== undefined && fresh)
      for (const [index, at] of this.#indexes(named))
        (index.get(at) ?? index.set(at, new Set()).get(at)!).add(key);
    return this.#table.set(key, requests, cost);
  }

  take(key: Key): void {
    const requests = this.#table.take(key);
    if (requests !== undefined) this.#unindex(key, requests[0]!);
  }

  /**
   * Adds to `found` the waiting lists of the id sent from `side` that a response on (scope,
   * actor) may answer: a part the response or the request leaves out matches any. At most
   * `limit + 1` lists in all (enough to tell there are too many): every set searched holds
   * only matching slots, so a response costs O(limit) whatever the number of sessions. A
   * list's requests all carry its key.
   */
  matching(
    found: R[][],
    side: string,
    id: string | number,
    scope: string,
    actor: string,
    limit: number,
  ): void {
    if (this.#sides[sideIndex(side)] === 0) return;
    const start = found.length;
    this.#add(found, slotKey(side, id, scope, actor), limit);
    if (scope !== "" && actor !== "") this.#add(found, slotKey(side, id, "", ""), limit);
    if (scope !== "") this.#add(found, slotKey(side, id, "", actor), limit);
    if (actor !== "") this.#add(found, slotKey(side, id, scope, ""), limit);
    if (this.#byBase.size === 0 || (scope !== "" && actor !== "")) return;
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
      for (const key of set) {
        if (found.length > limit) return;
        let seen = false;
        for (let i = start; i < found.length; i++) if (found[i]![0]!.key === key) seen = true;
        if (!seen) this.#add(found, key, limit);
      }
    }
  }

  #add(found: R[][], key: Key, limit: number): void {
    if (found.length > limit) return;
    const requests = this.#table.get(key);
    if (requests !== undefined) found.push(requests);
  }

  #unindex(key: Key, waiter: Waiter): void {
    this.#sides[sideIndex(waiter.side)]!--;
    const { named } = waiter;
    if (named === undefined) return;
    for (const [index, at] of this.#indexes(named)) {
      const keys = index.get(at)!;
      keys.delete(key);
      if (keys.size === 0) index.delete(at);
    }
  }

  /** The indexes a named slot is in, each with the entry it is under. */
  #indexes(named: Named): [Map<string, Set<Key>>, string][] {
    return [
      [this.#byBase, named.base],
      [this.#byScope, `${named.base}|${named.scope}`],
      [this.#byActor, `${named.base}|${named.actor}`],
    ];
  }
}
