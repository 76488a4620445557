// Builds packages/oatf/dist/cli.js when it is missing or older than any workspace source,
// so the end-to-end tests always spawn the current CLI. A fresh build goes through turbo
// (cached per package), which also builds the workspace packages the CLI imports.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const REPO = fileURLToPath(new URL("../../..", import.meta.url));
export const CLI = join(REPO, "packages/oatf/dist/cli.js");

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(path) : statSync(path).mtimeMs);
  }
  return newest;
}

export default function setup(): void {
  const packages = join(REPO, "packages");
  const sources = readdirSync(packages)
    .map((p) => join(packages, p, "src"))
    .filter(existsSync);
  const newest = Math.max(...sources.map(newestSource));
  if (existsSync(CLI) && statSync(CLI).mtimeMs >= newest) return;
  execFileSync("npx", ["turbo", "run", "build", "--filter=oatf", "--output-logs=errors-only"], {
    cwd: REPO,
    stdio: "inherit",
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: "1" },
  });
}
