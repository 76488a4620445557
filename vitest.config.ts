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
    find: /^@oatf\/model\/terminal$/,
    replacement: `${packagesDir}/model/src/terminal/index.ts`,
  },
  {
    find: /^@oatf\/language-service\/filter$/,
    replacement: `${packagesDir}/language-service/src/document-filter.ts`,
  },
  {
    find: /^@oatf\/language-service\/documentation$/,
    replacement: `${packagesDir}/language-service/src/field-documentation.ts`,
  },
  {
    find: /^@oatf\/model\/internal$/,
    replacement: `${packagesDir}/model/src/internal.ts`,
  },
  {
    find: /^@oatf\/normalize\/comments$/,
    replacement: `${packagesDir}/normalize/src/comments.ts`,
  },
  {
    find: /^@oatf\/validate\/text$/,
    replacement: `${packagesDir}/validate/src/text.ts`,
  },
  {
    find: /^@oatf\/evaluate\/compilers$/,
    replacement: `${packagesDir}/evaluate/src/compile/index.ts`,
  },
  {
    find: /^@oatf\/evaluate\/stream$/,
    replacement: `${packagesDir}/evaluate/src/stream.ts`,
  },
  {
    find: /^@oatf\/evaluate\/internal$/,
    replacement: `${packagesDir}/evaluate/src/internal.ts`,
  },
  {
    find: /^@oatf\/trace\/node$/,
    replacement: `${packagesDir}/trace/src/node.ts`,
  },
  {
    find: /^@oatf\/trace\/internal$/,
    replacement: `${packagesDir}/trace/src/internal.ts`,
  },
  {
    find: /^@oatf\/trace\/otlp$/,
    replacement: `${packagesDir}/trace/src/otlp.ts`,
  },
  {
    find: /^oatf\/advanced$/,
    replacement: `${packagesDir}/oatf/src/advanced.ts`,
  },
  // The private conformance harness: package tests read upstream cases through it.
  {
    find: /^@oatf\/conformance$/,
    replacement: fileURLToPath(new URL("./conformance/src/index.ts", import.meta.url)),
  },
];

export const INCLUDE = [
  "packages/*/test/**/*.test.ts",
  "conformance/test/**/*.test.ts",
  "testing/*/test/**/*.test.ts",
  "test/**/*.test.ts",
];
// Test files that mock modules or the clock (vi.mock, vi.spyOn), so each needs modules of its
// own. Every other file shares its worker's modules with the files before it (isolate: false):
// importing the SDK's sources afresh for each of ~120 files was about half the suite's CPU
// time (96 s of CPU isolated, 52 s shared, on 2 cores). Shared modules also mean a test that
// pollutes a prototype or global is caught by the files after it.
const ISOLATED = ["packages/cel-default/test/**/*.test.ts"];

export default defineConfig({
  resolve: { alias },
  test: {
    // Only a hang hits this: every test's work is bounded (property tests by numRuns). 30 s
    // failed a 3 s property test on a loaded 2-core machine, where tests ran 8x slower.
    testTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: { name: "unit", include: INCLUDE, exclude: ISOLATED, isolate: false },
      },
      { extends: true, test: { name: "isolated", include: ISOLATED } },
    ],
  },
});
