// The Node built-ins of the CLI's entry, taken with process.getBuiltinModule instead of an ES
// `import`. dist/cli.js is an ES module, and `import … from "node:fs"` there builds fs's ES
// facade, which reads every export: fs's lazy `promises` and stream classes, util's
// `parseArgs` and `MIMEType` then load some 30 internal modules (streams, readline, watchers)
// that `oatf validate` never uses. Node 20 before 20.16 has no getBuiltinModule: there
// CommonJS's require gives the same objects.
import type * as Fs from "node:fs";
import type * as Module from "node:module";
import type * as Os from "node:os";
import type * as Path from "node:path";
import type * as Url from "node:url";
import type * as Util from "node:util";
import type * as Vm from "node:vm";

interface Builtins {
  fs: typeof Fs;
  module: typeof Module;
  os: typeof Os;
  path: typeof Path;
  url: typeof Url;
  util: typeof Util;
  vm: typeof Vm;
}

const get: (id: string) => unknown =
  process.getBuiltinModule?.bind(process) ??
  (await import("node:module")).createRequire(import.meta.url);

/** Node's module `id`, as `require` would give it. */
export function builtin<Id extends keyof Builtins>(id: Id): Builtins[Id] {
  return get(id) as Builtins[Id];
}
