// Import aliases applied whenever this package is bundled (tsup.config.ts, and the browser
// bundle test): @bufbuild/cel imports @bufbuild/re2 for its own `matches`, which this package
// replaces with re2js (src/builtins.ts), so the import points at re2js and bundles carry one
// RE2 engine, the one the rest of the SDK uses.
import { fileURLToPath } from "node:url";

export const bundleAliases: Record<string, string> = {
  "@bufbuild/re2": fileURLToPath(new URL("./src/re2-shim.ts", import.meta.url)),
};
