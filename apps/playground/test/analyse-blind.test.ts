// The playground's evaluate output for blind indicators (issue 32 §3): an indicator no message
// was eligible for is `skipped`, counted in the summary, with a warning naming it, its surface
// and the nearest surfaces the trace had; a document whose every indicator is blind is `error`
// (format §9.2). What the worker computes (`analyse`), without a browser.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { analyse } from "../src/analyse.js";
import type { DocumentReport, TraceReport, WorkerReply } from "../src/protocol.js";
import { readTrace } from "../src/trace-input.js";

const examples = join(import.meta.dirname, "../../../examples");
const EXAMPLE = readFileSync(join(examples, "mcp-rug-pull.yaml"), "utf8");
const TRACE = readFileSync(join(examples, "mcp-rug-pull.trace.jsonl"), "utf8");

async function analysed(document: string): Promise<[DocumentReport, TraceReport]> {
  const replies: WorkerReply[] = [];
  await analyse(
    { id: 1, document, trace: TRACE },
    (r) => replies.push(r),
    async () => readTrace,
  );
  return replies as [DocumentReport, TraceReport];
}

describe("the playground on blind indicators", () => {
  it("skips an indicator whose surface matched nothing, and warns naming the nearest surfaces", async () => {
    const [doc, trace] = await analysed(
      EXAMPLE.replaceAll("surface: tools/call", "surface: tools/cal"),
    );
    // The misspelling is also a validation warning of the document (V-018, did you mean).
    expect(doc.diagnostics.filter((d) => d.code === "V-018")).toHaveLength(2);
    const verdict = trace.verdict!;
    expect(verdict.result).toBe("exploited"); // the tools/list indicator still matched
    expect(verdict.evaluation_summary).toEqual({
      matched: 1,
      not_matched: 0,
      error: 0,
      skipped: 2,
    });
    const warned = (verdict.coverage ?? []).filter((c) => c.warning !== undefined);
    expect(warned.map((c) => c.indicator_id)).toEqual(["OATF-003-02", "OATF-003-03"]);
    for (const { indicator_id, warning } of warned) {
      expect(warning).toContain(indicator_id);
      expect(warning).toContain("surface tools/cal matched no message");
      expect(warning).toMatch(/the trace has tools\/call \(4\)/);
    }
  });

  it("gives error when every indicator is blind", async () => {
    const [, trace] = await analysed(
      EXAMPLE.replaceAll("surface: tools/call", "surface: tools/cal").replace(
        "surface: tools/list",
        "surface: tools/lis",
      ),
    );
    expect(trace.verdict!.result).toBe("error");
    expect(trace.verdict!.evaluation_summary.skipped).toBe(3);
    expect(trace.verdict!.indicator_verdicts.map((v) => v.result)).toEqual([
      "skipped",
      "skipped",
      "skipped",
    ]);
  });
});
