// The sequence diagram (picture b) read back as XML: one arrow per message between the agent
// and the right actor, in the direction format §6.1 gives it; matched messages marked and
// linked to their evidence; long traces and hostile content bounded.
import { describe, expect, it } from "vitest";
import {
  evidenceId,
  messageId,
  type SequenceMessage,
  sequenceSvg,
  summarizeMessage,
} from "../src/index.js";
import { all, parseSvg, texts } from "./xml.js";

const document = {
  attack: {
    execution: {
      actors: [
        { name: "rogue-server", mode: "mcp_server", phases: [{ name: "p" }] },
        { name: "ui", mode: "ag_ui_client", phases: [{ name: "q" }] },
      ],
    },
  },
};

const messages: SequenceMessage[] = [
  { protocol: "ag_ui", direction: "request", operation: "run_agent_input", actor: "ui" },
  { protocol: "mcp", direction: "request", operation: "tools/list", line: 2 },
  {
    protocol: "mcp",
    direction: "response",
    operation: "tools/list",
    content: { tools: [{}, {}] },
    line: 3,
  },
  {
    protocol: "mcp",
    direction: "request",
    operation: "tools/call",
    content: { name: "exfil" },
    line: 4,
  },
];

describe("sequenceSvg", () => {
  const root = parseSvg(
    sequenceSvg(messages, {
      document,
      matches: [{ indicator_id: "I-1", message: 3, evidence: "called exfil" }],
    }),
  );
  const rows = all(root, "g", "oatf-message");

  it("has the agent and every actor as a participant, the document's order first", () => {
    expect(
      all(root, "g", "oatf-participant").map((p) => p.getAttribute("data-participant")),
    ).toEqual(["", "rogue-server", "ui"]);
  });

  it("draws one arrow per message, its direction from the actor's role", () => {
    expect(
      rows.map((r) => [
        r.getAttribute("id"),
        r.getAttribute("data-operation"),
        r.getAttribute("data-from"),
        r.getAttribute("data-to"),
      ]),
    ).toEqual([
      [messageId(0), "run_agent_input", "2", "0"], // a client-role actor sends its request to the agent
      [messageId(1), "tools/list", "0", "1"], // the agent sends requests to a server-role actor
      [messageId(2), "tools/list", "1", "0"],
      [messageId(3), "tools/call", "0", "1"],
    ]);
    expect(texts(root).join("\n")).toContain("tools/list · 2 tools");
  });

  it("marks the matched message and links it to the indicator's evidence", () => {
    const marked = all(root, "g", "oatf-matched");
    expect(marked.map((g) => g.getAttribute("data-index"))).toEqual(["3"]);
    expect(marked[0]?.getAttribute("data-evidence")).toBe(evidenceId("I-1"));
    const link = marked[0]?.parentNode as unknown as {
      tagName: string;
      getAttribute(n: string): string;
    };
    expect(link.tagName).toBe("a");
    expect(link.getAttribute("href")).toBe(`#${evidenceId("I-1")}`);
    expect(marked[0]?.getElementsByTagName("title")[0]?.textContent).toContain(
      "matched I-1: called exfil",
    );
    expect(root.getElementsByTagName("title")[0]?.textContent).toBe(
      "Exchange: 4 messages, 1 marked as matched",
    );
  });

  it("keeps a match deep in a long trace, with the left-out messages counted", () => {
    const long = Array.from(
      { length: 10_000 },
      (_, i): SequenceMessage => ({ protocol: "mcp", direction: "request", operation: `op${i}` }),
    );
    const picture = parseSvg(
      sequenceSvg(long, { matches: [{ indicator_id: "deep", message: 9_000 }], maxMessages: 50 }),
    );
    const drawn = all(picture, "g", "oatf-message").map((g) =>
      Number(g.getAttribute("data-index")),
    );
    expect(drawn).toHaveLength(50);
    expect(drawn).toContain(9_000);
    const left = all(picture, "g", "oatf-more").map((g) => Number(g.getAttribute("data-count")));
    expect(drawn.length + left.reduce((a, b) => a + b, 0)).toBe(10_000);
  });

  it("draws a selection of a trace at its own positions", () => {
    const picked = [summarizeMessage(messages[3] as SequenceMessage, 41)];
    const picture = parseSvg(
      sequenceSvg(picked, { total: 100, matches: [{ indicator_id: "I", message: 41 }] }),
    );
    expect(all(picture, "g", "oatf-message").map((g) => g.getAttribute("data-index"))).toEqual([
      "41",
    ]);
    expect(all(picture, "g", "oatf-more").map((g) => g.getAttribute("data-count"))).toEqual([
      "41",
      "58",
    ]);
  });
});

describe("sequenceSvg with hostile input", () => {
  const hostile = `<script>alert(1)</script>"'&`;

  it("keeps hostile operations, actors, evidence and indicator ids as text", () => {
    const markup = sequenceSvg(
      [
        {
          protocol: hostile,
          direction: hostile,
          operation: hostile,
          actor: hostile,
          content: { name: hostile },
        },
      ],
      { matches: [{ indicator_id: hostile, message: 0, evidence: hostile }] },
    );
    expect(markup).not.toContain("<script");
    const root = parseSvg(markup);
    const row = all(root, "g", "oatf-message")[0];
    expect(row?.getAttribute("data-operation")).toBe(hostile);
    // Ids and links are plain tokens, whatever the indicator id.
    expect(row?.getAttribute("data-evidence")).toMatch(/^[A-Za-z][A-Za-z0-9_-]*$/);
    expect(evidenceId(hostile)).not.toBe(evidenceId(`${hostile} `));
  });

  it("bounds huge fields and many actors", () => {
    const huge = "B".repeat(5_000_000);
    // Flat strings, as JSON.parse gives them (a rope would cost its own flattening, not ours).
    const actors = Array.from({ length: 10 }, (_, i) => String(i).padEnd(5_000_000, "B"));
    const many = Array.from(
      { length: 300 },
      (_, i): SequenceMessage => ({
        protocol: "mcp",
        direction: "request",
        operation: huge,
        actor: actors[i % 10],
        detail: huge,
      }),
    );
    const markup = sequenceSvg(many, {
      matches: many.map((_, i) => ({ indicator_id: huge, message: i, evidence: huge })),
    });
    expect(markup.length).toBeLessThan(3_000_000);
    const root = parseSvg(markup);
    expect(all(root, "g", "oatf-participant")).toHaveLength(1 + 8); // the agent, 7 actors, "… more"
    for (const g of all(root, "g", "oatf-message"))
      expect((g.getAttribute("data-operation") ?? "").length).toBeLessThanOrEqual(200);
  });

  it("draws any value, never throws", () => {
    const trap = [
      {
        get protocol(): never {
          throw new Error("boom");
        },
      },
    ];
    for (const input of [undefined, null, 1, "x", [null, 1, "x", []], trap] as unknown[]) {
      const root = parseSvg(
        sequenceSvg(input as SequenceMessage[], {
          matches: [null, { message: "x" }] as never,
          maxMessages: Number.NaN,
        }),
      );
      expect(root.getAttribute("class")).toContain("oatf-sequence");
    }
  });
});
