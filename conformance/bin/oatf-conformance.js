#!/usr/bin/env node
// The conformance runner's bin: the built src/cli.ts (run `pnpm conformance` to build first).
import { main } from "../dist/cli.js";

process.exitCode = await main({
  argv: process.argv.slice(2),
  env: process.env,
  cwd: process.cwd(),
  stdout: process.stdout,
  stderr: process.stderr,
});
