import {
  a2aOperationOfV1,
  EVENT_MODE_VALIDITY,
  eventsFor,
  extractProtocol,
  isEventValidForMode,
  isKnownMode,
  isKnownProtocol,
  isSurfaceValidForProtocol,
  knownModes,
  knownProtocols,
  parseEventQualifier,
  qualifierPathFor,
  resolveEventQualifier,
  surfacesFor,
} from "@oatf/registries";
import { describe, expect, it } from "vitest";

describe("modes and protocols", () => {
  it("lists the v0.1 modes and protocols", () => {
    expect(knownModes()).toEqual([
      "mcp_server",
      "mcp_client",
      "a2a_server",
      "a2a_client",
      "ag_ui_client",
    ]);
    expect(knownProtocols()).toEqual(["mcp", "a2a", "ag_ui"]);
  });

  it("every known mode's protocol is a known protocol, and every protocol has a mode", () => {
    const protocols = new Set(knownModes().map(extractProtocol));
    expect([...protocols].sort()).toEqual([...knownProtocols()].sort());
  });

  it("recognizes exactly the known values", () => {
    expect(isKnownMode("mcp_server")).toBe(true);
    expect(isKnownMode("ag_ui_server")).toBe(false);
    expect(isKnownMode("voice_server")).toBe(false);
    expect(isKnownMode("mpc_server")).toBe(false);
    expect(isKnownMode("MCP_SERVER")).toBe(false);
    expect(isKnownProtocol("ag_ui")).toBe(true);
    expect(isKnownProtocol("agui")).toBe(false);
    expect(isKnownProtocol("constructor")).toBe(false);
  });

  it("returns frozen data", () => {
    expect(Object.isFrozen(knownModes())).toBe(true);
    expect(Object.isFrozen(knownProtocols())).toBe(true);
    expect(Object.isFrozen(EVENT_MODE_VALIDITY)).toBe(true);
    for (const events of Object.values(EVENT_MODE_VALIDITY))
      expect(Object.isFrozen(events)).toBe(true);
  });
});

describe("extractProtocol (SDK §5.9)", () => {
  it.each([
    ["mcp_server", "mcp"],
    ["mcp_client", "mcp"],
    ["a2a_server", "a2a"],
    ["a2a_client", "a2a"],
    ["ag_ui_client", "ag_ui"],
    ["custom_proto_client", "custom_proto"],
    ["vendor_protocol_server", "vendor_protocol"],
    // Only the final suffix is stripped, once.
    ["a_server_client", "a_server"],
    ["mcp_client_server", "mcp_client"],
    // Neither suffix: unchanged.
    ["mcp", "mcp"],
    ["grpc_attacker", "grpc_attacker"],
    ["mcp_Server", "mcp_Server"],
    ["server", "server"],
    ["", ""],
    // The suffix alone leaves an empty prefix.
    ["_server", ""],
    ["_client", ""],
  ])("%j -> %j", (mode, protocol) => {
    expect(extractProtocol(mode)).toBe(protocol);
  });
});

describe("surfacesFor", () => {
  it("names the operations of each known protocol", () => {
    expect(surfacesFor("mcp")).toContain("tools/list");
    expect(surfacesFor("mcp")).toContain("initialize");
    expect(surfacesFor("a2a")).toContain("agent_card/get");
    expect(surfacesFor("ag_ui")).toContain("run_agent_input");
  });

  it("is undefined for unrecognized protocols, including prototype keys", () => {
    for (const p of ["grpc", "MCP", "", "constructor", "__proto__", "toString", "hasOwnProperty"]) {
      expect(surfacesFor(p)).toBeUndefined();
    }
  });

  it("keeps protocols apart", () => {
    expect(isSurfaceValidForProtocol("mcp", "agent_card/get")).toBe(false);
    expect(isSurfaceValidForProtocol("a2a", "tools/list")).toBe(false);
    expect(isSurfaceValidForProtocol("mcp", "invalid_surface")).toBe(false);
    expect(isSurfaceValidForProtocol("voice", "anything")).toBe(true);
  });

  it("has no duplicates", () => {
    for (const p of knownProtocols()) {
      const s = surfacesFor(p)!;
      expect(new Set(s).size).toBe(s.length);
    }
  });
});

describe("a2aOperationOfV1 (A2A v1.0 → the binding's v0.3 names)", () => {
  it("maps every v1.0 method of @a2a-js/sdk 1.3.0 onto an A2A operation of the binding", () => {
    const v1 = [
      "SendMessage",
      "SendStreamingMessage",
      "GetTask",
      "CancelTask",
      "SubscribeToTask",
      "CreateTaskPushNotificationConfig",
      "GetTaskPushNotificationConfig",
      "ListTaskPushNotificationConfigs",
      "DeleteTaskPushNotificationConfig",
      "GetExtendedAgentCard",
    ];
    const mapped = v1.map(a2aOperationOfV1);
    for (const operation of mapped) expect(surfacesFor("a2a")).toContain(operation);
    // One v1.0 method per v0.3 method: the table can be read both ways.
    expect(new Set(mapped).size).toBe(v1.length);
    expect(a2aOperationOfV1("SendStreamingMessage")).toBe("message/stream");
    expect(a2aOperationOfV1("GetExtendedAgentCard")).toBe("agent/getAuthenticatedExtendedCard");
  });

  it("keeps ListTasks, new in v1.0, and knows nothing else", () => {
    expect(a2aOperationOfV1("ListTasks")).toBe("ListTasks");
    for (const name of ["message/send", "tools/call", "constructor", "__proto__", "sendMessage"])
      expect(a2aOperationOfV1(name)).toBeUndefined();
  });
});

describe("eventsFor / isEventValidForMode", () => {
  it("has an entry for every known mode and nothing else", () => {
    expect(Object.keys(EVENT_MODE_VALIDITY).sort()).toEqual([...knownModes()].sort());
  });

  it("each mode's events are operations of its protocol, without duplicates", () => {
    for (const mode of knownModes()) {
      const events = eventsFor(mode)!;
      const surfaces = surfacesFor(extractProtocol(mode))!;
      expect(new Set(events).size).toBe(events.length);
      for (const e of events) expect(surfaces).toContain(e);
    }
  });

  it("every operation is an event of at least one mode of its protocol", () => {
    for (const protocol of knownProtocols()) {
      const modes = knownModes().filter((m) => extractProtocol(m) === protocol);
      const events = new Set(modes.flatMap((m) => eventsFor(m)!));
      expect([...surfacesFor(protocol)!].filter((s) => !events.has(s))).toEqual([]);
    }
  });

  it("is undefined for unrecognized modes, including prototype keys", () => {
    for (const m of ["custom_proto_server", "voice_server", "", "constructor", "__proto__"]) {
      expect(eventsFor(m)).toBeUndefined();
      expect(isEventValidForMode(m, "custom/event")).toBe(true);
    }
  });

  it("strips a qualifier before the lookup", () => {
    expect(isEventValidForMode("mcp_server", "tools/call")).toBe(true);
    expect(isEventValidForMode("mcp_server", "tools/call:calculator")).toBe(true);
    expect(isEventValidForMode("mcp_server", "tools/call:")).toBe(true);
    expect(isEventValidForMode("mcp_server", "message/send")).toBe(false);
    expect(isEventValidForMode("mcp_server", "message/send:x")).toBe(false);
    expect(isEventValidForMode("mcp_server", ":tools/call")).toBe(false);
    expect(isEventValidForMode("mcp_server", "")).toBe(false);
    expect(isEventValidForMode("ag_ui_client", "custom:my_event")).toBe(true);
  });

  it("knows MCP 2026-07-28's methods as the official SDK v2 sends them (no V-018)", () => {
    for (const m of ["server/discover", "subscriptions/listen"]) {
      expect(surfacesFor("mcp")).toContain(m);
      expect(eventsFor("mcp_server")).toContain(m);
      expect(eventsFor("mcp_client")).toContain(m);
    }
    // The listen stream's first message, and its list changes, reach a client only.
    expect(surfacesFor("mcp")).toContain("notifications/subscriptions/acknowledged");
    expect(eventsFor("mcp_client")).toContain("notifications/subscriptions/acknowledged");
    expect(eventsFor("mcp_server")).not.toContain("notifications/subscriptions/acknowledged");
  });

  it("follows the direction rules of §7.1.2 and §7.2.2", () => {
    // Server-initiated MCP requests are observed by clients, not by servers.
    for (const e of ["sampling/createMessage", "elicitation/create", "roots/list"]) {
      expect(eventsFor("mcp_client")).toContain(e);
      expect(eventsFor("mcp_server")).not.toContain(e);
    }
    // Correlated responses: a client observes the methods it sends.
    expect(eventsFor("mcp_client")).toContain("tools/call");
    expect(eventsFor("mcp_server")).toContain("notifications/initialized");
    expect(eventsFor("mcp_client")).toContain("notifications/tools/list_changed");
    expect(eventsFor("mcp_server")).not.toContain("notifications/tools/list_changed");
    // task/status and task/artifact are client-mode only.
    for (const e of ["task/status", "task/artifact"]) {
      expect(eventsFor("a2a_client")).toContain(e);
      expect(eventsFor("a2a_server")).not.toContain(e);
    }
    for (const m of ["a2a_server", "a2a_client"]) {
      expect(eventsFor(m)).toContain("agent_card/get");
      expect(eventsFor(m)).toContain("message/send");
    }
    expect(eventsFor("a2a_server")).toContain("agent/getAuthenticatedExtendedCard");
    expect(eventsFor("ag_ui_client")).toContain("run_agent_input");
    expect(eventsFor("ag_ui_client")).toContain("tool_call_result");
  });
});

describe("parseEventQualifier (seeds/003 §5.9)", () => {
  it.each([
    ["tools/call:calculator", { base: "tools/call", qualifier: "calculator" }],
    ["tools/call", { base: "tools/call" }],
    ["resources/read", { base: "resources/read" }],
    ["a:b:c", { base: "a", qualifier: "b:c" }],
    ["tools/call:", { base: "tools/call", qualifier: "" }],
    [":calculator", { base: "", qualifier: "calculator" }],
    [":", { base: "", qualifier: "" }],
    ["", { base: "" }],
    ["task/status:input-required", { base: "task/status", qualifier: "input-required" }],
    ["custom: spaced ", { base: "custom", qualifier: " spaced " }],
  ])("%j", (event, parsed) => {
    expect(parseEventQualifier(event)).toStrictEqual(parsed);
  });

  it("omits the qualifier key when there is no colon", () => {
    expect("qualifier" in parseEventQualifier("tools/call")).toBe(false);
  });
});

describe("qualifierPathFor / resolveEventQualifier (seeds/003 §2.25, §5.9a)", () => {
  it("has the registry paths", () => {
    expect(qualifierPathFor("mcp", "tools/call")).toBe("params.name");
    expect(qualifierPathFor("mcp", "prompts/get")).toBe("params.name");
    expect(qualifierPathFor("a2a", "task/status")).toBe("status.state");
    expect(qualifierPathFor("ag_ui", "tool_call_start")).toBe("toolCallName");
    expect(qualifierPathFor("ag_ui", "tool_call_end")).toBe("toolCallName");
    expect(qualifierPathFor("ag_ui", "custom")).toBe("name");
    expect(qualifierPathFor("mcp", "resources/read")).toBeUndefined();
    expect(qualifierPathFor("a2a", "tools/call")).toBeUndefined();
    expect(qualifierPathFor("mcp_server", "tools/call")).toBeUndefined();
    expect(qualifierPathFor("constructor", "name")).toBeUndefined();
    expect(qualifierPathFor("mcp", "constructor")).toBeUndefined();
  });

  it("follows the §5.9a examples", () => {
    expect(resolveEventQualifier("mcp", "tools/call", { params: { name: "calculator" } })).toBe(
      "calculator",
    );
    expect(resolveEventQualifier("mcp", "tools/call", { params: {} })).toBeUndefined();
    expect(resolveEventQualifier("mcp", "resources/read", { uri: "file://x" })).toBeUndefined();
    expect(resolveEventQualifier("ag_ui", "custom", { name: "my_event" })).toBe("my_event");
  });

  it("finds no qualifier in content whose getters throw", () => {
    const params = Object.defineProperty({}, "params", {
      get: () => {
        throw new Error("boom");
      },
      enumerable: true,
    });
    expect(resolveEventQualifier("mcp", "tools/call", params as never)).toBeUndefined();
  });

  it.each([
    ["calculator", "calculator"],
    ["", ""],
    ["a:b", "a:b"],
    [42, "42"],
    [-1.5, "-1.5"],
    [0, "0"],
    [-0, "0"],
    [1e21, "1e+21"],
    [true, "true"],
    [false, "false"],
    [null, undefined],
    [[], undefined],
    [["calculator"], undefined],
    [{}, undefined],
    [{ name: "x" }, undefined],
    [Number.NaN, undefined],
    [Number.POSITIVE_INFINITY, undefined],
  ])("params.name = %j -> %j", (name, expected) => {
    expect(resolveEventQualifier("mcp", "tools/call", { params: { name } as never })).toBe(
      expected,
    );
  });

  it("needs objects along the path", () => {
    const r = (content: unknown) => resolveEventQualifier("mcp", "tools/call", content as never);
    expect(r(null)).toBeUndefined();
    expect(r("params.name")).toBeUndefined();
    expect(r([{ params: { name: "x" } }])).toBeUndefined();
    expect(r({ params: [{ name: "x" }] })).toBeUndefined();
    expect(r({ params: "x" })).toBeUndefined();
    expect(r({ "params.name": "x" })).toBeUndefined();
    expect(r({ name: "x" })).toBeUndefined();
    // Only own keys: an inherited `name` does not count.
    expect(r({ params: Object.create({ name: "x" }) })).toBeUndefined();
  });

  it("reads the other registry paths", () => {
    expect(resolveEventQualifier("a2a", "task/status", { status: { state: "completed" } })).toBe(
      "completed",
    );
    expect(resolveEventQualifier("ag_ui", "tool_call_start", { toolCallName: "transfer" })).toBe(
      "transfer",
    );
    expect(resolveEventQualifier("ag_ui", "tool_call_end", { toolCallName: "transfer" })).toBe(
      "transfer",
    );
    expect(resolveEventQualifier("mcp", "prompts/get", { params: { name: "p" } })).toBe("p");
    // Not the mode: the protocol (output of extractProtocol).
    expect(resolveEventQualifier("mcp_client", "tools/call", { params: { name: "x" } })).toBe(
      undefined,
    );
  });
});

// AG-UI's EventType enum includes the activity events (since @ag-ui/core 0.0.42, the binding
// text's time); §7.3.2 takes the whole enum, snake_cased (all of 1.0: ag-ui-core.test.ts).
describe("AG-UI EventType coverage", () => {
  it.each(["activity_snapshot", "activity_delta"])("%s is an ag_ui surface and event", (e) => {
    expect(surfacesFor("ag_ui")).toContain(e);
    expect(isEventValidForMode("ag_ui_client", e)).toBe(true);
    expect(isEventValidForMode("mcp_server", e)).toBe(false);
  });
});
