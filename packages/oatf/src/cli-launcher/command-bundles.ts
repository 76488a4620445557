// The built CLI's ../cli/command-code.ts (tsup.config.ts swaps one for the other): each
// command's code comes from its own CommonJS bundle, dist/cli-<command>.cjs, loaded through
// V8's code cache. A command still loads only its own code.
import { join } from "node:path";
import type { CommandCode } from "../cli/command-code.js";
import { loadCommonJs } from "./compile-cache.js";

export { commandRunning } from "./compile-cache.js";

/** The commands with a bundle of their own; tsup.config.ts builds one per name. */
export const BUNDLED_COMMANDS = [
  "validate",
  "evaluate",
  "normalize",
  "record",
  "monitor",
  "publish",
  "run",
  "benchmark",
  "lsp",
  "schema",
] as const satisfies readonly (keyof CommandCode)[];

// __dirname: the built CLI is CommonJS (dist/cli.cjs), beside the bundles.
const bundle = (name: keyof CommandCode) => async () =>
  loadCommonJs(join(__dirname, `cli-${name}.cjs`));

export const commandCode = Object.fromEntries(
  BUNDLED_COMMANDS.map((name) => [name, bundle(name)]),
) as unknown as CommandCode;
