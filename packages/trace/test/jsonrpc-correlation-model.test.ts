// JSON-RPC correlation against a model of it (SDK §4.1; issue 23): for any sequence of
// requests and responses on one connection, with ids reused before and after their
// response, each response is read as the response of exactly the requests of its id that
// await it (one message each, in order), or of none (operation "", T-UNCORRELATED), and the
// table forgets exactly what the bounds say. The pending table stores, finds and takes
// slots in place (pending-ids.ts): this checks it against a plain Map of lists.

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_REQUESTS_PER_ID, readTraceText } from "../src/index.js";

const RUNS = Number(process.env.OATF_FUZZ_RUNS ?? 150);

type Step =
  | { request: true; id: number | string; method: string }
  | { request: false; id: number | string };

const id = fc.oneof(fc.integer({ min: 0, max: 5 }), fc.constantFrom("5", "__proto__", 2 ** 53));
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    request: fc.constant(true as const),
    id,
    method: fc.constantFrom("tools/list", "resources/read", "prompts/list"),
  }),
  fc.record({ request: fc.constant(false as const), id }),
);

const line = (s: Step) =>
  JSON.stringify({
    direction: s.request ? "send" : "receive",
    message: s.request
      ? { jsonrpc: "2.0", id: s.id, method: s.method, params: {} }
      : { jsonrpc: "2.0", id: s.id, result: { n: 1 } },
  });

/** What the reader must give for the steps: each message's operation, each line's rules. */
function model(steps: Step[]) {
  const waiting = new Map<number | string, string[]>();
  const operations: string[] = [];
  const rules: string[] = [];
  for (const [i, s] of steps.entries()) {
    const at = `${i + 1}:`;
    const list = waiting.get(s.id);
    if (s.request) {
      operations.push(s.method);
      if (list === undefined) waiting.set(s.id, [s.method]);
      else {
        rules.push(`${at}T-DUPLICATE-ID`);
        list.push(s.method);
        if (list.length > MAX_REQUESTS_PER_ID) {
          list.shift();
          rules.push(`${at}T-PENDING-LIMIT`);
        }
      }
      continue;
    }
    if (list === undefined) {
      rules.push(`${at}T-UNCORRELATED`);
      operations.push("");
      continue;
    }
    if (list.length > 1) rules.push(`${at}T-AMBIGUOUS-ID`);
    operations.push(...list);
    waiting.delete(s.id);
  }
  return { operations, rules };
}

describe("JSON-RPC correlation on one connection", () => {
  it("reads each response as the requests of its id awaiting it, as a Map of lists does (property)", () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        const records = readTraceText(steps.map(line).join("\n"), { format: "jsonrpc" });
        const operations: string[] = [];
        const rules: string[] = [];
        for (const r of records) {
          if (r.kind === "message") operations.push(r.message.operation);
          else rules.push(`${r.diagnostic.range!.start.line}:${r.diagnostic.rule}`);
        }
        expect({ operations, rules }).toEqual(model(steps));
      }),
      { numRuns: RUNS },
    );
  });
});
