// One MCP connection of an `mcp_server` actor (a Streamable HTTP session or a stdio pipe):
// how server-to-client messages reach it, and the server's own requests awaiting answers.
import type { Value } from "@oatf/model";
import type { Id } from "../jsonrpc.js";

/** Where a message goes: the stream of the request being answered, or the session's own. */
export type Outlet = (message: Record<string, Value>) => void;

export interface Answer {
  result?: Value;
  error?: Value;
}

export class McpSession {
  readonly id: string;
  /** The revision this session was initialized with (what `initialize` answered). */
  protocolVersion: string | undefined;
  /** A 2026 `subscriptions/listen` stream's id, once this connection opened one. */
  subscriptionId: Id | undefined;
  readonly #pending = new Map<Id, (answer: Answer) => void>();
  #nextId = 0;

  constructor(id: string) {
    this.id = id;
  }

  /** A fresh id for a request the server sends; `settle` receives its answer. */
  expect(settle: (answer: Answer) => void): Id {
    const id = this.#nextId++;
    this.#pending.set(id, settle);
    return id;
  }

  /** Whether `id` is a request of ours still awaiting its answer (then hands the answer over). */
  answer(id: Id, answer: Answer): boolean {
    const settle = this.#pending.get(id);
    if (settle === undefined) return false;
    this.#pending.delete(id);
    settle(answer);
    return true;
  }

  forget(id: Id): void {
    this.#pending.delete(id);
  }
}
