#!/usr/bin/env node
// The scripted agent as a program (see src/cli.ts). This private package is never built: its
// TypeScript sources run through tsx.
import { register } from "tsx/esm/api";

register();
const { main } = await import("../src/cli.ts");
const result = await main(process.argv.slice(2), process.env);
if (typeof result === "number") process.exit(result);
const stop = async () => {
  await result();
  process.exit(0);
};
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
