// JavaScript budget, run after `vite build`: the page's script (what the main thread loads
// before the first render) must stay at or below 700 KB minified. The evaluation worker,
// which holds the SDK and loads in the background, has its own ceiling, so that growth in
// either shows up here. Chunks are attributed by who loads them: the page's entry and its
// static imports, the worker's entry and its static imports, and chunks loaded on demand
// (`import()`, such as CEL, which the worker loads only for documents that may use it).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

const KB = 1024;
// The worker's ceiling is today's size plus a margin: it holds the SDK, whose growth should show
// (432.6 KB measured after issue 22's SSE, A2A and HAR readers, A2A v1.0 content mapping, and
// issue 24's monitor and per-session correlation). The trace readers (@oatf/trace, trace-input.ts)
// load on demand with the first pasted trace (issue 32): 446.4 -> 409.0 KB, 37.5 KB on demand.
// The language worker (hover and completion, @oatf/language-service) starts on the first hover
// or completion; it carries its own copy of the SDK parts it needs.
// Page + worker (issue 32): at most 800 KB, what a visitor's browser fetches before the first
// verdict. Hover and completion (language.ts, with CodeMirror's autocompletion) load on the first
// use of the document editor, and the pictures (@oatf/diagrams) with the first report.
const BUDGETS = {
  page: 700 * KB,
  worker: 436 * KB,
  "page + worker": 800 * KB,
  "language worker": 420 * KB,
};
const assets = join(import.meta.dirname, "..", "dist", "assets");
const chunks = readdirSync(assets).filter((file) => file.endsWith(".js"));
const source = (name) => readFileSync(join(assets, name), "utf8");
const size = (name) => statSync(join(assets, name)).size;

/** The chunks a chunk imports statically, and those it imports with `import()`. */
function importsOf(name) {
  const text = source(name);
  const refs = (pattern) => new Set([...text.matchAll(pattern)].map((m) => m[1]));
  const dynamic = refs(/import\(\s*["']\.\/([^"']+\.js)["']\s*\)/g);
  const all = refs(/(?:from|import)\s*["']\.\/([^"']+\.js)["']/g);
  return { static: [...all].filter((c) => !dynamic.has(c)), dynamic: [...dynamic] };
}

/** An entry and everything it imports statically; dynamic imports are collected apart. */
function closure(entry, lazy) {
  const seen = new Set();
  const visit = (name) => {
    if (seen.has(name) || !chunks.includes(name)) return;
    seen.add(name);
    const { static: direct, dynamic } = importsOf(name);
    for (const chunk of dynamic) lazy.add(chunk);
    for (const chunk of direct) visit(chunk);
  };
  visit(entry);
  return seen;
}

const entry = (prefix) => chunks.find((name) => name.startsWith(prefix));
const lazyRoots = new Set();
const page = closure(entry("index-"), lazyRoots);
const worker = closure(entry("worker-"), lazyRoots);
const languageWorker = closure(entry("language-worker-"), lazyRoots);
const lazy = new Set();
for (const root of lazyRoots) {
  for (const chunk of closure(root, lazyRoots))
    if (!page.has(chunk) && !worker.has(chunk) && !languageWorker.has(chunk)) lazy.add(chunk);
}
const groups = { page, worker, "language worker": languageWorker, "on demand": lazy };
const budgeted = { ...groups, "page + worker": new Set([...page, ...worker]) };
const total = (set) => [...set].reduce((sum, name) => sum + size(name), 0);
for (const [group, set] of Object.entries(groups)) {
  for (const name of set)
    console.log(`${(size(name) / KB).toFixed(1).padStart(8)} KB  ${group}: ${name}`);
}
const unattributed = chunks.filter(
  (c) => !page.has(c) && !worker.has(c) && !languageWorker.has(c) && !lazy.has(c),
);
for (const name of unattributed)
  console.log(`${(size(name) / KB).toFixed(1).padStart(8)} KB  unattributed: ${name}`);
const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;
console.log(
  `page + worker: ${kb(total(page) + total(worker))}; with on-demand chunks: ${kb(chunks.reduce((s, c) => s + size(c), 0))}`,
);
let failed = unattributed.length > 0;
for (const [part, budget] of Object.entries(BUDGETS)) {
  const bytes = total(budgeted[part]);
  const verdict = bytes === 0 ? "missing" : bytes > budget ? "OVER BUDGET" : "ok";
  console.log(`${part}: ${kb(bytes)} of ${kb(budget)}: ${verdict}`);
  if (verdict !== "ok") failed = true;
}
if (failed) process.exit(1);
