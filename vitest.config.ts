import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Tests run against each package's sources, so `pnpm test` needs no prior build.
const packagesDir = fileURLToPath(new URL("./packages", import.meta.url));
const alias = [
  ...readdirSync(packagesDir).map((dir) => ({
    find: new RegExp(`^${dir === "oatf" ? "oatf" : `@oatf/${dir}`}$`),
    replacement: `${packagesDir}/${dir}/src/index.ts`,
  })),
  // Documented subpaths (package.json `exports`), before the bare package names above match.
  {
    find: /^@oatf\/model\/rules$/,
    replacement: `${packagesDir}/model/src/rules/index.ts`,
  },
  {
    find: /^@oatf\/model\/shape$/,
    replacement: `${packagesDir}/model/src/parse-table.ts`,
  },
  {
    find: /^@oatf\/normalize\/comments$/,
    replacement: `${packagesDir}/normalize/src/comments.ts`,
  },
  {
    find: /^@oatf\/evaluate\/compilers$/,
    replacement: `${packagesDir}/evaluate/src/compilers.ts`,
  },
  // The private conformance harness: package tests read upstream cases through it.
  {
    find: /^@oatf\/conformance$/,
    replacement: fileURLToPath(new URL("./conformance/src/index.ts", import.meta.url)),
  },
];

export default defineConfig({
  resolve: { alias },
  test: {
    include: ["packages/*/test/**/*.test.ts", "conformance/test/**/*.test.ts", "test/**/*.test.ts"],
    testTimeout: 30_000,
  },
});
