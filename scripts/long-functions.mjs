// `node scripts/long-functions.mjs [limit]`: lists the functions of packages/*/src and
// apps/*/src over `limit` lines (default 80), longest first (scripts/lib/long-functions.mjs).
import { fileURLToPath } from "node:url";
import { longFunctions } from "./lib/long-functions.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const limit = Number(process.argv[2] ?? 80);
const found = longFunctions(root, limit);
for (const f of found)
  console.log(`${String(f.lines).padStart(5)}  ${f.name}  ${f.file}:${f.line}`);
console.log(`${found.length} functions over ${limit} lines`);
