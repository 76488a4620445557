import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
// @ts-expect-error: plain ESM script without types
import { dagDifferences, declaredDag, findCycle, workspaceDag } from "../scripts/lib/dag.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
type Dag = Map<string, string[]>;

describe("package dependency DAG", () => {
  const declared: Dag = declaredDag(readFileSync(`${root}/README.md`, "utf8"));
  const actual: Dag = workspaceDag(root);

  it("matches the DAG drawn in the README", () => {
    expect(dagDifferences(declared, actual)).toEqual([]);
    expect(declared.size).toBe(8);
  });

  it("has no cycle", () => {
    expect(findCycle(actual)).toBeUndefined();
  });

  it("detects a synthetic cycle", () => {
    const cyclic: Dag = new Map(actual);
    cyclic.set("@oatf/paths", ["oatf"]);
    expect(findCycle(cyclic)).toEqual(expect.arrayContaining(["@oatf/paths", "oatf"]));
    const selfLoop: Dag = new Map([["a", ["a"]]]);
    expect(findCycle(selfLoop)).toEqual(["a", "a"]);
  });

  it("detects a dependency the README does not declare", () => {
    const extra: Dag = new Map(actual);
    extra.set("@oatf/paths", ["@oatf/model"]);
    expect(dagDifferences(declared, extra)).toEqual([
      "@oatf/paths: README says [], package.json has [@oatf/model]",
    ]);
  });
});
