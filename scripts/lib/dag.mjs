// The package dependency DAG: read the one declared in README.md, read the real one
// from the workspace package.json files, and compare them. Used by test/dag.test.ts.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** Parses the ```dag block of the README: one "package -> dep, dep" line per package. */
export function declaredDag(readme) {
  const block = /```dag\n([\s\S]*?)```/.exec(readme);
  if (!block) throw new Error("README.md has no ```dag block");
  const dag = new Map();
  for (const line of block[1].split("\n").filter((l) => l.trim())) {
    const [name, deps = ""] = line.split("->").map((s) => s.trim());
    dag.set(
      name,
      deps
        .split(",")
        .map((d) => d.trim())
        .filter(Boolean)
        .sort(),
    );
  }
  return dag;
}

/** The workspace dependencies (dependencies + peer + dev on workspace packages) of every package. */
export function workspaceDag(root) {
  const manifests = readdirSync(join(root, "packages")).map((dir) =>
    JSON.parse(readFileSync(join(root, "packages", dir, "package.json"), "utf8")),
  );
  const names = new Set(manifests.map((m) => m.name));
  const dag = new Map();
  for (const m of manifests) {
    const all = { ...m.dependencies, ...m.peerDependencies, ...m.devDependencies };
    dag.set(
      m.name,
      Object.keys(all)
        .filter((d) => names.has(d))
        .sort(),
    );
  }
  return dag;
}

/** Returns one cycle as a list of package names (first repeated at the end), or undefined. */
export function findCycle(dag) {
  const state = new Map(); // undefined = unvisited, 1 = on stack, 2 = done
  const stack = [];
  const visit = (node) => {
    if (state.get(node) === 2) return undefined;
    if (state.get(node) === 1) return [...stack.slice(stack.indexOf(node)), node];
    state.set(node, 1);
    stack.push(node);
    for (const dep of dag.get(node) ?? []) {
      const cycle = visit(dep);
      if (cycle) return cycle;
    }
    stack.pop();
    state.set(node, 2);
    return undefined;
  };
  for (const node of dag.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return undefined;
}

/** Lists every difference between the declared and the actual DAG, as readable lines. */
export function dagDifferences(declared, actual) {
  const problems = [];
  for (const name of new Set([...declared.keys(), ...actual.keys()])) {
    const want = declared.get(name);
    const have = actual.get(name);
    if (!want) problems.push(`${name} is a workspace package but not in the README DAG`);
    else if (!have) problems.push(`${name} is in the README DAG but not a workspace package`);
    else if (want.join(",") !== have.join(","))
      problems.push(
        `${name}: README says [${want.join(", ")}], package.json has [${have.join(", ")}]`,
      );
  }
  return problems;
}
