import { defineConfig } from "tsup";
import { libraryBuild } from "../../tsup.base";

// Three entries: the service (what the playground bundles), `./filter` (which documents a
// language server answers for, with picomatch) and `./documentation` (the specification's
// field documentation as data, for `oatf schema`). Neither subpath is in the service's bundle.
export default defineConfig({
  ...libraryBuild,
  entry: {
    index: "src/index.ts",
    filter: "src/document-filter.ts",
    documentation: "src/field-documentation.ts",
  },
  splitting: true,
});
