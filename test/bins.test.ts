// Every `bin` of a workspace package points at a file the repository holds, never at build
// output (issue 37 §4): pnpm links the bins of workspace dependencies at install time, before
// any build, and a missing target printed "Failed to create bin ... ENOENT" for each package
// depending on it.
import { execFileSync, spawnSync } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("..", import.meta.url));
const tracked = new Set(
  execFileSync("git", ["ls-files"], { cwd: root, encoding: "utf8" }).split("\n").filter(Boolean),
);
const manifests = [...tracked].filter(
  (f) =>
    /^(packages|apps|testing|conformance)\/(.+\/)?package\.json$/.test(f) &&
    !f.includes("node_modules"),
);

describe("workspace bins", () => {
  it("all point at files in the repository, none at build output", () => {
    const bins: [string, string][] = [];
    for (const manifest of manifests) {
      const { bin } = JSON.parse(readFileSync(join(root, manifest), "utf8"));
      const targets = typeof bin === "string" ? [bin] : Object.values(bin ?? {});
      for (const target of targets as string[])
        bins.push([manifest, normalize(join(dirname(manifest), target))]);
    }
    expect(bins.map(([, t]) => t)).toContain("packages/oatf/bin/oatf.cjs");
    for (const [manifest, target] of bins) {
      expect(tracked.has(target), `${manifest}: ${target}`).toBe(true);
      expect(target, manifest).not.toMatch(/(^|\/)dist\//);
    }
  });

  it("oatf's launcher runs the built CLI, and says how to build it when it is not built", () => {
    const launcher = join(root, "packages/oatf/bin/oatf.cjs");
    const built = spawnSync(process.execPath, [launcher, "--version"], { encoding: "utf8" });
    if (existsSync(join(root, "packages/oatf/dist/cli.js")))
      expect(built.stdout).toMatch(/^\d+\.\d+\.\d+/);
    const copy = mkdtempSync(join(tmpdir(), "oatf-bin-"));
    mkdirSync(join(copy, "bin"));
    copyFileSync(launcher, join(copy, "bin", "oatf.cjs"));
    writeFileSync(join(copy, "package.json"), '{"type":"module"}');
    const bare = spawnSync(process.execPath, [join(copy, "bin", "oatf.cjs"), "--version"], {
      encoding: "utf8",
    });
    expect(bare.status).toBe(3);
    expect(bare.stderr).toBe(
      "oatf: the CLI is not built yet: run `pnpm build` in the repository\n",
    );
  });
});
