#!/usr/bin/env node
// The `oatf` command: loads the built CLI (dist/cli.js). It is a file of its own, present
// before any build, so installing the workspace links every `oatf` bin without pnpm's
// "Failed to create bin" warnings (its target did not exist until `pnpm build`).
import { existsSync } from "node:fs";

const cli = new URL("../dist/cli.js", import.meta.url);
if (existsSync(cli)) {
  await import(cli.href);
} else {
  process.stderr.write("oatf: the CLI is not built yet: run `pnpm build` in the repository\n");
  process.exitCode = 3;
}
