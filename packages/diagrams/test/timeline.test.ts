// The timeline (picture a) read back as XML: every actor and phase of a real document is a
// node with its name, terminal phases and triggers are marked, and hostile names stay text.
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parse } from "@oatf/model";
import { describe, expect, it } from "vitest";
import { timelineSvg } from "../src/index.js";
import { CHAR } from "../src/svg.js";
import { BOX_CHARS, GAP_CHARS, HEADER_CHARS } from "../src/timeline.js";
import { all, parseSvg, texts } from "./xml.js";

/** The shared benchmark documents (../shared/scenarios/, read in place, never copied). */
const SCENARIOS = fileURLToPath(new URL("../../../../shared/scenarios/", import.meta.url));
const scenarios = readdirSync(SCENARIOS).filter((f) => f.endsWith(".yaml"));

interface Phase {
  name?: string;
  trigger?: unknown;
}
interface Actor {
  name: string;
  phases: Phase[];
}

/** The actors of a parsed document as the spec's three execution forms give them. */
function actorsOf(document: { attack: { execution: Record<string, unknown> } }): Actor[] {
  const execution = document.attack.execution;
  if (Array.isArray(execution.actors)) return execution.actors as Actor[];
  if (Array.isArray(execution.phases))
    return [{ name: "default", phases: execution.phases as Phase[] }];
  return [{ name: "default", phases: [{}] }];
}

describe("timelineSvg on the shared scenarios", () => {
  it("finds the scenarios", () => expect(scenarios.length).toBeGreaterThanOrEqual(11));

  for (const file of scenarios) {
    it(`${file}: one lane per actor, one box per phase, terminal phases marked`, () => {
      const parsed = parse(readFileSync(`${SCENARIOS}${file}`, "utf8"));
      if (!parsed.ok) throw new Error(`${file} does not parse`);
      const document = parsed.value as unknown as {
        attack: { execution: Record<string, unknown> };
      };
      const root = parseSvg(timelineSvg(document));
      const actors = actorsOf(document);
      const lanes = all(root, "g", "oatf-lane");
      expect(lanes.map((l) => l.getAttribute("data-actor"))).toEqual(actors.map((a) => a.name));
      actors.forEach((actor, i) => {
        const lane = lanes[i];
        if (!lane) throw new Error("missing lane");
        const phases = all(lane, "g", "oatf-phase");
        expect(phases).toHaveLength(actor.phases.length);
        actor.phases.forEach((phase, p) => {
          if (phase.name) expect(phases[p]?.getAttribute("data-phase")).toBe(phase.name);
          const terminal = (phases[p]?.getAttribute("class") ?? "").includes("oatf-terminal");
          expect(terminal).toBe(phase.trigger === undefined);
        });
        // An arrow between every two phases drawn, each with the trigger's parts.
        const triggers = all(lane, "g", "oatf-trigger");
        expect(triggers).toHaveLength(Math.max(0, actor.phases.length - 1));
        for (const t of triggers) expect(t.getAttribute("data-parts")).toMatch(/event|after/);
      });
    });
  }
});

describe("timelineSvg's text widths", () => {
  it("fit the boxes, the arrows and the lane headers (260, 176 and 190 units wide)", () => {
    expect([BOX_CHARS, GAP_CHARS, HEADER_CHARS]).toEqual(
      [260 - 16, 176 - 16, 190 - 24].map((width) => Math.floor(width / CHAR)),
    );
  });
});

describe("timelineSvg draws what a phase holds", () => {
  const document = {
    attack: {
      id: "T-1",
      name: "Rug pull",
      execution: {
        mode: "mcp_server",
        phases: [
          {
            name: "trust",
            state: { tools: [{ name: "calc" }, { name: "search" }] },
            extractors: [
              {
                name: "token",
                source: "request",
                type: "json_path",
                selector: "$.params.arguments.token",
              },
            ],
            trigger: { event: "tools/call", count: 3, match: { name: "calc" }, after: "30s" },
          },
          { name: "swap", on_enter: [{ send: { method: "notifications/tools/list_changed" } }] },
        ],
      },
    },
  };
  const root = parseSvg(timelineSvg(document));
  // A long entry wraps onto a second line: read the lines as one text.
  const words = texts(root).join("");

  it("titles the picture with the attack's id and name", () => {
    expect(root.getElementsByTagName("title")[0]?.textContent).toBe("Timeline of T-1: Rug pull");
  });
  it("writes state, extractors, trigger parts and entry actions", () => {
    expect(words).toContain("state: tools (2)");
    expect(words).toContain("extract token ← request");
    expect(words).toContain("on tools/call ×3");
    expect(words).toContain('where name: "calc"');
    expect(words).toContain("or after 30s");
    expect(words).toContain("on enter: send notifications/tools/list_changed");
    expect(all(root, "g", "oatf-trigger")[0]?.getAttribute("data-parts")).toBe(
      "event count match after",
    );
  });
  it("draws the single-phase form as the default actor", () => {
    const single = parseSvg(
      timelineSvg({ attack: { execution: { mode: "a2a_server", state: { agent_card: {} } } } }),
    );
    const lanes = all(single, "g", "oatf-lane");
    expect(lanes.map((l) => [l.getAttribute("data-actor"), l.getAttribute("data-mode")])).toEqual([
      ["default", "a2a_server"],
    ]);
    expect(all(single, "g", "oatf-terminal")).toHaveLength(1);
  });
});

describe("timelineSvg with hostile input", () => {
  const hostile = `<script>alert("x")</script>'&"]]><!--`;

  it("keeps a hostile actor and phase name as text, in attributes and content", () => {
    const markup = timelineSvg({
      attack: {
        name: hostile,
        execution: {
          actors: [
            { name: hostile, mode: hostile, phases: [{ name: hostile, description: hostile }] },
          ],
        },
      },
    });
    expect(markup).not.toContain("<script");
    const root = parseSvg(markup);
    expect(root.getElementsByTagName("script")).toHaveLength(0);
    expect(all(root, "g", "oatf-lane")[0]?.getAttribute("data-actor")).toBe(hostile);
    expect(all(root, "g", "oatf-phase")[0]?.getAttribute("data-phase")).toBe(hostile);
    expect(texts(root).some((t) => t.includes("<script>"))).toBe(true);
  });

  it("bounds huge names, many actors and many phases", () => {
    const huge = "A".repeat(5_000_000);
    const phases = Array.from({ length: 500 }, (_, i) => ({
      name: `${huge}${i}`,
      trigger: { event: huge },
    }));
    const actors = Array.from({ length: 500 }, () => ({ name: huge, mode: "mcp_server", phases }));
    const markup = timelineSvg({ attack: { name: huge, execution: { actors } } });
    expect(markup.length).toBeLessThan(2_000_000);
    const root = parseSvg(markup);
    expect(all(root, "g", "oatf-lane")).toHaveLength(12);
    expect(all(all(root, "g", "oatf-lane")[0] as never, "g", "oatf-phase")).toHaveLength(16);
    const more = all(root, "g", "oatf-more").map((g) => g.getAttribute("data-count"));
    expect(more).toContain("488"); // actors left out
    expect(more).toContain("484"); // phases left out of each lane
    for (const name of all(root, "g", "oatf-lane").map((l) => l.getAttribute("data-actor") ?? ""))
      expect(name.length).toBeLessThanOrEqual(200);
  });

  it("shows controls and bidi overrides as visible escapes", () => {
    const root = parseSvg(
      timelineSvg({
        attack: { execution: { actors: [{ name: "a\u202eb\nc\u0000", phases: [] }] } },
      }),
    );
    const name = all(root, "g", "oatf-lane")[0]?.getAttribute("data-actor") ?? "";
    for (const hidden of ["\u202e", "\n", "\u0000"]) expect(name).not.toContain(hidden);
    expect(name).toContain("\\u202e");
  });

  it("draws any value, never throws: not a document, __proto__ keys, throwing getters", () => {
    const trap = {
      attack: {
        execution: {
          get actors(): never {
            throw new Error("boom");
          },
        },
      },
    };
    const protoKey = JSON.parse(
      '{"attack":{"execution":{"__proto__":{"actors":[{"name":"x"}]},"phases":[{"name":"p"}]}}}',
    );
    for (const input of [undefined, null, 42, "text", [], {}, { attack: [] }, trap, protoKey]) {
      const root = parseSvg(timelineSvg(input));
      expect(root.getAttribute("class")).toContain("oatf-timeline");
    }
    expect(timelineSvg(trap)).toContain("Could not draw: boom");
    expect(
      all(parseSvg(timelineSvg(protoKey)), "g", "oatf-lane").map((l) =>
        l.getAttribute("data-actor"),
      ),
    ).toEqual(["default"]);
    expect(Object.prototype).not.toHaveProperty("actors");
  });
});
