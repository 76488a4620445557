// Format §5.3 `after` past setTimeout's limit (2^31-1 ms, about 24.8 days): the phase timer
// fires at the limit, finds the phase not yet due and waits out the rest; it used to re-check
// every millisecond from then on, for the days that were left.
import { parse } from "@oatf/model";
import { normalize } from "@oatf/normalize";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { RunContext } from "../src/context.js";
import { PhaseMachine } from "../src/phase-machine.js";

const DAY = 86_400_000;

const DOC = `
oatf: "0.1"
attack:
  execution:
    mode: mcp_server
    phases:
      - name: waiting
        state: { tools: [] }
        trigger: { after: 30d }
      - name: last
        state: { tools: [] }
`;

/** The parts of a run the phase timer touches. */
function context(): RunContext {
  return {
    transitions: [],
    signal: new AbortController().signal,
    poke: () => {},
    recording: { count: 0 },
  } as unknown as RunContext;
}

describe("a phase's after past setTimeout's limit", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("30d: the timer fires at the limit, then waits the remaining days in one timer", () => {
    const parsed = parse(DOC);
    if (!parsed.ok) throw new Error("the test document does not parse");
    const actor = normalize(parsed.value).attack.execution!.actors![0]!;
    const machine = new PhaseMachine(actor, context());
    machine.start();
    expect(machine.phaseName).toBe("waiting");
    vi.advanceTimersByTime(2 ** 31 - 1); // the first timer fires: 24.8 days, not yet due
    expect(machine.phaseName).toBe("waiting");
    expect(vi.getTimerCount()).toBe(1);
    const before = Date.now();
    vi.advanceTimersToNextTimer();
    // The next timer is the rest of the 30 days, not 1 ms.
    expect(Date.now() - before).toBe(30 * DAY - (2 ** 31 - 1));
    expect(machine.phaseName).toBe("last");
    expect(vi.getTimerCount()).toBe(0);
  });
});
