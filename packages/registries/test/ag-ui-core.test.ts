// The AG-UI event table (format §7.3.2: the `EventType` enum, snake_cased) against the enum
// `@ag-ui/core` exports, so the table cannot drift from the AG-UI release it names.
import { EventType, PROTOCOL_VERSION } from "@ag-ui/core";
import {
  eventsFor,
  isEventValidForMode,
  isSurfaceValidForProtocol,
  surfacesFor,
} from "@oatf/registries";
import { describe, expect, it } from "vitest";
import { AG_UI_LEGACY_OPERATIONS } from "../src/bindings/ag-ui.js";

const enumNames = Object.values(EventType).map((type) => type.toLowerCase());

describe("AG-UI event table against @ag-ui/core", () => {
  it("is pinned to protocol version 1.0", () => {
    expect(PROTOCOL_VERSION).toBe("1.0");
    expect(enumNames.length).toBeGreaterThan(20);
  });

  it("lists exactly the EventType enum, run_agent_input and the pre-1.0 names", () => {
    expect([...surfacesFor("ag_ui")!].sort()).toEqual(
      [...enumNames, "run_agent_input", ...AG_UI_LEGACY_OPERATIONS].sort(),
    );
    expect(eventsFor("ag_ui_client")).toEqual(surfacesFor("ag_ui"));
  });

  it("the pre-1.0 names are the thinking_* events 1.0 no longer has", () => {
    expect(AG_UI_LEGACY_OPERATIONS.length).toBeGreaterThan(0);
    for (const name of AG_UI_LEGACY_OPERATIONS) {
      expect(name).toMatch(/^thinking_/);
      expect(enumNames).not.toContain(name);
    }
  });

  it.each(enumNames)("%s draws no V-018 or V-029 warning", (name) => {
    expect(isSurfaceValidForProtocol("ag_ui", name)).toBe(true);
    expect(isEventValidForMode("ag_ui_client", name)).toBe(true);
    expect(isSurfaceValidForProtocol("mcp", name)).toBe(false);
  });
});
