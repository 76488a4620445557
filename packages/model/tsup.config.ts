import { defineConfig } from "tsup";
import { libraryBuild } from "../../tsup.base";

// Two entries: the main one, and `./rules` (the defaults and inheritance rules without the
// YAML reader, so @oatf/registries stays a few kB in a bundle). Splitting (CJS too) keeps
// one copy of the modules they share.
export default defineConfig({
  ...libraryBuild,
  entry: { index: "src/index.ts", rules: "src/rules/index.ts" },
  splitting: true,
});
