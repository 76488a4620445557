import { defineConfig } from "vitest/config";

// End-to-end tests of the built page (run `vite build` first); separate from the SDK's unit tests.
export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
