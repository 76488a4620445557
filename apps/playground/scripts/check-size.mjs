// JavaScript budget, run after `vite build`: the page's script (what the main thread loads
// before the first render) must stay at or below 700 KB minified. The evaluation worker,
// which holds the SDK and loads in the background, has its own ceiling, so that growth in
// either shows up here; the total is printed for the record.
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const KB = 1024;
const BUDGETS = { page: 700 * KB, worker: 700 * KB };
const assets = join(import.meta.dirname, "..", "dist", "assets");
const sizes = { page: 0, worker: 0 };
for (const name of readdirSync(assets).filter((file) => file.endsWith(".js"))) {
  const size = statSync(join(assets, name)).size;
  sizes[name.startsWith("worker-") ? "worker" : "page"] += size;
  console.log(`${(size / KB).toFixed(1).padStart(8)} KB  ${name}`);
}
console.log(`${((sizes.page + sizes.worker) / KB).toFixed(1).padStart(8)} KB  total`);
let failed = false;
for (const [part, budget] of Object.entries(BUDGETS)) {
  const size = sizes[part];
  const verdict = size === 0 ? "missing" : size > budget ? "OVER BUDGET" : "ok";
  console.log(`${part}: ${(size / KB).toFixed(1)} KB of ${budget / KB} KB: ${verdict}`);
  if (verdict !== "ok") failed = true;
}
if (failed) process.exit(1);
