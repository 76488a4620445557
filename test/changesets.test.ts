import { execFileSync } from "node:child_process";
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("..", import.meta.url));
const packageDirs = readdirSync(join(root, "packages"));
const scratch = mkdtempSync(join(tmpdir(), "oatf-changeset-"));

/** A scratch copy of the workspace manifests and changeset config, versioned with one changeset. */
function versionWith(changeset: string): Record<string, string> {
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  for (const file of ["package.json", "pnpm-workspace.yaml"])
    cpSync(join(root, file), join(scratch, file));
  // The config only: changesets pending in the repository must not mix into this one.
  mkdirSync(join(scratch, ".changeset"));
  cpSync(join(root, ".changeset", "config.json"), join(scratch, ".changeset", "config.json"));
  symlinkSync(join(root, "node_modules"), join(scratch, "node_modules"));
  for (const dir of packageDirs) {
    mkdirSync(join(scratch, "packages", dir), { recursive: true });
    cpSync(
      join(root, "packages", dir, "package.json"),
      join(scratch, "packages", dir, "package.json"),
    );
  }
  writeFileSync(join(scratch, ".changeset", "scratch-change.md"), changeset);
  execFileSync(process.execPath, [join(root, "node_modules/@changesets/cli/bin.js"), "version"], {
    cwd: scratch,
    stdio: "pipe",
  });
  return versions(scratch);
}

function versions(dir: string): Record<string, string> {
  return Object.fromEntries(
    packageDirs.map((d) => {
      const manifest = JSON.parse(readFileSync(join(dir, "packages", d, "package.json"), "utf8"));
      return [manifest.name, manifest.version];
    }),
  );
}

function bumped(after: Record<string, string>): string[] {
  const before = versions(root);
  return Object.keys(after)
    .filter((name) => after[name] !== before[name])
    .sort();
}

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("changesets with independent versions", () => {
  it("bumps only the named package and its dependents", () => {
    const after = versionWith('---\n"@oatf/paths": minor\n---\n\nA new path function.\n');
    expect(bumped(after)).toEqual([
      "@oatf/evaluate",
      "@oatf/language-service",
      "@oatf/paths",
      "@oatf/redis-streams",
      "@oatf/run",
      "@oatf/trace",
      "@oatf/validate",
      "oatf",
    ]);
  });

  // oatf loads @oatf/redis-streams on demand and lists it as a devDependency only: as a peer
  // dependency, every minor of it (0.1 -> 0.2, out of a ^0.1.0 range) made changesets bump oatf
  // to a new major (1.0.0).
  it("releases the Redis adapter without bumping oatf", () => {
    const after = versionWith('---\n"@oatf/redis-streams": minor\n---\n\nA new option.\n');
    expect(bumped(after)).toEqual(["@oatf/redis-streams"]);
  });

  it("writes each bumped package's CHANGELOG.md from the changeset summary", () => {
    versionWith('---\n"@oatf/paths": minor\n---\n\nA new path function.\n');
    const changelog = readFileSync(join(scratch, "packages", "paths", "CHANGELOG.md"), "utf8");
    expect(changelog).toMatch(/^# @oatf\/paths\n/);
    expect(changelog).toContain("A new path function.");
  });

  it("leaves unrelated packages alone when a leaf of the DAG changes", () => {
    const after = versionWith('---\n"@oatf/cel-default": patch\n---\n\nA fix.\n');
    expect(bumped(after)).toEqual(["@oatf/cel-default", "@oatf/run", "oatf"]);
  });
});
