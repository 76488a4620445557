// Cross-checks the tables against the spec text in ../shared/spec (skipped when absent).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import {
  eventsFor,
  extractProtocol,
  knownModes,
  knownProtocols,
  parseEventQualifier,
  QUALIFIER_RESOLUTION_REGISTRY,
  qualifierPathFor,
  resolveEventQualifier,
  surfacesFor,
} from "@oatf/registries";
import { describe, expect, it } from "vitest";

// The spec beside the repository (../shared/spec), never an absolute machine path.
const SPEC = fileURLToPath(new URL("../../../../shared/spec", import.meta.url));
const BINDINGS = `${SPEC}/oatf/specification/protocol-bindings`;
const read = (path: string) => readFileSync(path, "utf8");
const seed = (prefix: string) => {
  const name = readdirSync(`${SPEC}/seeds`).find((f) => f.startsWith(prefix));
  return read(`${SPEC}/seeds/${name}`);
};
const section = (text: string, heading: string) => {
  const start = text.indexOf(heading);
  const next = text.indexOf("\n#", start + heading.length);
  return text.slice(start, next < 0 ? undefined : next);
};
/** Backticked tokens shaped like operation names: `tools/call`, `agent/getAuthenticatedExtendedCard`. */
const slashNames = (text: string) =>
  [...text.matchAll(/`([a-z][A-Za-z_]*(?:\/[A-Za-z_]+)+)`/g)].map((m) => m[1]!);
/** Table rows: the backticked cells of each `| ... |` line. */
const tableRows = (text: string) =>
  text
    .split("\n")
    .filter((l) => l.startsWith("|"))
    .map((l) => [...l.matchAll(/`([^`]*)`/g)].map((m) => m[1]!))
    .filter((cells) => cells.length > 0);

const BINDING_PAGES = { mcp: "mcp.md", a2a: "a2a.md", ag_ui: "ag-ui.md" } as const;

describe.runIf(existsSync(BINDINGS))("binding pages (format §7)", () => {
  it("modes are exactly the Modes tables of §7.1.1, §7.2.1, §7.3.1", () => {
    const modes = Object.values(BINDING_PAGES).flatMap((page) =>
      tableRows(section(read(`${BINDINGS}/${page}`), "Modes")).map((cells) => cells[0]!),
    );
    expect(modes.sort()).toEqual([...knownModes()].sort());
  });

  it("protocols are the modes' prefixes, and the SDK text lists the same ones", () => {
    expect([...new Set(knownModes().map(extractProtocol))].sort()).toEqual(
      [...knownProtocols()].sort(),
    );
    const coreTypes = read(`${SPEC}/oatf/sdk/core-types.md`);
    const protocolRow = coreTypes.split("\n").find((l) => l.startsWith("| `Protocol` |"))!;
    const modeRow = coreTypes.split("\n").find((l) => l.startsWith("| `Mode` |"))!;
    for (const p of knownProtocols()) expect(protocolRow).toContain(`\`${p}\``);
    for (const m of knownModes()) expect(modeRow).toContain(`\`${m}\``);
  });

  it("the default mode of each binding (§7.0.5) is a known mode of that protocol", () => {
    const row = read(`${BINDINGS}/index.md`)
      .split("\n")
      .find((l) => l.startsWith("| Default mode"))!;
    const defaults = [...row.matchAll(/`([^`]*)`/g)].map((m) => m[1]!);
    expect(defaults.map(extractProtocol)).toEqual(["mcp", "a2a", "ag_ui"]);
    for (const mode of defaults) expect(knownModes()).toContain(mode);
  });

  it.each([
    ["mcp", BINDING_PAGES.mcp],
    ["a2a", BINDING_PAGES.a2a],
  ])(
    "every slash-separated operation name on the %s page is a surface of that protocol",
    (protocol, page) => {
      const names = slashNames(read(`${BINDINGS}/${page}`)).filter((n) => n !== "entity/verb");
      expect(names.length).toBeGreaterThan(0);
      for (const name of names) expect(surfacesFor(protocol)).toContain(name);
    },
  );

  it("the AG-UI page's snake_case event names are AG-UI surfaces", () => {
    const text = read(`${BINDINGS}/ag-ui.md`);
    // Named in the page's prose; `RUN_STARTED` -> `run_started` is the documented translation.
    for (const e of [
      "run_agent_input",
      "run_started",
      "tool_call_start",
      "tool_call_result",
      "state_snapshot",
      "custom",
    ]) {
      expect(text).toContain(`\`${e}\``);
      expect(surfacesFor("ag_ui")).toContain(e);
      expect(eventsFor("ag_ui_client")).toContain(e);
    }
    for (const [type] of text.matchAll(/\b(?:RUN|TOOL_CALL)_[A-Z_]+\b/g)) {
      expect(surfacesFor("ag_ui")).toContain(type.toLowerCase());
    }
    // ToolCallStart/Args/End/Chunk events are named as types.
    for (const [, name] of text.matchAll(/`ToolCall(\w+)Event`/g)) {
      expect(surfacesFor("ag_ui")).toContain(`tool_call_${name!.toLowerCase()}`);
    }
  });

  it("the synthetic names of §7.0.2 belong to their protocols", () => {
    const index = read(`${BINDINGS}/index.md`);
    expect(index).toContain("`agent_card/get` (A2A");
    expect(index).toContain("`run_agent_input` (AG-UI");
    expect(surfacesFor("a2a")).toContain("agent_card/get");
    expect(surfacesFor("ag_ui")).toContain("run_agent_input");
  });

  it("MCP server-initiated requests named in §7.1.2 are client-mode events only", () => {
    const events = section(read(`${BINDINGS}/mcp.md`), "## 7.1.2 Events");
    const serverInitiated = /server-initiated requests \(([^)]*)\)/.exec(events)![1]!;
    const names = [...serverInitiated.matchAll(/`([^`]*)`/g)].map((m) => m[1]!);
    expect(names).toEqual(["sampling/createMessage", "elicitation/create", "roots/list"]);
    for (const n of names) {
      expect(eventsFor("mcp_client")).toContain(n);
      expect(eventsFor("mcp_server")).not.toContain(n);
    }
  });

  it("A2A task/status and task/artifact are client-mode only (§7.2.2)", () => {
    const events = section(read(`${BINDINGS}/a2a.md`), "## 7.2.2 Events");
    expect(events).toContain("are client-mode only");
    for (const n of ["task/status", "task/artifact"]) {
      expect(eventsFor("a2a_client")).toContain(n);
      expect(eventsFor("a2a_server")).not.toContain(n);
    }
  });
});

describe.runIf(existsSync(`${SPEC}/seeds`))("qualifier extension (seeds/003)", () => {
  const text = () => seed("003_");

  it("the registry equals the §2.25 table", () => {
    const rows = tableRows(section(text(), "### 2.25 Qualifier Resolution Registry")).filter(
      (cells) => cells.length === 3,
    );
    expect(rows.length).toBe(6);
    const fromSpec: Record<string, Record<string, string>> = {};
    for (const [protocol, event, path] of rows) {
      fromSpec[protocol!] = { ...fromSpec[protocol!], [event!]: path! };
      expect(qualifierPathFor(protocol!, event!)).toBe(path);
    }
    expect(QUALIFIER_RESOLUTION_REGISTRY).toEqual(fromSpec);
  });

  it("every qualified base event is an operation of its protocol", () => {
    for (const [protocol, events] of Object.entries(QUALIFIER_RESOLUTION_REGISTRY)) {
      for (const e of Object.keys(events)) expect(surfacesFor(protocol)).toContain(e);
    }
  });

  it("follows the §5.9 examples", () => {
    const s = section(text(), "### 5.9 parse_event_qualifier");
    const examples = [...s.matchAll(/`"([^"]*)"` → `\("([^"]*)", (?:Some\("([^"]*)"\)|None)\)`/g)];
    expect(examples.length).toBe(3);
    for (const [, input, base, qualifier] of examples) {
      expect(parseEventQualifier(input!)).toStrictEqual(
        qualifier === undefined ? { base } : { base, qualifier },
      );
    }
  });

  it("follows the §5.9a examples", () => {
    const s = section(text(), "### 5.9a resolve_event_qualifier");
    const examples = [
      ...s.matchAll(
        /`resolve_event_qualifier\("(\w+)", "([^"]+)", (\{.*\})\)` → `(?:Some\("([^"]*)"\)|None)`/g,
      ),
    ];
    expect(examples.length).toBe(4);
    for (const [, protocol, event, content, expected] of examples) {
      expect(resolveEventQualifier(protocol!, event!, JSON.parse(content!))).toBe(expected);
    }
  });
});
