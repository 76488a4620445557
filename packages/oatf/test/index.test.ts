// The `oatf` package re-exports every package's runtime exports, each name once: the spec's
// names on its main entry, the rest on `oatf/advanced`, with `validate` and the evaluation
// entry points replaced by versions wired with the default CEL evaluator.
import * as celDefault from "@oatf/cel-default";
import * as evaluate from "@oatf/evaluate";
import * as model from "@oatf/model";
import * as normalize from "@oatf/normalize";
import * as paths from "@oatf/paths";
import * as registries from "@oatf/registries";
import * as validate from "@oatf/validate";
import * as oatf from "oatf";
import * as advanced from "oatf/advanced";
import { describe, expect, it } from "vitest";
import * as oatfCel from "../src/cel.js";

// Replaced in `oatf` by versions wired with the default CEL evaluator.
const WIRED = new Set([
  "validate",
  "evaluateIndicator",
  "compileIndicator",
  "evaluateExpression",
  "evaluateTrace",
  "createTraceEvaluator",
  "createMonitor",
  "mergeVerdicts",
]);
const packages = { model, paths, registries, evaluate, validate, normalize } as const;

describe("oatf exports", () => {
  it.each(Object.entries(packages))("re-exports everything from @oatf/%s", (_, ns) => {
    const both = { ...oatf, ...advanced } as Record<string, unknown>;
    for (const [name, value] of Object.entries(ns)) {
      if (WIRED.has(name)) continue;
      expect(both, name).toHaveProperty(name);
      expect(both[name], name).toBe(value);
    }
  });

  it("puts each name on one entry: the spec's front door or oatf/advanced", () => {
    const twice = Object.keys(oatf).filter((name) => Object.hasOwn(advanced, name));
    expect(twice).toEqual([]);
    expect(advanced.compileIndicator).not.toBe(evaluate.compileIndicator);
    // Global switches, limits and the policy-path grammar are not on the front door.
    for (const name of ["setRegexEngine", "clearCaches", "DEFAULT_LIMITS", "parsePolicyPath"])
      expect(oatf, name).not.toHaveProperty(name);
  });

  it("exports createCelEvaluator from the oatf/cel subpath, not from the main entry", () => {
    expect(oatfCel.createCelEvaluator).toBe(celDefault.createCelEvaluator);
    expect(oatfCel.DEFAULT_OPTIONS).toBe(celDefault.DEFAULT_OPTIONS);
    expect(oatf).not.toHaveProperty("createCelEvaluator");
  });

  it("loads the default CEL evaluator on demand: in Node on first use, or with loadDefaultCel", async () => {
    const loaded = await oatf.loadDefaultCel();
    expect(loaded).toBe(oatf.defaultCelEvaluator());
    expect(loaded.evaluate("size(s) > 1", { s: "ab" })).toEqual({ ok: true, value: true });
    expect(typeof loaded.check).toBe("function");
  });

  it("replaces validate and the evaluation entry points with CEL-wired ones, and adds load, defaultCelEvaluator and VERSION", () => {
    expect(oatf.validate).not.toBe(validate.validate);
    expect(oatf.evaluateIndicator).not.toBe(evaluate.evaluateIndicator);
    expect(oatf.checkText).toBeTypeOf("function");
    expect(oatf.evaluateTrace).not.toBe(evaluate.evaluateTrace);
    expect(oatf.createTraceEvaluator).not.toBe(evaluate.createTraceEvaluator);
    expect(oatf.createMonitor).not.toBe(evaluate.createMonitor);
    expect(oatf.mergeVerdicts).not.toBe(evaluate.mergeVerdicts);
    expect(typeof oatf.load).toBe("function");
    expect(typeof oatf.defaultCelEvaluator).toBe("function");
    expect(oatf.VERSION).toMatch(/^\d+\.\d+\.\d+/);
  });
});

it("the CEL-wired monitor evaluates expression indicators, and mergeVerdicts keeps their matches", async () => {
  const document = {
    oatf: "0.1",
    attack: {
      id: "CEL-MON",
      execution: { mode: "mcp_server", state: {} },
      indicators: [
        { id: "CEL-MON-01", surface: "tools/call", expression: { cel: 'message.name == "exec"' } },
      ],
    },
  } as never;
  await oatf.loadDefaultCel();
  const monitor = oatf.createMonitor([document]);
  monitor.push({
    protocol: "mcp",
    direction: "request",
    operation: "tools/call",
    content: { name: "exec" },
    session: "a",
    line: 3,
  });
  expect(monitor.verdicts()[0]?.indicator_verdicts[0]?.result).toBe("matched");
  const merged = oatf.mergeVerdicts([document], [monitor.verdicts()]);
  expect(merged.ok && merged.value[0]?.indicator_verdicts[0]?.result).toBe("matched");
  expect(merged.ok && merged.value[0]?.coverage[0]?.position).toBe(3);
});
