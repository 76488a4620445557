import { defineConfig } from "vitest/config";

// The Neovim suite (`pnpm test:nvim`): a real LSP client (Debian's `neovim`) against the built
// `oatf lsp`, so it is not part of `pnpm test`.
export default defineConfig({
  test: {
    root: new URL("../..", import.meta.url).pathname,
    include: ["test/nvim/**/*.nvim.ts"],
    testTimeout: 60_000,
  },
});
