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
  // base → actor → scope → slot: only slots held by the table (kept in step with it).
  readonly #index = new Map<string, Map<string, Map<string, Slot>>>();

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
    if (this.#table.get(slot.key) === undefined) {
      let actors = this.#index.get(slot.base);
      if (actors === undefined) {
        actors = new Map();
        this.#index.set(slot.base, actors);
      }
      let scopes = actors.get(slot.actor);
      if (scopes === undefined) {
        scopes = new Map();
        actors.set(slot.actor, scopes);
      }
      scopes.set(slot.scope, slot);
    }
    return this.#table.set(slot.key, requests, cost);
  }

  take(slot: Slot): void {
    if (this.#table.take(slot.key) !== undefined) this.#unindex(slot);
  }

  /**
   * The waiting lists of `base` a response on (scope, actor) may answer: a part the response
   * or the request leaves out matches any. At most `limit + 1` lists are returned (enough to
   * tell that there are too many), so a response costs at most the number of actors of
   * its id, whatever the number of sessions.
   */
  matching(base: string, scope: string, actor: string | undefined, limit: number): Waiting<R>[] {
    const actors = this.#index.get(base);
    if (actors === undefined) return [];
    const a = actor === undefined ? "" : `a${actor}`;
    const found: Waiting<R>[] = [];
    const add = (slot: Slot | undefined) => {
      if (slot === undefined || found.length > limit) return;
      const requests = this.#table.get(slot.key);
      if (requests !== undefined) found.push({ slot, requests });
    };
    const fromScopes = (scopes: Map<string, Slot> | undefined) => {
      if (scopes === undefined) return;
      if (scope === "") for (const slot of scopes.values()) add(slot);
      else {
        add(scopes.get(scope));
        add(scopes.get(""));
      }
    };
    if (a === "") for (const scopes of actors.values()) fromScopes(scopes);
    else {
      fromScopes(actors.get(a));
      fromScopes(actors.get(""));
    }
    return found;
  }

  #unindex(slot: Slot): void {
    const actors = this.#index.get(slot.base);
    const scopes = actors?.get(slot.actor);
    if (scopes === undefined) return;
    scopes.delete(slot.scope);
    if (scopes.size === 0) actors!.delete(slot.actor);
    if (actors!.size === 0) this.#index.delete(slot.base);
  }
}
