// Realistic indicator expressions never meet the cost budget (issue 32: the weights were raised
// so that adversarial expressions stop near 100 ms; what users write must not pay for it). Every
// CEL expression of the shared scenarios, the upstream conformance documents and the examples is
// evaluated on every message of the example traces and of the upstream expression cases: its
// outcome under a hundredth of the default budget is the one it has with no budget at all.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createCelEvaluator, DEFAULT_OPTIONS } from "@oatf/cel-default";
import { requireUpstream } from "@oatf/conformance";
import type { Value } from "@oatf/model";
import { describe, expect, it } from "vitest";
import { parseAllDocuments } from "yaml";

const root = (path: string) => fileURLToPath(new URL(`../../../${path}`, import.meta.url));
const SCENARIOS = root("../shared/scenarios");
const EXAMPLES = root("examples");

function files(dir: string, ext: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path, ext);
    return name.endsWith(ext) ? [path] : [];
  });
}

interface Expression {
  cel: string;
  variables: Record<string, string>;
}

/** Every `{ cel, variables? }` under `node`, and every `message` an upstream case binds. */
function collect(node: unknown, expressions: Expression[], messages: Value[]): void {
  if (Array.isArray(node)) for (const item of node) collect(item, expressions, messages);
  if (typeof node !== "object" || node === null || Array.isArray(node)) return;
  const o = node as Record<string, unknown>;
  if (typeof o.cel === "string") {
    const variables = (o.variables ?? {}) as Record<string, string>;
    expressions.push({ cel: o.cel, variables });
  }
  if ("message" in o && "indicator" in o) messages.push(o.message as Value);
  for (const value of Object.values(o)) collect(value, expressions, messages);
}

const expressions: Expression[] = [];
const messages: Value[] = [];
const yamlFiles = [
  ...files(SCENARIOS, ".yaml"),
  ...files(requireUpstream(), ".yaml"),
  ...files(EXAMPLES, ".yaml"),
];
for (const file of yamlFiles) {
  for (const doc of parseAllDocuments(readFileSync(file, "utf8"))) {
    collect(doc.toJS(), expressions, messages);
  }
}
for (const file of files(EXAMPLES, ".jsonl")) {
  for (const line of readFileSync(file, "utf8").split("\n")) {
    if (line.trim() !== "") messages.push((JSON.parse(line) as { content: Value }).content);
  }
}

/** SDK §4.3: `message`, and each variable resolved by simple dot-path, null when it does not. */
function context(e: Expression, message: Value): Record<string, Value> {
  const bound: Record<string, Value> = { message };
  for (const [name, path] of Object.entries(e.variables)) {
    let cur: Value | undefined = message;
    for (const key of path === "" ? [] : path.split(".")) {
      const object: { [key: string]: Value } =
        typeof cur === "object" && cur !== null && !Array.isArray(cur) ? cur : {};
      cur = Object.hasOwn(object, key) ? object[key] : undefined;
    }
    bound[name] = cur ?? null;
  }
  return bound;
}

const unbounded = createCelEvaluator({
  maxCost: Number.POSITIVE_INFINITY,
  timeoutMs: Number.POSITIVE_INFINITY,
});
const tight = createCelEvaluator({
  maxCost: DEFAULT_OPTIONS.maxCost / 100,
  timeoutMs: Number.POSITIVE_INFINITY,
});

describe("realistic indicator expressions", () => {
  it("are found: the scenarios, the conformance documents and the examples hold them", () => {
    expect(expressions.length).toBeGreaterThanOrEqual(15);
    expect(messages.length).toBeGreaterThan(20);
  });

  it("give the same outcome under a hundredth of the default budget as under none", () => {
    const differ: string[] = [];
    for (const e of expressions) {
      for (const message of messages) {
        const expected = unbounded.evaluate(e.cel, context(e, message));
        const actual = tight.evaluate(e.cel, context(e, message));
        if (JSON.stringify(actual) !== JSON.stringify(expected))
          differ.push(`${e.cel}: ${JSON.stringify(actual)} instead of ${JSON.stringify(expected)}`);
      }
    }
    expect(differ).toEqual([]);
  });
});
