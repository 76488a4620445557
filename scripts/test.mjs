// `pnpm test`: the unit suite (vitest) and then the conformance run, both always, each
// result printed at the end; exits non-zero when either failed. The former
// `vitest run && pnpm run conformance` never started conformance once a unit test failed,
// so a red run hid whether conformance still passed. Arguments go to vitest
// (`pnpm test packages/model`), the conformance run always covers the whole suite.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
// pnpm runs this script with npm_execpath set to itself; by hand, `pnpm` on PATH.
const { npm_execpath: pnpmPath } = process.env;
const pnpm = pnpmPath ? [process.execPath, pnpmPath] : ["pnpm"];

/** Runs one step with inherited output; its name, outcome and duration. */
function step(name, [command, ...args]) {
  const started = performance.now();
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit" });
  const seconds = Math.round((performance.now() - started) / 1000);
  const outcome =
    result.error !== undefined
      ? `could not start: ${result.error.message}`
      : result.status === 0
        ? "passed"
        : `FAILED (${result.signal ? `signal ${result.signal}` : `exit ${result.status}`})`;
  return { name, ok: result.status === 0, line: `${name}: ${outcome} in ${seconds} s` };
}

const steps = [
  step("unit tests (vitest run)", [...pnpm, "exec", "vitest", "run", ...process.argv.slice(2)]),
  step("conformance", [...pnpm, "run", "--silent", "conformance"]),
];
console.log(`\n${steps.map((s) => s.line).join("\n")}`);
process.exitCode = steps.every((s) => s.ok) ? 0 : 1;
