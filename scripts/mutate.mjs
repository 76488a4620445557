// Mutation testing with Stryker, one package at a time (it is slow: not part of CI).
//   pnpm mutate <package-dir> [extra stryker args]     e.g. pnpm mutate paths
// Concurrency defaults to 1 (the machine is usually shared): STRYKER_CONCURRENCY=2 raises it.
// Mutates packages/<dir>/src and runs that package's tests (vitest, root config).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { resolve } from "node:path";

const [dir, ...rest] = process.argv.slice(2);
if (!dir || !existsSync(`packages/${dir}/src`)) {
  console.error("usage: pnpm mutate <package-dir> (one of the folders under packages/)");
  process.exit(2);
}
const args = [
  "stryker",
  "run",
  "--testRunner",
  "vitest",
  "--mutate",
  `packages/${dir}/src/**/*.ts`,
  "--reporters",
  "clear-text,progress,html,json",
  "--tempDirName",
  ".stryker-tmp",
  "--concurrency",
  // biome-ignore lint/suspicious/noUndeclaredEnvVars: a local knob, never set in CI
  process.env.STRYKER_CONCURRENCY ?? "1",
  ...rest,
];
const result = spawnSync("npx", args, {
  stdio: "inherit",
  env: {
    ...process.env,
    STRYKER_PACKAGE: dir,
    // Tests run in a sandbox under .stryker-tmp/, where `../shared` is not the repository's
    // sibling: name the upstream suite absolutely, so conformance cases run there too.
    OATF_CONFORMANCE_DIR: resolve(
      // biome-ignore lint/suspicious/noUndeclaredEnvVars: passed through to the sandboxed tests
      process.env.OATF_CONFORMANCE_DIR ?? "../shared/conformance/upstream",
    ),
  },
});
process.exit(result.status ?? 1);
