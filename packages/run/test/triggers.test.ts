// The four trigger kinds (format §5.3) and entry actions (format §5.2, SDK §2.7a) in a run:
// `after` advances on time alone, `count` needs that many matching events in the phase (the
// counter starts again in each phase), a last phase whose trigger fires stays last; `log`
// entries are reported, unknown actions said.
import { describe, expect, it } from "vitest";
import { runAttack } from "../src/index.js";

const DOC = `
oatf: "0.1"
attack:
  id: TRIG-001
  name: Triggers
  execution:
    mode: mcp_server
    phases:
      - name: warm_up
        state:
          tools:
            - name: a
              description: "first"
              inputSchema:
                type: object
        trigger:
          after: 0s
      - name: counting
        extractors:
          - name: cursor
            source: request
            type: json_path
            selector: "$.cursor"
        trigger:
          event: tools/list
          count: 2
      - name: last
        on_enter:
          - log:
              message: "entered after cursor {{cursor}}"
          - frobnicate:
              level: 11
          - send:
              method: notifications/tools/list_changed
        state:
          tools:
            - name: b
              description: "second"
              inputSchema:
                type: object
        trigger:
          event: ping
`;

describe("triggers and entry actions", () => {
  it("after, count and a last phase's trigger; log and unknown entry actions", async () => {
    const lists: string[] = [];
    const report = await runAttack(DOC, {
      gracePeriod: 20,
      onReady: async ({ endpoints }) => {
        const url = endpoints.mcp.default!;
        let session = "";
        let id = 0;
        const rpc = async (method: string, params?: object) => {
          const r = await fetch(url, {
            method: "POST",
            headers: {
              "content-type": "application/json",
              accept: "application/json",
              ...(session ? { "mcp-session-id": session } : {}),
            },
            body: JSON.stringify({
              jsonrpc: "2.0",
              id: ++id,
              method,
              ...(params ? { params } : {}),
            }),
          });
          session ||= r.headers.get("mcp-session-id") ?? "";
          return r.json();
        };
        await rpc("initialize", {});
        for (const cursor of ["c1", "c2", "c3"]) {
          const answer = (await rpc("tools/list", { cursor })) as {
            result: { tools: { name: string }[] };
          };
          lists.push(answer.result.tools.map((t) => t.name).join(","));
        }
        await rpc("ping");
        await rpc("ping");
      },
    });
    const [run] = report.runs;
    expect(run!.ended).toBe("settled");
    // warm_up's `after: 0s` fired at once; counting inherited its tools and needed two lists.
    expect(run!.phases.map((p) => `${p.phase}:${p.reason}`)).toEqual([
      "warm_up:start",
      "counting:timeout",
      "last:event_matched",
    ]);
    // initialize, then two lists: the second list's answer is the sixth message.
    expect(run!.phases[2]!.after_messages).toBe(6);
    expect(lists).toEqual(["a", "a", "b"]);
    const said = run!.diagnostics.map((d) => `${d.severity} ${d.code} ${d.message}`);
    expect(said).toContain("info run/log entered after cursor c2");
    expect(said).toContain(
      "warning run/unsupported entry action `frobnicate` is not executed for mcp_server actors",
    );
    // The notification went to the session (queued: this client opened no stream).
    expect(run!.messages[6]).toMatchObject({
      direction: "request",
      operation: "notifications/tools/list_changed",
    });
    // The last phase's trigger fired (two pings): nothing comes after it.
    expect(run!.phases).toHaveLength(3);
  }, 60_000);
});

describe("the observation window", () => {
  it("attack.grace_period wins over the option; a timeout inside it ends the run as settled, and says so", async () => {
    const doc = DOC.replace("  name: Triggers\n", "  name: Triggers\n  grace_period: 1h\n");
    const report = await runAttack(doc, {
      gracePeriod: 1,
      timeout: 5000,
      onReady: async ({ endpoints }) => {
        await fetch(endpoints.mcp.default!, {
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/json" },
          body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: {} }),
        });
      },
    });
    const [run] = report.runs;
    expect(run!.ended).toBe("settled");
    expect(run!.diagnostics.find((d) => d.code === "run/timeout")).toMatchObject({
      severity: "info",
      message: "the observation window (3600000 ms) was cut short by the timeout (5000 ms)",
    });
  }, 60_000);
});
