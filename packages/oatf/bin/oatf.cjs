#!/usr/bin/env node
// The `oatf` command: runs the built CLI (dist/cli.cjs). It is a file of its own, present
// before any build, so installing the workspace links every `oatf` bin without pnpm's
// "Failed to create bin" warnings (its target did not exist until `pnpm build`). CommonJS, as
// the CLI is: starting it needs no ES module loader.
const { existsSync } = require("node:fs");
const { join } = require("node:path");

const cli = join(__dirname, "../dist/cli.cjs");
if (existsSync(cli)) {
  require(cli);
} else {
  process.stderr.write("oatf: the CLI is not built yet: run `pnpm build` in the repository\n");
  process.exitCode = 3;
}
