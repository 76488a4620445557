// Loads every package's built output through both `import` and `require`, as a consumer would.
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const require = createRequire(import.meta.url);
let failures = 0;
for (const dir of readdirSync(join(root, "packages"))) {
  const pkgDir = join(root, "packages", dir);
  const manifest = JSON.parse(readFileSync(join(pkgDir, "package.json"), "utf8"));
  const esmEntry = manifest.exports["."].import.default;
  const cjsEntry = manifest.exports["."].require.default;
  try {
    const esm = await import(pathToFileURL(join(pkgDir, esmEntry)).href);
    const cjs = require(join(pkgDir, cjsEntry));
    const esmKeys = Object.keys(esm).sort().join(",");
    const cjsKeys = Object.keys(cjs).sort().join(",");
    if (esmKeys !== cjsKeys)
      throw new Error(`ESM and CJS exports differ:\n  ${esmKeys}\n  ${cjsKeys}`);
    console.log(`${manifest.name}: import and require load (${Object.keys(esm).length} exports)`);
  } catch (error) {
    failures++;
    console.error(`${manifest.name}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
process.exit(failures === 0 ? 0 : 1);
