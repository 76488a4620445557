import { defineConfig } from "tsup";
import { libraryBuild } from "../../tsup.base";

// Two entries: the main one, and `./comments` (carryComments, which needs the whole \`yaml\`
// Document API: apart, `import { normalize }` stays a few kB in a bundle).
export default defineConfig({
  ...libraryBuild,
  entry: { index: "src/index.ts", comments: "src/comments.ts" },
  splitting: true,
});
