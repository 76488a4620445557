import { defineConfig } from "tsup";
import { libraryBuild } from "../../tsup.base";

// Two entries: the main one (`validate` on a parsed document, without the YAML parser) and
// `./text` (`checkText`: parse and validate a text in one pass). Splitting (CJS too) keeps one
// copy of the rules they share.
export default defineConfig({
  ...libraryBuild,
  entry: { index: "src/index.ts", text: "src/text.ts" },
  splitting: true,
});
