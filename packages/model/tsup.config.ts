import { defineConfig } from "tsup";
import { libraryBuild } from "../../tsup.base";

// Three entries: the main one, `./shape` (parse's field table, for validate), and `./rules` (the defaults and inheritance rules without the
// YAML reader, so @oatf/registries stays a few kB in a bundle). Splitting (CJS too) keeps
// one copy of the modules they share.
export default defineConfig({
  ...libraryBuild,
  entry: { index: "src/index.ts", rules: "src/rules/index.ts", shape: "src/parse-table.ts" },
  splitting: true,
});
