// ThoughtJack export reading (format §6.1 `indicator.direction`): actor modes from the
// documents decide protocol and request/response; lines of unknown actors are reported.
import type { Document } from "@oatf/model";
import { lineRange } from "@oatf/model/internal";
import { describe, expect, it } from "vitest";
import { actorModes, formatOfLine, readTraceText, type TraceRecord } from "../src/index.js";

const doc = (execution: unknown) => ({ oatf: "0.1", attack: { execution } }) as unknown as Document;
const line = (fields: Record<string, unknown>) =>
  JSON.stringify({ seq: 0, direction: "Incoming", method: "tools/call", content: {}, ...fields });
const read = (lines: string[], documents: Document[]): TraceRecord[] =>
  readTraceText(lines.join("\n"), { format: "thoughtjack", documents });
const messages = (records: TraceRecord[]) =>
  records.flatMap((r) => (r.kind === "message" ? [r.message] : []));
const diagnostics = (records: TraceRecord[]) =>
  records.flatMap((r) => (r.kind === "diagnostic" ? [r.diagnostic] : []));
/** A document with an MCP server actor `s` and an A2A client actor `c`. */
const TWO_ACTORS = [
  doc({
    actors: [
      { name: "s", mode: "mcp_server" },
      { name: "c", mode: "a2a_client" },
    ],
  }),
];

describe("actorModes", () => {
  it("maps the single-actor mode to `default` and each named actor to its mode", () => {
    const modes = actorModes([
      doc({ mode: "mcp_server", actors: [{ name: "b", mode: "a2a_client" }] }),
    ]);
    expect([...modes]).toEqual([
      ["default", "mcp_server"],
      ["b", "a2a_client"],
    ]);
  });

  it("takes a mode-less multi-phase document's mode from its first phase (format §11.2.7, N-007)", () => {
    const phases = [{ mode: "a2a_server", state: {} }, { mode: "a2a_server" }];
    expect([...actorModes([doc({ phases })])]).toEqual([["default", "a2a_server"]]);
    // The JSON-RPC reader reads a method both bindings have (tasks/get) as the document's.
    const log = '{"jsonrpc":"2.0","id":1,"method":"tasks/get","params":{"id":"t"}}';
    const read = messages(readTraceText(log, { documents: [doc({ phases })] }));
    expect(read.map((m) => m.protocol)).toEqual(["a2a"]);
  });

  it("lets the first document win a clash", () => {
    const modes = actorModes([
      doc({ mode: "mcp_server", actors: [{ name: "a", mode: "mcp_client" }] }),
      doc({ mode: "a2a_server", actors: [{ name: "a", mode: "a2a_client" }] }),
    ]);
    expect([...modes]).toEqual([
      ["default", "mcp_server"],
      ["a", "mcp_client"],
    ]);
  });

  it("skips unreadable documents and actors without a string name and mode", () => {
    const modes = actorModes([
      {} as Document,
      null as unknown as Document,
      doc(null),
      doc({
        actors: [
          null,
          "x",
          { name: 1, mode: "mcp_server" },
          { name: "n" },
          { name: "ok", mode: "ag_ui_client" },
        ],
      }),
      doc({ actors: "none" }),
    ]);
    expect([...modes]).toEqual([["ok", "ag_ui_client"]]);
  });
});

describe("ThoughtJack detection", () => {
  it("needs a seq, a string method and an Incoming/Outgoing direction", () => {
    expect(formatOfLine(line({}))).toBe("thoughtjack");
    expect(formatOfLine(line({ direction: "OUTGOING" }))).toBe("thoughtjack");
    expect(formatOfLine(line({ seq: undefined }))).toBeUndefined();
    expect(formatOfLine(line({ method: 3 }))).toBeUndefined();
    expect(formatOfLine(line({ direction: 1 }))).toBeUndefined();
    expect(formatOfLine(line({ direction: "Incoming2" }))).toBeUndefined();
    expect(formatOfLine(line({ direction: "xOutgoing" }))).toBeUndefined();
  });
});

describe("ThoughtJack reader", () => {
  const server = [doc({ mode: "mcp_server" })];

  it("reads a line with protocol, direction, operation, content, actor, timestamp and line", () => {
    const records = read(
      [line({ actor: "default", timestamp: "2026-01-01T00:00:00Z", content: { name: "x" } })],
      server,
    );
    expect(records).toEqual([
      {
        kind: "message",
        message: {
          protocol: "mcp",
          direction: "request",
          operation: "tools/call",
          content: { name: "x" },
          actor: "default",
          timestamp: "2026-01-01T00:00:00Z",
          line: 1,
        },
      },
    ]);
  });

  it("gives a lone actor every line, whatever actor it names, and null for missing content", () => {
    const got = messages(
      read(
        [
          line({ actor: "other", content: undefined }),
          line({ direction: "Outgoing", actor: 5, timestamp: undefined }),
        ],
        server,
      ),
    );
    // Absent fields are left out, not set to undefined.
    expect(got).toStrictEqual([
      {
        protocol: "mcp",
        direction: "request",
        operation: "tools/call",
        content: null,
        actor: "other",
        line: 1,
      },
      { protocol: "mcp", direction: "response", operation: "tools/call", content: {}, line: 2 },
    ]);
  });

  it("turns a client actor's outgoing lines into requests", () => {
    const got = messages(
      read([line({ direction: "outgoing" }), line({})], [doc({ mode: "a2a_client" })]),
    );
    expect(got.map((m) => [m.protocol, m.direction])).toEqual([
      ["a2a", "request"],
      ["a2a", "response"],
    ]);
  });

  it("picks the named actor's mode when there are several", () => {
    const got = messages(read([line({ actor: "c" }), line({ actor: "s" })], TWO_ACTORS));
    expect(got.map((m) => [m.actor, m.protocol, m.direction])).toEqual([
      ["c", "a2a", "response"],
      ["s", "mcp", "request"],
    ]);
  });

  it("reads every actor's lines the same past the remembered readings (1,024 actor sides)", () => {
    // 1,500 unknown actors in both directions push "s" and "c" out of the memory in between.
    const lines: string[] = [];
    for (let i = 0; i < 1500; i++) {
      lines.push(line({ actor: `x${i}`, direction: i % 2 ? "Incoming" : "Outgoing" }));
      if (i % 500 === 0) lines.push(line({ actor: "s" }), line({ actor: "c" }));
    }
    const records = read(lines, TWO_ACTORS);
    expect(messages(records).map((m) => [m.actor, m.protocol, m.direction])).toEqual(
      Array.from({ length: 3 }, () => [
        ["s", "mcp", "request"],
        ["c", "a2a", "response"],
      ]).flat(),
    );
    expect(diagnostics(records).map((d) => d.rule)).toEqual(Array(1500).fill("T-ACTOR"));
  });

  it("translates AG-UI event names into operations, and keeps other methods", () => {
    const got = messages(
      read(
        [line({ method: "TOOL_CALL_START" }), line({ method: "custom-Event" })],
        [doc({ mode: "ag_ui_client" })],
      ),
    );
    expect(got.map((m) => [m.protocol, m.operation])).toEqual([
      ["ag_ui", "tool_call_start"],
      ["ag_ui", "custom-Event"],
    ]);
    const mcp = messages(read([line({ method: "TOOL_CALL_START" })], server));
    expect(mcp[0]!.operation).toBe("TOOL_CALL_START");
  });

  it("reports lines of actors the documents do not declare, naming the declared ones", () => {
    const two = [
      doc({
        actors: [
          { name: "a", mode: "mcp_server" },
          { name: "b", mode: "a2a_client" },
        ],
      }),
    ];
    expect(diagnostics(read([line({ actor: "z" }), line({})], two))).toEqual([
      {
        severity: "error",
        rule: "T-ACTOR",
        code: "T-ACTOR",
        spec_ref: "SDK §4.1",
        range: lineRange(1),
        message: 'actor "z" is not an actor of the documents (actors: a, b)',
      },
      {
        severity: "error",
        rule: "T-ACTOR",
        code: "T-ACTOR",
        spec_ref: "SDK §4.1",
        range: lineRange(2),
        message: "actor undefined is not an actor of the documents (actors: a, b)",
      },
    ]);
    expect(diagnostics(read([line({ actor: 5 })], []))).toEqual([
      {
        severity: "error",
        rule: "T-ACTOR",
        code: "T-ACTOR",
        spec_ref: "SDK §4.1",
        range: lineRange(1),
        message: "actor 5 is not an actor of the documents (actors: none)",
      },
    ]);
  });

  it("reports lines that are not ThoughtJack lines, and bad JSON", () => {
    expect(
      diagnostics(read(['{"seq":1}', "[1]", "{"], server)).map((d) => [
        d.range?.start.line,
        d.rule,
        d.message,
      ]),
    ).toEqual([
      [
        1,
        "T-SHAPE",
        "not a ThoughtJack trace line ({seq, actor, direction: Incoming|Outgoing, method, content})",
      ],
      [
        2,
        "T-SHAPE",
        "not a ThoughtJack trace line ({seq, actor, direction: Incoming|Outgoing, method, content})",
      ],
      [3, "T-JSON", expect.stringMatching(/^not JSON \(.+\)$/)],
    ]);
  });

  it("reads a line once per distinct reading of the documents, in the same order whatever theirs", () => {
    const server = doc({ mode: "mcp_server" });
    const client = doc({ mode: "mcp_client" });
    const text = [line({ actor: "default", direction: "Incoming", method: "tools/call" })];
    const forward = read(text, [server, client]);
    expect(read(text, [client, server])).toEqual(forward);
    expect(
      forward.map((r) => (r.kind === "message" ? r.message.direction : r.diagnostic.message)),
    ).toEqual([
      'the documents give actor "default" different modes: the line is read once for each',
      "request",
      "response",
    ]);
    expect(forward[0]).toMatchObject({ kind: "diagnostic", diagnostic: { severity: "warning" } });
  });
});
