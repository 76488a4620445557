// The README's main command (`pnpm start`): build the oatf CLI, validate every example,
// then evaluate each example against its sample trace. Exits non-zero when any step gives
// an outcome other than the one each example is written to show.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const cli = "packages/oatf/dist/cli.js";

/** Example → the verdict its trace shows, and the `oatf evaluate` exit code for it. */
const EXPECTED = {
  "examples/mcp-rug-pull.yaml": { result: "exploited", exit: 1 },
  "examples/a2a-skill-poisoning.yaml": { result: "not_exploited", exit: 0 },
  "examples/ag-ui-injection.yaml": { result: "exploited", exit: 1 },
  "examples/cross-protocol-chain.yaml": { result: "partial", exit: 1 },
};

function run(command, args, options = {}) {
  console.log(`\n$ ${[command, ...args].join(" ")}`);
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: options.capture ? "pipe" : "inherit",
    encoding: "utf8",
  });
  if (options.capture) process.stdout.write(result.stdout + result.stderr);
  return result;
}

let problems = 0;
const expect = (ok, what) => {
  if (!ok) {
    problems++;
    console.error(`UNEXPECTED: ${what}`);
  }
};

// One line per package as its build starts (hash-only), then turbo's tally: on a fresh clone
// the build takes minutes, which errors-only spent in silence.
console.log("Building the oatf CLI and the packages it uses (a few minutes the first time)...");
const build = run("npx", ["turbo", "run", "build", "--filter=oatf", "--output-logs=hash-only"], {});
if (build.status !== 0) process.exit(build.status ?? 1);

const examples = readdirSync(`${root}/examples`)
  .filter((f) => f.endsWith(".yaml"))
  .map((f) => `examples/${f}`)
  .sort();
expect(examples.length === Object.keys(EXPECTED).length, `examples/ holds ${examples.join(", ")}`);

const validated = run("node", [cli, "validate", ...examples]);
expect(validated.status === 0, `oatf validate exited ${validated.status}`);

for (const example of examples) {
  const want = EXPECTED[example];
  const trace = example.replace(/\.yaml$/, ".trace.jsonl");
  const human = run("node", [cli, "evaluate", example, "--trace", trace], { capture: true });
  expect(human.status === want?.exit, `${example}: exit ${human.status}, expected ${want?.exit}`);
  const json = spawnSync("node", [cli, "evaluate", example, "--trace", trace, "--format", "json"], {
    cwd: root,
    encoding: "utf8",
  });
  let verdict;
  try {
    verdict = JSON.parse(json.stdout);
  } catch {
    verdict = undefined;
  }
  expect(
    verdict?.result === want?.result,
    `${example}: verdict ${verdict?.result}, expected ${want?.result}`,
  );
}

console.log(
  problems === 0 ? "\nall examples behaved as expected" : `\n${problems} unexpected outcome(s)`,
);
process.exit(problems === 0 ? 0 : 1);
