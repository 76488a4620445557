// hostile/ (own fixtures): inputs built to hurt a parser or evaluator (deep nesting, alias
// bombs, huge strings, `__proto__` keys, pathological regexes). Each must give its expected
// outcome within `max_ms` of CPU time (src/cpu-time.ts), and leave Object.prototype and Array.prototype untouched.
// A large input whose cost is mostly YAML parsing is bounded instead by `max_yaml_ratio`: its
// CPU time over what the `yaml` library alone takes to parse the same text, measured just before
// in the same process. That floor is what any YAML-based SDK pays; a ratio to it holds on a busy
// machine, where even CPU time grows (cache and GC threads are shared).
// `expand` builds large inputs at run time: each token in any input string is replaced by
// `text` repeated `times` times.
import type { Condition, Indicator, OATFError, Value } from "@oatf/model";
import { parseDocument } from "yaml";
import { type FixtureCase, FixtureError, fail, type Outcome, PASS } from "../case.js";
import { show } from "../compare.js";
import { cpuTimed } from "../cpu-time.js";
import { defaultCelEvaluator, evaluateCondition, evaluateIndicator, load, parse } from "../sdk.js";
import { type Fields, fields, int, isObject, list, noExtra, oneOf, str } from "../shape.js";

const ENTRIES = ["load", "parse", "evaluate_condition", "evaluate_indicator"] as const;
const DEFAULT_MAX_MS = 5000;

type Actual = { outcome: "ok" | "error"; errors?: OATFError[]; value?: unknown };

export function runHostile(c: FixtureCase): Outcome {
  noExtra(c.extra);
  const raw = fields(
    c.input,
    "input",
    ["entry"],
    [
      "document",
      "condition",
      "value",
      "indicator",
      "message",
      "expand",
      "max_ms",
      "max_yaml_ratio",
    ],
  );
  const input = expandAll(raw, raw.expand === undefined ? [] : expansions(raw.expand)) as Fields;
  const exp = fields(c.expected, "expected", ["outcome"], ["rule", "kind", "result", "own_key"]);
  const entry = oneOf(input.entry, "input.entry", ENTRIES);
  const maxRatio =
    input.max_yaml_ratio === undefined
      ? undefined
      : int(input.max_yaml_ratio, "input.max_yaml_ratio");
  const maxMs = input.max_ms === undefined ? DEFAULT_MAX_MS : int(input.max_ms, "input.max_ms");
  const floorMs =
    maxRatio === undefined ? undefined : yamlFloorMs(str(input.document, "input.document"));

  const before = prototypeSnapshot();
  const { value: actual, ms } = cpuTimed(() => call(entry, input));
  const polluted = prototypeChanges(before);
  if (polluted) return fail("prototypes untouched", polluted);
  if (floorMs !== undefined && maxRatio !== undefined) {
    const ratio = ms / Math.max(floorMs, 1);
    if (ratio > maxRatio) {
      return fail(
        `done within ${maxRatio}x the CPU time of \`yaml\` parsing the same text (${Math.round(floorMs)} ms)`,
        `took ${Math.round(ms)} ms (${ratio.toFixed(2)}x)`,
      );
    }
  } else if (ms > maxMs) {
    return fail(`done within ${maxMs} ms of CPU time`, `took ${Math.round(ms)} ms`);
  }
  return check(exp, actual);
}

/** CPU milliseconds `yaml` takes to parse `text` into a document: the floor of any YAML-based load. */
function yamlFloorMs(text: string): number {
  return cpuTimed(() => parseDocument(text, { keepSourceTokens: true })).ms;
}

function call(entry: (typeof ENTRIES)[number], input: Fields): Actual {
  switch (entry) {
    case "load": {
      const result = load(str(input.document, "input.document"));
      return result.ok
        ? { outcome: "ok", value: result.value.document }
        : { outcome: "error", errors: result.error };
    }
    case "parse": {
      const result = parse(str(input.document, "input.document"));
      return result.ok
        ? { outcome: "ok", value: result.value }
        : { outcome: "error", errors: result.error };
    }
    case "evaluate_condition":
      return {
        outcome: "ok",
        value: evaluateCondition(input.condition as Condition, input.value as Value),
      };
    case "evaluate_indicator": {
      if (!isObject(input.indicator)) throw new FixtureError("input.indicator must be a mapping");
      const verdict = evaluateIndicator(
        input.indicator as unknown as Indicator,
        input.message as Value,
        { cel: defaultCelEvaluator() },
      );
      return { outcome: "ok", value: verdict.result };
    }
  }
}

function check(exp: Fields, actual: Actual): Outcome {
  const outcome = oneOf(exp.outcome, "expected.outcome", ["ok", "error"]);
  if (actual.outcome !== outcome) {
    return fail(outcome, `${actual.outcome} ${show(actual.errors ?? actual.value, 160)}`);
  }
  const errors = (actual.errors ?? []) as unknown as Record<string, unknown>[];
  if (exp.rule !== undefined && !errors.some((e) => e.rule === exp.rule)) {
    return fail(`an error with rule ${exp.rule}`, show(errors, 200));
  }
  if (exp.kind !== undefined && !errors.some((e) => e.kind === exp.kind)) {
    return fail(`an error of kind ${exp.kind}`, show(errors, 200));
  }
  if (exp.result !== undefined && actual.value !== exp.result) {
    return fail(`result ${show(exp.result)}`, show(actual.value, 160));
  }
  if (exp.own_key !== undefined) {
    const f = fields(exp.own_key, "expected.own_key", ["path", "key"]);
    const holder = walk(actual.value, str(f.path, "expected.own_key.path"));
    const key = str(f.key, "expected.own_key.key");
    if (
      !isObject(holder) ||
      !Object.hasOwn(holder, key) ||
      Object.getPrototypeOf(holder) !== Object.prototype
    ) {
      return fail(`${f.path} owns key ${key} as data`, show(holder, 160));
    }
  }
  return PASS;
}

/** `a.b[0].c` → the value there, or undefined. */
function walk(value: unknown, path: string): unknown {
  let current = value;
  for (const part of path.match(/[^.[\]]+/g) ?? []) {
    if (typeof current !== "object" || current === null || !Object.hasOwn(current, part))
      return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

type Expansion = { token: string; text: string; times: number };

function expansions(value: unknown): Expansion[] {
  return list(value, "input.expand").map((item, i) => {
    const f = fields(item, `input.expand[${i}]`, ["token", "text", "times"]);
    return {
      token: str(f.token, "token"),
      text: str(f.text, "text"),
      times: int(f.times, "times"),
    };
  });
}

function expandAll(value: unknown, rules: Expansion[]): unknown {
  if (typeof value === "string") {
    return rules.reduce((s, r) => s.split(r.token).join(r.text.repeat(r.times)), value);
  }
  if (Array.isArray(value)) return value.map((v) => expandAll(v, rules));
  if (isObject(value)) {
    const out: Fields = {};
    for (const [k, v] of Object.entries(value)) {
      if (k !== "expand")
        Object.defineProperty(out, k, {
          value: expandAll(v, rules),
          enumerable: true,
          writable: true,
          configurable: true,
        });
    }
    return out;
  }
  return value;
}

type Snapshot = Map<object, Map<string | symbol, PropertyDescriptor>>;

function prototypeSnapshot(): Snapshot {
  const snap: Snapshot = new Map();
  for (const proto of [Object.prototype, Array.prototype, String.prototype, Function.prototype]) {
    const props = new Map<string | symbol, PropertyDescriptor>();
    for (const key of Reflect.ownKeys(proto))
      props.set(key, Object.getOwnPropertyDescriptor(proto, key)!);
    snap.set(proto, props);
  }
  return snap;
}

/** A description of what changed on the built-in prototypes, or undefined. */
function prototypeChanges(before: Snapshot): string | undefined {
  for (const [proto, props] of before) {
    const keys = Reflect.ownKeys(proto);
    const added = keys.filter((k) => !props.has(k));
    if (added.length > 0 || keys.length !== props.size)
      return `prototype keys changed: ${added.map(String).join(", ")}`;
    for (const key of keys) {
      const now = Object.getOwnPropertyDescriptor(proto, key)!;
      const was = props.get(key)!;
      if (now.value !== was.value || now.get !== was.get || now.set !== was.set) {
        return `prototype property ${String(key)} changed`;
      }
    }
  }
  return undefined;
}
