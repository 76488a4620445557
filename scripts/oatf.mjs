// `pnpm -s oatf <args>` (the root script): runs the freshly built oatf CLI in the directory
// pnpm was started from (INIT_CWD), not the repository root pnpm runs scripts in, so paths
// on the command line mean what they mean in the caller's shell. With -s (--silent) pnpm
// prints no banner, so stdout is the CLI's alone (`--format sarif` is one JSON document).
// The build before it writes only to stderr.
// biome-ignore lint/suspicious/noUndeclaredEnvVars: pnpm sets it; this runs after turbo, not in a task
process.chdir(process.env.INIT_CWD || process.cwd());
await import("../packages/oatf/dist/cli.js");
