// SDK §4.5 compute_verdict: how supplied verdicts are matched to indicators, combined,
// and reported, including the error verdicts for attacks that cannot be evaluated.
import { computeVerdict } from "@oatf/evaluate";
import { indicatorKeys } from "@oatf/evaluate/internal";
import type { Attack, IndicatorVerdict } from "@oatf/model";
import { describe, expect, it } from "vitest";

const attack = (extra: object = {}) =>
  ({
    id: "A",
    indicators: [
      { id: "A-01", tier: "ingested", pattern: { contains: "x" } },
      { id: "A-02", pattern: { contains: "y" } },
    ],
    ...extra,
  }) as unknown as Attack;

const verdict = (id: string, result: IndicatorVerdict["result"], evidence?: string) =>
  ({
    indicator_id: id,
    result,
    timestamp: null,
    ...(evidence ? { evidence } : {}),
  }) as IndicatorVerdict;

describe("computeVerdict: matching verdicts to indicators", () => {
  it("reports missing and invalid verdicts as skipped, with the reason", () => {
    const computed = computeVerdict(attack(), { "A-02": { result: "maybe" } as never });
    expect(computed.indicator_verdicts).toEqual([
      { indicator_id: "A-01", result: "skipped", timestamp: null, evidence: "no verdict supplied" },
      {
        indicator_id: "A-02",
        result: "skipped",
        timestamp: null,
        evidence: "the supplied verdict has no valid result",
      },
    ]);
    expect(computed.result).toBe("error");
  });

  it("ignores list entries that are not verdicts", () => {
    const computed = computeVerdict(attack(), [null, 5, verdict("A-02", "matched")] as never);
    expect(computed.result).toBe("exploited");
    expect(computed.evaluation_summary).toEqual({
      matched: 1,
      not_matched: 0,
      error: 0,
      skipped: 1,
    });
  });

  it("keeps the first of several verdicts of equal precedence for one indicator", () => {
    const computed = computeVerdict(attack(), [
      verdict("A-01", "not_matched", "first"),
      verdict("A-01", "not_matched", "second"),
      verdict("A-02", "not_matched"),
    ]);
    expect(computed.indicator_verdicts[0]?.evidence).toBe("first");
    expect(computed.result).toBe("not_exploited");
  });

  it("warns about a verdict for an indicator the attack does not have", () => {
    const computed = computeVerdict(attack(), [
      verdict("A-01", "matched"),
      verdict("Z", "matched"),
    ]);
    expect(computed.diagnostics).toEqual([
      {
        severity: "warning",
        rule: "W-UNKNOWN-INDICATOR",
        code: "W-UNKNOWN-INDICATOR",
        message: 'verdict for indicator "Z" ignored: the attack has no such indicator',
        spec_ref: "SDK §4.5",
      },
    ]);
  });
});

describe("computeVerdict: result and tier", () => {
  it("reports the lowest tier when only it matched", () => {
    const computed = computeVerdict(attack(), [
      verdict("A-01", "matched"),
      verdict("A-02", "not_matched"),
    ]);
    expect(computed.max_tier).toBe("ingested");
    expect(computed.result).toBe("exploited");
  });

  it("has no max_tier when no matched indicator has a tier", () => {
    const computed = computeVerdict(attack(), [
      verdict("A-01", "not_matched"),
      verdict("A-02", "matched"),
    ]);
    expect("max_tier" in computed).toBe(false);
  });

  it("all-logic is partial when only some indicators match", () => {
    const computed = computeVerdict(attack({ correlation: { logic: "all" } }), [
      verdict("A-01", "matched"),
      verdict("A-02", "not_matched"),
    ]);
    expect(computed.result).toBe("partial");
  });

  it("has no attack_id key when the attack has no string id", () => {
    const computed = computeVerdict(attack({ id: undefined }), [verdict("A-01", "matched")]);
    expect("attack_id" in computed).toBe(false);
  });
});

describe("computeVerdict: attacks that cannot be evaluated", () => {
  // The error verdict of attack "A": nothing evaluated, one error diagnostic.
  const errorVerdict = (rule: string, message: string, extra: object = {}) => ({
    attack_id: "A",
    result: "error",
    indicator_verdicts: [],
    evaluation_summary: { matched: 0, not_matched: 0, error: 0, skipped: 0 },
    timestamp: expect.any(String),
    ...extra,
    diagnostics: [{ severity: "error", rule, code: rule, message, spec_ref: "SDK §4.5" }],
  });

  it("an attack without indicators is an error verdict with E-NO-INDICATORS", () => {
    const computed = computeVerdict({ id: "A", indicators: [] } as unknown as Attack, [], {
      source: "t",
    });
    expect(computed).toEqual(
      errorVerdict("E-NO-INDICATORS", "the attack has no indicators to evaluate", { source: "t" }),
    );
  });

  it("a null attack or null options do not throw", () => {
    const computed = computeVerdict(null as unknown as Attack, [], null as never);
    expect(computed.result).toBe("error");
    expect("attack_id" in computed).toBe(false);
    expect("source" in computed).toBe(false);
  });

  it("unreadable verdicts give E-UNREADABLE", () => {
    const hostile = new Proxy(
      {},
      {
        getOwnPropertyDescriptor() {
          throw new Error("locked");
        },
      },
    );
    expect(computeVerdict(attack(), hostile as never)).toEqual(
      errorVerdict("E-UNREADABLE", "the attack or its verdicts could not be read: locked"),
    );
  });
});

describe("indicatorKeys", () => {
  it("has no keys for a missing attack", () => {
    expect(indicatorKeys(null as unknown as Attack)).toEqual([]);
  });
});
