// Session 12 blind review: each test is written from one sentence of the spec (quoted in its
// name), through the public entry points a consumer imports (`oatf`, its CLI's dist). The
// expectations are read off the spec text, not off the implementation; where a test needs
// an oracle (the aggregation table), the oracle is the spec's algorithm, written out here.
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type Attack,
  computeVerdict,
  type Document,
  evaluateIndicator,
  evaluatePattern,
  evaluateTrace,
  type IndicatorResult,
  type IndicatorVerdict,
  interpolateTemplate,
  load,
  normalize,
  parse,
  resolveSimplePath,
  resolveWildcardPath,
  type SemanticEvaluator,
  serialize,
  type TraceMessage,
  validate,
} from "oatf";
import { beforeAll, describe, expect, it } from "vitest";
import setup, { CLI } from "./cli-build.js";

const documentOf = (text: string): Document => {
  const loaded = load(text);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.error));
  return loaded.value.document;
};
const withIndicators = (indicators: string, extra = "") =>
  `oatf: "0.1"\nattack:\n  id: REV-012\n${extra}  execution:\n    mode: mcp_server\n    state: {tools: []}\n  indicators:\n${indicators}`;

// ---------------------------------------------------------------------------------------------
// SDK §4.5 compute_verdict and format §9.2, against the spec's algorithm written out.

type Outcome = IndicatorResult | "missing";
const OUTCOMES: Outcome[] = ["matched", "not_matched", "error", "skipped", "missing"];

/** Format §9.2 "Aggregation algorithm", steps 0–4, `missing` read as `skipped` (SDK §4.5). */
function specVerdict(logic: "any" | "all", outcomes: Outcome[]): string {
  const results = outcomes.map((o) => (o === "missing" ? "skipped" : o));
  if (results.every((r) => r === "skipped")) return "error";
  if (results.includes("error")) return "error";
  if (logic === "any") return results.includes("matched") ? "exploited" : "not_exploited";
  if (results.every((r) => r === "matched")) return "exploited";
  return results.includes("matched") ? "partial" : "not_exploited";
}

const attackOf = (logic: "any" | "all" | undefined, tiers: (string | undefined)[]): Attack =>
  ({
    id: "REV-012",
    ...(logic === undefined ? {} : { correlation: { logic } }),
    indicators: tiers.map((tier, i) => ({
      id: `REV-012-0${i + 1}`,
      protocol: "mcp",
      target: "",
      pattern: { target: "", condition: { contains: "x" } },
      ...(tier === undefined ? {} : { tier }),
    })),
  }) as Attack;

const verdictsOf = (outcomes: Outcome[]) =>
  new Map<string, IndicatorVerdict>(
    outcomes.flatMap((result, i) => {
      const id = `REV-012-0${i + 1}`;
      return result === "missing" ? [] : [[id, { indicator_id: id, result, timestamp: null }]];
    }),
  );

const combinations: Outcome[][] = OUTCOMES.flatMap((a) =>
  OUTCOMES.flatMap((b) => OUTCOMES.map((c) => [a, b, c])),
);

describe("SDK §4.5 compute_verdict, format §9.2 aggregation", () => {
  it.each(["any", "all", undefined] as const)(
    "correlation.logic %s: every combination of three indicator results gives the §9.2 result",
    (logic) => {
      for (const outcomes of combinations) {
        const attack = attackOf(logic, [undefined, undefined, undefined]);
        const computed = computeVerdict(attack, verdictsOf(outcomes));
        // "`any` (default)": an absent logic is `any`.
        expect(computed.result, `${logic} ${outcomes}`).toBe(specVerdict(logic ?? "any", outcomes));
      }
    },
  );

  it('"treat it as `skipped` and count it in `evaluation_summary`": the four counts sum to the indicators', () => {
    for (const outcomes of combinations) {
      const computed = computeVerdict(
        attackOf("all", [undefined, undefined, undefined]),
        verdictsOf(outcomes),
      );
      const expected = { matched: 0, not_matched: 0, error: 0, skipped: 0 };
      for (const o of outcomes) expected[o === "missing" ? "skipped" : o]++;
      expect(computed.evaluation_summary).toEqual(expected);
      // A missing evaluation is visible as a skipped indicator verdict, in document order.
      expect(computed.indicator_verdicts.map((v) => v.indicator_id)).toEqual([
        "REV-012-01",
        "REV-012-02",
        "REV-012-03",
      ]);
      expect(computed.indicator_verdicts.map((v) => v.result)).toEqual(
        outcomes.map((o) => (o === "missing" ? "skipped" : o)),
      );
    }
  });

  it('"If `attack.indicators` is absent, return ... `error` and a diagnostic indicating the document has no indicators"', () => {
    const computed = computeVerdict({ id: "REV-012" } as Attack, new Map());
    expect(computed.result).toBe("error");
    expect(computed.evaluation_summary).toEqual({
      matched: 0,
      not_matched: 0,
      error: 0,
      skipped: 0,
    });
    expect(computed.diagnostics?.length).toBe(1);
    expect(computed.diagnostics?.[0]?.message).toMatch(/indicators/);
  });

  it('"Tier computation": the maximum tier of the *matched* indicators, also in partial and error verdicts', () => {
    const tiers = ["ingested", "boundary_breach", "local_action"];
    const cases: [Outcome[], string, string | undefined][] = [
      // The not_matched boundary_breach indicator does not count.
      [["matched", "not_matched", "matched"], "partial", "local_action"],
      [["matched", "error", "skipped"], "error", "ingested"],
      [["not_matched", "matched", "matched"], "partial", "boundary_breach"],
      [["matched", "matched", "matched"], "exploited", "boundary_breach"],
      // "If the collection is empty, `max_tier` is absent".
      [["not_matched", "skipped", "error"], "error", undefined],
    ];
    for (const [outcomes, result, tier] of cases) {
      const computed = computeVerdict(attackOf("all", tiers), verdictsOf(outcomes));
      expect(computed.result).toBe(result);
      expect(computed.max_tier).toBe(tier);
      if (tier === undefined) expect(Object.keys(computed)).not.toContain("max_tier");
      // README item 2: "In the serialized verdict it follows `result`."
      else
        expect(Object.keys(computed).indexOf("max_tier")).toBe(
          Object.keys(computed).indexOf("result") + 1,
        );
    }
    // Matched indicators without a tier give no max_tier.
    const untiered = computeVerdict(
      attackOf("any", [undefined, "ingested"]),
      verdictsOf(["matched", "not_matched"]),
    );
    expect(untiered.max_tier).toBeUndefined();
  });
});

// ---------------------------------------------------------------------------------------------
// SDK §4.4 evaluate_indicator.

describe("SDK §4.4 evaluate_indicator", () => {
  const semantic = {
    id: "REV-012-01",
    protocol: "mcp",
    target: "nowhere",
    semantic: { target: "nowhere", intent: "exfiltrate credentials" },
  };

  it('"`semantic` → if `semantic_evaluator` is absent, return ... `skipped`": before the target is resolved', () => {
    const verdict = evaluateIndicator(semantic, { other: 1 });
    expect(verdict.result).toBe("skipped");
    expect(verdict.evidence).toMatch(/semantic/i);
    // With an evaluator, "If the path resolves to nothing, return ... `not_matched`", unasked.
    let calls = 0;
    const evaluator: SemanticEvaluator = {
      evaluate: () => {
        calls++;
        return { ok: true, value: 1 };
      },
    };
    expect(evaluateIndicator(semantic, { other: 1 }, { semantic: evaluator }).result).toBe(
      "not_matched",
    );
    expect(calls).toBe(0);
  });

  it('"`expression` → if `cel_evaluator` is absent, return ... `skipped` and evidence indicating CEL support is unavailable"', () => {
    const indicator = {
      id: "REV-012-01",
      protocol: "mcp",
      target: "",
      expression: { cel: "true" },
    };
    const verdict = evaluateIndicator(indicator, {}, { cel: null });
    expect(verdict.result).toBe("skipped");
    expect(verdict.evidence).toMatch(/CEL/);
    expect(verdict.indicator_id).toBe("REV-012-01");
  });

  it('"use `indicator.semantic.threshold` if present, otherwise `0.7`": ≥ matches, the highest score over wildcard values', () => {
    const calls: unknown[][] = [];
    const scores: Record<string, number> = { a: 0.2, b: 0.7, c: 0.69 };
    const evaluator: SemanticEvaluator = {
      evaluate: (...args) => {
        calls.push(args);
        return { ok: true, value: scores[args[0]] ?? 0 };
      },
    };
    const indicator = (threshold?: number) => ({
      id: "REV-012-01",
      protocol: "mcp",
      target: "items[*].text",
      semantic: {
        target: "items[*].text",
        intent: "leak",
        ...(threshold === undefined ? {} : { threshold }),
      },
    });
    const message = (...texts: string[]) => ({ items: texts.map((text) => ({ text })) });
    expect(evaluateIndicator(indicator(), message("a", "b"), { semantic: evaluator }).result).toBe(
      "matched",
    );
    expect(evaluateIndicator(indicator(), message("a", "c"), { semantic: evaluator }).result).toBe(
      "not_matched",
    );
    expect(evaluateIndicator(indicator(0.2), message("a"), { semantic: evaluator }).result).toBe(
      "matched",
    );
    expect(
      evaluateIndicator(indicator(0.71), message("b", "c"), { semantic: evaluator }).result,
    ).toBe("not_matched");
    // "When `intent_class` is absent, pass `None`"; format §6.4: "The threshold is not
    // materialized" (the evaluator is passed what the author wrote, not the default).
    const [text, intent, intentClass, threshold] = calls[0]!;
    expect([text, intent]).toEqual(["a", "leak"]);
    expect(intentClass ?? null).toBeNull();
    expect(threshold ?? null).toBeNull();
  });

  it('SDK §2.19 evidence, "The matched content": a preview of a long value never cuts a surrogate pair', () => {
    // A verdict's evidence goes into JSON and SARIF reports, whose readers (serde_json, for
    // one) reject a lone surrogate: a preview of a long value never cuts a pair in half.
    const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
    const indicator = {
      id: "REV-012-01",
      protocol: "mcp",
      target: "a",
      pattern: { target: "a", condition: { contains: "\u{1F600}" } },
    };
    for (let pad = 0; pad < 4; pad++) {
      const value = `${"x".repeat(pad)}${"\u{1F600}".repeat(300)}`;
      for (const message of [{ a: value }, { a: [value] }]) {
        const verdict = evaluateIndicator(indicator, message);
        expect(verdict.result).toBe("matched");
        expect(verdict.evidence).not.toMatch(loneSurrogate);
      }
    }
  });

  it("SDK §2.19 evidence names the message that matched: a peer's megabyte names are cut, as values are", () => {
    const document = documentOf(withIndicators(`    - target: a\n      pattern: {contains: x}\n`));
    const huge = message({
      operation: "\u{1F600}".repeat(500_000),
      actor: "b".repeat(100_000),
      timestamp: "t".repeat(100_000),
      content: { a: "x" },
    });
    const verdict = evaluateTrace(document, [huge]);
    expect(verdict.result).toBe("exploited");
    const evidence = verdict.indicator_verdicts[0]!.evidence!;
    expect(evidence.length).toBeLessThan(2_000);
    expect(evidence).toMatch(/^message 0 \(mcp \u{1F600}+… request on actor b+… at t+…\)/u);
    expect(evidence).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });

  it('"If the evaluator returns an error, propagate it ... maps it to `IndicatorVerdict { result: error, evidence }`"', () => {
    const indicator = { id: "REV-012-01", protocol: "mcp", target: "", expression: { cel: "x" } };
    const failing = {
      evaluate: () => ({
        ok: false as const,
        error: { kind: "cel_error" as const, message: "engine down" },
      }),
    };
    const verdict = evaluateIndicator(indicator, {}, { cel: failing });
    expect(verdict).toMatchObject({
      result: "error",
      evidence: expect.stringMatching(/engine down/),
    });
    const nonBoolean = { evaluate: () => ({ ok: true as const, value: "true" }) };
    expect(evaluateIndicator(indicator, {}, { cel: nonBoolean }).result).toBe("error");
  });
});

// ---------------------------------------------------------------------------------------------
// Format §6 trace filtering, §9.1.

const message = (over: Partial<TraceMessage> = {}): TraceMessage => ({
  protocol: "mcp",
  direction: "request",
  operation: "tools/call",
  actor: "default",
  content: { arguments: { body: "SECRET" } },
  ...over,
});

describe("format §6 trace filtering", () => {
  const scoped = documentOf(
    withIndicators(
      `    - protocol: mcp\n      surface: tools/call\n      actor: default\n      direction: request\n      target: arguments.body\n      pattern: {contains: SECRET}\n`,
    ),
  );

  it("steps 1–4: a message differing in protocol, surface, actor or direction is not fed to evaluate_indicator", () => {
    expect(evaluateTrace(scoped, [message()]).result).toBe("exploited");
    const off: [string, Partial<TraceMessage>][] = [
      ["protocol", { protocol: "a2a" }],
      ["surface", { operation: "tools/list" }],
      ["actor", { actor: "other" }],
      ["direction", { direction: "response" }],
    ];
    for (const [filter, change] of off) {
      const verdict = evaluateTrace(scoped, [message(change)]);
      // Issue 32 item 3: nothing reached the indicator, so it was not evaluated (§9.1
      // `skipped`), which is never a pass (§9.2 step 0), and the warning names why.
      expect(verdict.indicator_verdicts[0]!.result, filter).toBe("skipped");
      expect(verdict.result, filter).toBe("error");
      expect(verdict.coverage[0]!.warning, filter).toMatch(new RegExp(filter));
    }
  });

  it("issue 32 item 3: the warning never blames a filter that some message the table could not name passed", () => {
    // 70 A2A operations fill the bounded table of what the trace held, so the one MCP message
    // is counted but not named. The indicator wants MCP tools/call *responses*: its protocol
    // and surface matched that message; only its direction did not.
    const responses = documentOf(
      withIndicators(
        `    - surface: tools/call\n      direction: response\n      target: arguments.body\n      pattern: {contains: SECRET}\n`,
      ),
    );
    const a2a = Array.from({ length: 70 }, (_, i) =>
      message({ protocol: "a2a", operation: `op/${i}`, content: {} }),
    );
    const verdict = evaluateTrace(responses, [...a2a, message()]);
    expect(verdict.indicator_verdicts[0]!.result).toBe("skipped");
    const warning = verdict.coverage[0]!.warning!;
    expect(warning).not.toMatch(/protocol mcp matched no message/);
    expect(warning).not.toMatch(/surface tools\/call matched no message/);
    // 71 messages: 64 named in the table, and the 7 it could not name are said to be there.
    expect(warning).toMatch(/a2a \(64\), and 7 messages not named/);
    // An operation name too long for the table: the same.
    const long = message({ operation: `x/${"y".repeat(300)}` });
    const named = evaluateTrace(responses, [long, message()]).coverage[0]!.warning!;
    expect(named).not.toMatch(/matched no message/);
  });

  it('step 5: "The indicator matches if any call returns `matched`", whatever the other messages gave', () => {
    const expression = documentOf(
      withIndicators(
        `    - target: ""\n      expression: {cel: "message.arguments.body == 'SECRET'"}\n`,
      ),
    );
    const failing = message({ content: { other: 1 } }); // a CEL error: no `arguments`
    const quiet = message({ content: { arguments: { body: "fine" } } });
    const verdict = evaluateTrace(expression, [failing, quiet, message(), quiet]);
    expect(verdict.indicator_verdicts[0]!.result).toBe("matched");
    expect(verdict.result).toBe("exploited");
  });

  it('SDK §4.1 "missing target fields produce `not_matched` verdicts, not errors"', () => {
    const missing = documentOf(
      withIndicators(`    - target: arguments.token\n      pattern: {contains: x}\n`),
    );
    const verdict = evaluateTrace(missing, [message()]);
    expect(verdict.indicator_verdicts[0]!.result).toBe("not_matched");
    expect(verdict.result).toBe("not_exploited");
  });

  it('SDK §4.2 "`exists: false` matches when the path resolves to nothing", through the trace', () => {
    const absent = documentOf(
      withIndicators(
        `    - target: arguments.token\n      pattern: {target: arguments.token, condition: {exists: false}}\n`,
      ),
    );
    expect(evaluateTrace(absent, [message()]).result).toBe("exploited");
    const present = message({ content: { arguments: { token: null } } });
    expect(evaluateTrace(absent, [present]).result).toBe("not_exploited");
  });
});

describe("format §9.3 verdict metadata from the CLI (dist)", () => {
  beforeAll(() => setup(), 600_000);

  it('"Conforming evaluation tools MUST include `evaluation_summary`": oatf evaluate --format json', () => {
    const dir = mkdtempSync(join(tmpdir(), "oatf-review12-"));
    writeFileSync(
      join(dir, "doc.yaml"),
      withIndicators(
        `    - surface: tools/call\n      target: arguments.body\n      pattern: {contains: SECRET}\n    - surface: tools/call\n      target: arguments.body\n      pattern: {contains: NOPE}\n    - target: arguments.body\n      semantic: {intent: leak}\n`,
        "  correlation: {logic: all}\n",
      ),
    );
    writeFileSync(join(dir, "trace.jsonl"), `${JSON.stringify(message())}\n`);
    const run = spawnSync(
      process.execPath,
      [CLI, "evaluate", "doc.yaml", "--trace", "trace.jsonl", "--format", "json"],
      { cwd: dir, encoding: "utf8" },
    );
    expect(run.status).toBe(1); // partial: "1 some run exploited or partial"
    const verdict = JSON.parse(run.stdout);
    expect(verdict.result).toBe("partial");
    expect(verdict.evaluation_summary).toEqual({
      matched: 1,
      not_matched: 1,
      error: 0,
      skipped: 1,
    });
    expect(typeof verdict.timestamp).toBe("string");
    expect(Number.isNaN(Date.parse(verdict.timestamp))).toBe(false);
    for (const v of verdict.indicator_verdicts) {
      expect(["matched", "not_matched", "error", "skipped"]).toContain(v.result);
      expect(typeof v.indicator_id).toBe("string");
    }
  });
});

// ---------------------------------------------------------------------------------------------
// SDK §3.3 normalize, §3.4 serialize.

describe("SDK §3.3 normalize", () => {
  it("N-001, N-003, N-004, N-005, N-007, N-008 on a mode-less multi-phase document, exactly", () => {
    const parsed = parse(`oatf: "0.1"
attack:
  classification:
    category: capability_poisoning
    tags: ["Prompt_Injection Attack", "MCP"]
    mappings:
      - framework: atlas
        id: AML.T0051
  execution:
    phases:
      - mode: a2a_client
        state: {}
        trigger: {after: 5s}
      - trigger: {event: message/send}
      - {}
  indicators:
    - protocol: a2a
      target: parts[*].text
      pattern: {regex: "x"}
    - protocol: a2a
      target: parts[*].text
      semantic: {intent: i}
    - protocol: a2a
      target: parts
      expression: {cel: "true"}
`);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const { attack } = normalize(parsed.value);
    expect(attack).toMatchObject({ name: "Untitled", version: 1, status: "draft" });
    expect(attack.severity).toBeUndefined(); // N-002: "When `severity` is absent, leave it absent."
    expect(attack.correlation).toEqual({ logic: "any" });
    expect(attack.classification?.tags).toEqual(["prompt-injection-attack", "mcp"]);
    expect(attack.classification?.mappings?.[0]?.relationship).toBe("primary");
    // N-007: "When `execution.mode` is absent ..., set `actor.mode` from `phases[0].mode`."
    const execution = attack.execution as unknown as Record<string, unknown>;
    expect(Object.keys(execution)).toEqual(["actors"]);
    const [actor] = attack.execution.actors!;
    expect(actor).toMatchObject({ name: "default", mode: "a2a_client" });
    const phases = actor!.phases as unknown as Record<string, unknown>[];
    expect(phases.map((p) => [p.name, p.mode])).toEqual([
      ["phase-1", "a2a_client"],
      ["phase-2", "a2a_client"],
      ["phase-3", "a2a_client"],
    ]);
    // "`trigger.count` → `1` (when `trigger.event` is present ...)": not for an `after` trigger.
    expect(phases[0]!.trigger).toEqual({ after: "5s" });
    expect(phases[1]!.trigger).toEqual({ event: "message/send", count: 1 });
    const [pattern, semantic, expression] = attack.indicators!;
    expect(pattern).toMatchObject({
      id: "indicator-01",
      pattern: { target: "parts[*].text", condition: { regex: "x" } },
    });
    expect(Object.keys(pattern!.pattern!)).toEqual(expect.arrayContaining(["target", "condition"]));
    expect((pattern!.pattern as unknown as Record<string, unknown>).regex).toBeUndefined();
    // N-004 materializes pattern and semantic targets; format §6.4: the threshold is not.
    expect(semantic!.semantic).toEqual({ intent: "i", target: "parts[*].text" });
    expect(semantic!.id).toBe("indicator-02");
    // Format §6.3: "Expression indicators do not define a method-specific target override."
    expect(expression!.expression).toEqual({ cel: "true" });
  });
});

describe("SDK §3.4 serialize", () => {
  it('"Emit explicit values" and round-trip YAML-significant strings as the strings they are', () => {
    const tricky = [
      "yes",
      "no",
      "null",
      "~",
      "0x1F",
      "1e3",
      "0o17",
      ".inf",
      "- item",
      "key: value",
      "#comment",
      "'quoted'",
      '"double"',
      "  leading",
      "trailing  ",
      "tab\there",
      "line\nbreak",
      "\u2028separator",
      "{{request.x}}",
      "\\{{escaped}}",
      "",
      "@at",
      "`tick",
      "%percent",
      "!bang",
      "&amp",
      "*star",
      "|pipe",
      ">fold",
      "\u00e9\u{1F600}",
    ];
    const document = normalize({
      oatf: "0.1",
      attack: {
        description: tricky.join(""),
        execution: {
          mode: "mcp_server",
          state: {
            tools: tricky.map((name, i) => ({
              name: `t${i}`,
              description: name,
              inputSchema: { type: "object" },
            })),
          },
        },
      },
    } as unknown as Document);
    const text = serialize(document);
    expect(text.startsWith("oatf:")).toBe(true);
    expect(text).toMatch(/^ {2}version: 1$/m);
    expect(text).toMatch(/^ {2}status: draft$/m);
    const back = parse(text);
    expect(back.ok, JSON.stringify(back)).toBe(true);
    if (!back.ok) return;
    expect(back.value).toEqual(document);
    expect(serialize(normalize(back.value))).toBe(text);
  });
});

// ---------------------------------------------------------------------------------------------
// SDK §5.1 dot-paths, §5.5 interpolate_template.

describe("SDK §5.1 path resolution", () => {
  it('"No wildcard or index support" (simple) and "Numeric indexing ... is not supported" (wildcard)', () => {
    const value = { a: [{ b: 1 }], "a[0]": 2, "a[*]": 3 };
    expect(resolveSimplePath("a[*]", value)).toBeUndefined();
    expect(resolveSimplePath("a[0]", value)).toBeUndefined();
    expect(resolveWildcardPath("a[0].b", value)).toEqual([]);
    // "if any segment encounters ... an array, resolution fails"
    expect(resolveSimplePath("a.0.b", value)).toBeUndefined();
    expect(resolveSimplePath("a.length", value)).toBeUndefined();
    expect(resolveWildcardPath("a.length", value)).toEqual([]);
  });

  it('"Dot-path syntax does not support escaping literal dots": `content.type` is always two segments', () => {
    const value = { "content.type": "text", content: { type: "image" } };
    expect(resolveSimplePath("content.type", value)).toBe("image");
    expect(resolveWildcardPath("content.type", value)).toEqual(["image"]);
    expect(resolveSimplePath("content\\.type", value)).toBeUndefined();
    expect(resolveWildcardPath("content\\.type", value)).toEqual([]);
  });

  it('"Empty path: ... returns the root value itself", null and strings included', () => {
    for (const root of [null, "text", 0, false, [1], { a: 1 }]) {
      expect(resolveSimplePath("", root)).toEqual(root);
      expect(resolveWildcardPath("", root)).toEqual([root]);
    }
  });

  it('"A depth limit of 64 is RECOMMENDED": deep paths and messages resolve or give nothing, never throw', () => {
    let deep: Record<string, unknown> = {};
    const root = deep;
    for (let i = 0; i < 10_000; i++) {
      const next = {};
      deep.a = next;
      deep = next;
    }
    for (const n of [63, 64, 65, 1000, 10_000]) {
      const path = Array(n).fill("a").join(".");
      expect(() => resolveSimplePath(path, root)).not.toThrow();
      expect(() => resolveWildcardPath(path, root)).not.toThrow();
      expect(() => resolveWildcardPath(Array(n).fill("a[*]").join("."), root)).not.toThrow();
    }
    expect(resolveWildcardPath(Array(10).fill("a").join("."), root)).toHaveLength(1);
  });
});

describe("SDK §5.5 interpolate_template", () => {
  it('step 3a before 3b: "If the name matches a key in `extractors`", a `request.`-named extractor wins', () => {
    const { value, diagnostics } = interpolateTemplate(
      "{{request.x}}",
      { "request.x": "E" },
      { x: "R" },
      undefined,
    );
    expect(value).toBe("E");
    expect(diagnostics).toEqual([]);
  });

  it('3b: "`request` is present" — without it, a request path is an empty string and a W-004', () => {
    const { value, diagnostics } = interpolateTemplate("[{{request.x}}]", {}, undefined, undefined);
    expect(value).toBe("[]");
    expect(diagnostics.map((d) => [d.code, d.severity])).toEqual([["W-004", "warning"]]);
  });

  it('"No re-expansion": an extractor value with `{{` or `\\{{` is literal text', () => {
    const { value, diagnostics } = interpolateTemplate(
      "{{a}}",
      { a: "{{b}} \\{{b}}", b: "B" },
      undefined,
      undefined,
    );
    expect(value).toBe("{{b}} \\{{b}}");
    expect(diagnostics).toEqual([]);
  });

  it('"serialized to string": a non-string request value is its JSON text', () => {
    const request = { n: 1.5, t: true, z: null, o: { k: [1, "s"] } };
    const { value } = interpolateTemplate(
      "{{request.n}}|{{request.t}}|{{request.z}}|{{request.o}}",
      {},
      request,
      undefined,
    );
    expect(value).toBe('1.5|true|null|{"k":[1,"s"]}');
  });
});

// ---------------------------------------------------------------------------------------------
// SDK §7 on real objects from validate.

describe("SDK §7.2 ValidationError", () => {
  it('V-045 "MUST NOT contain duplicate values": two different unknown impacts are no duplicate', () => {
    // Both are V-005 (unknown values). Neither repeats, so there is no V-045, whether the
    // document comes as text (read by the recovering parse) or as an object.
    const text = `oatf: "0.1"\nattack:\n  impact: [foo, bar]\n  execution: {mode: mcp_server, state: {}}\n`;
    const parsed = {
      oatf: "0.1",
      attack: { impact: ["foo", "bar"], execution: { mode: "mcp_server", state: {} } },
    };
    for (const input of [text, parsed as unknown as Document]) {
      const errors = validate(input).errors;
      expect(errors.map((e) => e.rule)).toEqual(["V-005", "V-005"]);
      expect(errors.map((e) => e.path)).toEqual(["attack.impact[0]", "attack.impact[1]"]);
    }
    // A real duplicate stays one V-045 at the list, beside an unknown value.
    const repeated = `oatf: "0.1"\nattack:\n  impact: [data_exfiltration, foo, data_exfiltration]\n  execution: {mode: mcp_server, state: {}}\n`;
    const v045 = validate(repeated).errors.filter((e) => e.rule === "V-045");
    expect(v045).toHaveLength(1);
    expect(v045[0]).toMatchObject({
      path: "attack.impact",
      spec_ref: expect.stringMatching(/§4\.2/),
    });
    expect(v045[0]!.message).toMatch(/data_exfiltration/);
  });

  it("every finding of a document breaking many rules has rule, spec_ref, message and path strings", () => {
    const text = `oatf: "0.1"
attack:
  id: bad
  version: 0
  severity: {level: high, confidence: 101}
  grace_period: 5x
  execution:
    mode: mcp_server
    phases:
      - name: p
        trigger: {event: tools/call}
      - name: p
        extractors: []
        on_enter: []
  indicators:
    - id: X-01
      target: "a..b"
      pattern: {regex: "(", target: "t[0]"}
      confidence: 200
      tier: huge
    - id: X-01
      target: a
      expression: {cel: "1 +", variables: {"a-b": "x[*]"}}
      semantic: {intent: x, threshold: 2}
`;
    const { errors } = validate(text);
    const rules = new Set(errors.map((e) => e.rule));
    for (const rule of ["V-005", "V-009", "V-010", "V-011", "V-012", "V-013", "V-014", "V-017"])
      expect(rules, rule).toContain(rule);
    for (const rule of ["V-021", "V-022", "V-023", "V-025", "V-026", "V-035", "V-038", "V-039"])
      expect(rules, rule).toContain(rule);
    for (const rule of ["V-043", "V-046"]) expect(rules, rule).toContain(rule);
    for (const e of errors) {
      expect(e.severity).toBe("error");
      for (const field of [e.rule, e.code, e.spec_ref, e.message, e.path])
        expect(typeof field).toBe("string");
      expect(e.message).not.toMatch(/\bnull\b|undefined|\[object Object\]/);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Hostile input through every entry point: nothing throws (SDK §7: errors are values).

describe("hostile values through the entry points", () => {
  it("cyclic, 200,000-deep and 5 MB values: every entry point returns, the prototype stays clean", () => {
    let deep: unknown = 1;
    for (let i = 0; i < 200_000; i++) deep = { a: deep };
    const cyclic: Record<string, unknown> = {
      oatf: "0.1",
      attack: { execution: { mode: "mcp_server", state: {} } },
    };
    (
      (cyclic.attack as Record<string, unknown>).execution as Record<
        string,
        Record<string, unknown>
      >
    ).state!.self = cyclic;
    const values: unknown[] = [
      deep,
      cyclic,
      "x".repeat(5_000_000),
      JSON.parse('{"__proto__": {"polluted": 1}}'),
    ];
    const pattern = {
      id: "I-01",
      protocol: "mcp",
      target: "a.a",
      pattern: { target: "a.a", condition: { contains: "1" } },
    };
    for (const value of values) {
      const document = value as Document;
      expect(() => validate(document)).not.toThrow();
      expect(() => normalize(document)).not.toThrow();
      expect(() => serialize(document)).not.toThrow();
      expect(() =>
        computeVerdict((value as Document)?.attack ?? (value as Attack), new Map()),
      ).not.toThrow();
      expect(() => evaluateTrace(document, [message({ content: value as never })])).not.toThrow();
      expect(evaluateIndicator(pattern, value as never).result).toMatch(
        /^(matched|not_matched|error)$/,
      );
      expect(() => evaluatePattern(pattern.pattern, value as never)).not.toThrow();
      expect(() =>
        interpolateTemplate("{{request.a}}", {}, value as never, value as never),
      ).not.toThrow();
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
