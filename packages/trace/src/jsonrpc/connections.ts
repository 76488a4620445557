// Which protocol each connection of a JSON-RPC log speaks (format §7.1.3, §7.2; issue 23: a
// peer must not flip it). A connection (a line's actor, or its session) starts from the
// protocol given (the `protocol` option), else the one the documents give its actor, else the
// default `mcp`, read so far without a word; its states and the transitions between them:
//
//   default ──a method only one binding has──▶ content (said, when messages were read as mcp)
//   given / content ──a method of the other binding──▶ unchanged, said (T-PROTOCOL)
//   a session of a told connection ──a method of the other binding──▶ its own protocol
//
// Connections and sessions told by content are kept in bounded tables (T-PENDING-LIMIT when
// one is forgotten); what the documents give an actor is a pure function, cached.

import { BoundedTable } from "@oatf/evaluate/internal";
import { extractProtocol, surfacesFor } from "@oatf/registries";
import { forgotten, preview, type TraceRecord, unattributed } from "../record.js";
import { isA2aV1Method } from "./a2a.js";

/** What one table entry costs besides its texts (so empty entries are bounded by count too). */
export const ENTRY_COST = 64;

const METHODS: Record<string, ReadonlySet<string>> = {
  mcp: new Set(surfacesFor("mcp") ?? []),
  a2a: new Set(surfacesFor("a2a") ?? []),
};

/** The binding of each method name the tables know ("": both or neither), filled as seen. */
const BINDINGS = new Map<string, string>();

/** The JSON-RPC binding a method name belongs to when only one has it. */
export function bindingOf(method: string): string | undefined {
  // Known names are cached (a finite set): one lookup per message instead of three.
  const cached = BINDINGS.get(method);
  if (cached !== undefined) return cached === "" ? undefined : cached;
  const mcp = METHODS.mcp!.has(method);
  const binding = isA2aV1Method(method)
    ? "a2a"
    : mcp === METHODS.a2a!.has(method)
      ? undefined
      : mcp
        ? "mcp"
        : "a2a";
  if (binding !== undefined || mcp) BINDINGS.set(method, binding ?? "");
  return binding;
}

/** How a connection's protocol was fixed: given, or told by the first method only one binding has. */
export interface Connection {
  protocol: string;
  by: "given" | "content" | "default";
  /** Messages were read with the default before content told the protocol. */
  readDefault: boolean;
  /** A session's (or proxy connection's) own protocol, told apart from its actor's. */
  own?: true;
}

/** The JSON-RPC protocols (mcp, a2a) the documents give `actor` (or any actor). */
function documentedProtocols(
  modes: readonly ReadonlyMap<string, string>[],
  actor: string | undefined,
): Set<string> {
  const found = new Set<string>();
  for (const map of modes) {
    for (const [name, mode] of map) {
      if (actor !== undefined && name !== actor) continue;
      const protocol = extractProtocol(mode);
      if (protocol === "mcp" || protocol === "a2a") found.add(protocol);
    }
  }
  return found;
}

/** Connections whose protocol the log told are remembered (the rest are recomputed). */
const MAX_CONNECTIONS = 1024;
const MAX_CONNECTION_CHARS = 1024 * 1024;

/** The connections of one log: their protocol, and how each learns it. */
export interface Connections {
  /** The connection of a line's actor and scope (`""`: none), created on first use. */
  connectionOf(
    actor: string | undefined,
    scope: string,
    line: number,
    out: TraceRecord[],
  ): Connection;
  /**
   * The protocol of a request of `method` on `connection`; a method of the other binding is
   * reported, unless it opens a session of its own (`own`: the line's scope and actor) on a
   * connection other sessions told already: then that session speaks it (one log of a proxy
   * may carry MCP and A2A sessions side by side).
   */
  protocolFor(
    connection: Connection,
    method: string,
    line: number,
    out: TraceRecord[],
    own?: string,
  ): string;
}

/** The tables of one log's connections. */
interface Tables {
  modes: readonly ReadonlyMap<string, string>[];
  /** The connection every line has when the `protocol` option gives it. */
  given: Connection | undefined;
  /** Connections told by content (or read by default so far), by actor. */
  told: BoundedTable<Connection>;
  /**
   * Sessions whose methods told a protocol other than their actor's, by `scope|actor` (the
   * scope is length-prefixed, so the first `|` after it is the separator: no alias).
   */
  owned: BoundedTable<Connection>;
  /**
   * The protocol the documents give an actor (null: none, or more than one), worked out once
   * per actor name: a pure function of the modes, so forgetting an entry (bounded) costs
   * only the work again. Read on every line, it made a log 3x slower to read with 60 documents.
   */
  documented: BoundedTable<Connection | null>;
}

export function connections(
  protocol: string | undefined,
  modes: readonly ReadonlyMap<string, string>[],
): Connections {
  const t: Tables = {
    modes,
    given: protocol === undefined ? undefined : { protocol, by: "given", readDefault: false },
    told: new BoundedTable<Connection>(MAX_CONNECTIONS, MAX_CONNECTION_CHARS),
    owned: new BoundedTable<Connection>(MAX_CONNECTIONS, MAX_CONNECTION_CHARS),
    documented: new BoundedTable<Connection | null>(MAX_CONNECTIONS, MAX_CONNECTION_CHARS),
  };
  return {
    connectionOf: (actor, scope, line, out) => connectionOf(t, actor, scope, line, out),
    protocolFor: (connection, method, line, out, own) =>
      protocolFor(t, connection, method, line, out, own),
  };
}

const documentedConnection = (t: Tables, actor: string | undefined): Connection | null =>
  t.documented.getOrCreate(
    actor === undefined ? "" : `a${actor}`,
    () => {
      let found = documentedProtocols(t.modes, actor);
      if (found.size === 0 && actor !== undefined) found = documentedProtocols(t.modes, undefined);
      return found.size === 1
        ? { protocol: [...found][0]!, by: "given", readDefault: false }
        : null;
    },
    ENTRY_COST,
  );

function connectionOf(
  t: Tables,
  actor: string | undefined,
  scope: string,
  line: number,
  out: TraceRecord[],
): Connection {
  if (t.given !== undefined) return t.given;
  // A session speaks its actor's protocol unless its own content told another (a proxy
  // log of one upstream has one protocol: no state per session, so no bound to reach).
  if (scope !== "" && t.owned.size > 0) {
    const own = t.owned.get(`${scope}|${actor ?? ""}`);
    if (own !== undefined) return own;
  }
  const key = actor ?? "";
  const known = t.told.get(key);
  if (known !== undefined) return known;
  const fromDocuments = t.modes.length === 0 ? null : documentedConnection(t, actor);
  if (fromDocuments !== null) return fromDocuments;
  const connection: Connection = { protocol: "mcp", by: "default", readDefault: false };
  // Past the bound a forgotten connection would be told again by content: said, and failing.
  if (t.told.set(key, connection, ENTRY_COST) > 0)
    forgotten(out, line, `more than ${MAX_CONNECTIONS} connections' protocols are known`);
  return connection;
}

/**
 * The protocol of a request on `connection` whose method agrees with it (of its binding, or
 * of neither): the connection's, and a default one has now read a message as it.
 */
export function agreed(connection: Connection): string {
  if (connection.by === "default") connection.readDefault = true;
  return connection.protocol;
}

function protocolFor(
  t: Tables,
  connection: Connection,
  method: string,
  line: number,
  out: TraceRecord[],
  own?: string,
): string {
  const binding = bindingOf(method);
  if (binding === undefined || binding === connection.protocol) return agreed(connection);
  if (
    own !== undefined &&
    connection.own === undefined &&
    (connection.by === "content" || (connection.by === "default" && connection.readDefault))
  ) {
    const session: Connection = {
      protocol: binding,
      by: "content",
      readDefault: false,
      own: true,
    };
    // Past the bound a forgotten session would speak its actor's protocol again: said.
    if (t.owned.set(own, session, ENTRY_COST) > 0)
      forgotten(
        out,
        line,
        `more than ${MAX_CONNECTIONS} sessions speak a protocol other than their actor's`,
      );
    return binding;
  }
  if (connection.by === "default") {
    connection.by = "content";
    connection.protocol = binding;
    if (connection.readDefault)
      unattributed(
        out,
        line,
        "T-PROTOCOL",
        `method ${preview(method)} shows the connection is ${binding}, but earlier messages were read as mcp (give the protocol option or the documents)`,
      );
    return binding;
  }
  unattributed(
    out,
    line,
    "T-PROTOCOL",
    `method ${preview(method)} belongs to ${binding}, but the connection is ${connection.protocol}: read as ${connection.protocol}`,
  );
  return connection.protocol;
}
