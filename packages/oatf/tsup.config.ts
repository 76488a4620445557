import { readFileSync } from "node:fs";
import { defineConfig } from "tsup";
import { libraryBuild } from "../../tsup.base";

const { version } = JSON.parse(readFileSync("package.json", "utf8")) as { version: string };
const define = { __OATF_VERSION__: JSON.stringify(version) };

export default defineConfig([
  { ...libraryBuild, define },
  {
    // The command-line tool: ESM only, with a shebang so the bin runs directly.
    entry: ["src/cli.ts"],
    format: ["esm"],
    sourcemap: true,
    target: "node20",
    banner: { js: "#!/usr/bin/env node" },
    define,
  },
]);
