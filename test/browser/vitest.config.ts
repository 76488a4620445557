import { defineConfig } from "vitest/config";

// The browser suite (`pnpm test:browser`): runs the built packages, so it is not part of `pnpm test`.
export default defineConfig({
  test: {
    root: new URL("../..", import.meta.url).pathname,
    include: ["test/browser/**/*.browser.ts"],
    testTimeout: 60_000,
  },
});
