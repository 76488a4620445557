// `prepack` of every package: refuses to pack a package whose build output is missing, so an
// unbuilt package never ships as an empty tarball. Checks every file the manifest points to.
import { existsSync, readFileSync } from "node:fs";

const manifest = JSON.parse(readFileSync("package.json", "utf8"));

/** Every relative file path in a manifest field (strings, or objects/arrays of them). */
function targets(field) {
  if (typeof field === "string")
    return field.startsWith("./") || field.startsWith("dist/") ? [field] : [];
  if (typeof field !== "object" || field === null) return [];
  return Object.values(field).flatMap(targets);
}

const declared = [manifest.main, manifest.module, manifest.types, manifest.bin, manifest.exports]
  .flatMap(targets)
  .filter((path) => !path.endsWith("/package.json") && !path.includes("*"));
const missing = [...new Set(declared)].filter((path) => !existsSync(path));
if (missing.length > 0) {
  console.error(
    `${manifest.name} is not built (missing ${missing.join(", ")}): run \`npx -y pnpm@10.34.8 run build\` before packing.`,
  );
  process.exit(1);
}
