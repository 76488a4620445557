import { readdirSync, readFileSync } from "node:fs";
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
    expect(declared.size).toBe(13);
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

describe("the conformance harness (conformance/)", () => {
  const manifest = (path: string) => JSON.parse(readFileSync(`${root}/${path}`, "utf8"));
  const harness = manifest("conformance/package.json");

  // It is a private workspace package outside the published DAG: it depends on the SDK
  // (to run cases against it), and package tests reach it only through the vitest alias, so
  // no published package may list it (that would be a cycle and a private dependency).
  it("is private and no published package depends on it", () => {
    expect(harness.private).toBe(true);
    for (const dir of readdirSync(`${root}/packages`)) {
      const m = manifest(`packages/${dir}/package.json`);
      const all = { ...m.dependencies, ...m.peerDependencies, ...m.devDependencies };
      expect(Object.keys(all), m.name).not.toContain(harness.name);
    }
  });
});
