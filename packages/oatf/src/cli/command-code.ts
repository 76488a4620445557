// Each command's code, loaded only when that command runs. The built CLI replaces this module
// with ../cli-launcher/command-bundles.ts (tsup.config.ts), which loads the same modules from
// per-command CommonJS bundles through V8's code cache.
export const commandCode = {
  validate: () => import("./validate/command.js"),
  evaluate: () => import("./evaluate/command.js"),
  normalize: () => import("./normalize/command.js"),
  record: () => import("./record/command.js"),
  monitor: () => import("./monitor/command.js"),
  publish: () => import("./publish/command.js"),
  run: () => import("./run/command.js"),
  benchmark: () => import("./benchmark/command.js"),
  lsp: () => import("./lsp/command.js"),
  schema: () => import("./schema/command.js"),
};

export type CommandCode = typeof commandCode;

/**
 * Called just before a command runs (not for its help). The built CLI writes a command's
 * compile cache only after that (see ../cli-launcher/compile-cache.ts); from sources there is
 * no cache.
 */
export function commandRunning(): void {}
