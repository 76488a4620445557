// The correlation's fast path (correlation.ts: the last request held out of the pending
// table) against the table alone: for any sequence of requests and responses (ids reused
// and colliding across sides, scopes and actors, streams answered item by item, requests
// big enough to bring the table's bounds near), every response finds the same requests in
// the same order, and the same diagnostics are said at the same lines.

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  correlation,
  MAX_PENDING_CHARS,
  MAX_REQUESTS_PER_ID,
  type Side,
} from "../src/jsonrpc/correlation.js";
import { idBase, slotKey } from "../src/jsonrpc/pending-ids.js";
import type { TraceRecord } from "../src/record.js";

const RUNS = Number(process.env.OATF_FUZZ_RUNS ?? 150);

interface Step {
  request: boolean;
  side: Side;
  id: number | string;
  scope: string;
  actor: string;
  streaming: boolean;
  /** A request's cost: mostly small, sometimes a third of the table's characters. */
  big: boolean;
  /** A response's: whether it is a stream's last item. */
  final: boolean;
}

const step: fc.Arbitrary<Step> = fc.record({
  request: fc.boolean(),
  side: fc.constantFrom<Side>("out", "in", ""),
  id: fc.oneof(fc.integer({ min: 0, max: 3 }), fc.constantFrom("1", "__proto__", -1, 2 ** 53)),
  scope: fc.constantFrom("", "", "", "c1:x", "s1:y"),
  actor: fc.constantFrom("", "", "", "aclient"),
  streaming: fc.boolean(),
  big: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
  final: fc.integer({ min: 0, max: 3 }).map((n) => n > 0),
});

/** What each step gives: the methods a response finds, and every diagnostic's line and rule. */
function run(steps: Step[], hold: boolean): string[] {
  const c = correlation(hold);
  const out: TraceRecord[] = [];
  const said: string[] = [];
  for (const [i, s] of steps.entries()) {
    const line = i + 1;
    if (s.request) {
      const named =
        s.scope === "" && s.actor === ""
          ? undefined
          : { base: idBase(s.side, s.id), scope: s.scope, actor: s.actor };
      c.remember(
        {
          key: slotKey(s.side, s.id, s.scope, s.actor),
          side: s.side,
          named,
          method: `m${line}`,
          native: undefined,
          streaming: s.streaming,
          answered: false,
          protocol: "a2a",
          params: undefined,
          cost: s.big ? Math.floor(MAX_PENDING_CHARS / 3) : 64,
        },
        line,
        out,
      );
    } else {
      const requests = c.answered(s.scope, s.actor, s.side, s.id);
      said.push(`${line}: ${requests.map((r) => r.method).join(",")}`);
      if (requests.length > 0 && requests.length <= MAX_REQUESTS_PER_ID)
        c.settle(requests, s.final || !requests.every((r) => r.streaming));
    }
    for (const r of out.splice(0))
      said.push(r.kind === "diagnostic" ? `${line}: ${r.diagnostic.rule}` : `${line}: message`);
  }
  return said;
}

describe("JSON-RPC correlation's held request", () => {
  it("finds what the table alone finds, for any requests and responses (property)", () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 80 }), (steps) => {
        expect(run(steps, true)).toEqual(run(steps, false));
      }),
      { numRuns: RUNS * 4 },
    );
  });

  it("holds the ordinary request until its response, and no more", () => {
    const plain = { scope: "", actor: "", streaming: false, big: false, final: true };
    const steps: Step[] = [
      { ...plain, request: true, side: "out", id: 1 },
      { ...plain, request: false, side: "in", id: 1 },
      { ...plain, request: false, side: "in", id: 1 },
      { ...plain, request: true, side: "out", id: 2 },
      { ...plain, request: true, side: "out", id: 2 },
      { ...plain, request: false, side: "in", id: 2 },
    ];
    expect(run(steps, true)).toEqual(["2: m1", "3: ", "5: T-DUPLICATE-ID", "6: m4,m5"]);
  });
});
