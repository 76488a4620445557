import { defineConfig } from "tsup";
import { libraryBuild } from "../../tsup.base";

// Five entries: the main one, `./shape` (parse's field table, for validate), `./rules` (the
// defaults and inheritance rules without the YAML reader, so @oatf/registries stays a few kB
// in a bundle), `./terminal` (diagnostics for terminals) and `./internal` (helpers the SDK's
// packages share). Splitting (CJS too) keeps
// one copy of the modules they share.
export default defineConfig({
  ...libraryBuild,
  entry: {
    index: "src/index.ts",
    rules: "src/rules/index.ts",
    shape: "src/parse-table.ts",
    terminal: "src/terminal/index.ts",
    internal: "src/internal.ts",
  },
  splitting: true,
});
