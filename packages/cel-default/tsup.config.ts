import { defineConfig } from "tsup";
import { libraryBuild } from "../../tsup.base";
import { bundleAliases } from "./bundle-aliases";

export default defineConfig({
  ...libraryBuild,
  // index.ts is the Node entry (with isolated mode), browser.ts the one for everything else
  // (package.json's `node` export condition); worker.ts is the entry of the isolated mode's
  // worker thread (src/isolated.ts).
  entry: ["src/index.ts", "src/browser.ts", "src/worker.ts"],
  // @bufbuild/cel is bundled so that its import of @bufbuild/re2 can be aliased to re2js.
  // @bufbuild/protobuf is bundled too: a page's bundler wraps a chunk it loads on demand
  // (`oatf` imports this package with `import()`) module by module, and keeps whole
  // namespaces for protobuf's `export *` entry points (codegenv2's symbol table, wkt's unused
  // file descriptors); bundled here, only what CEL reaches is left, in one module (-7.6 kB in
  // "oatf: everything with the CEL chunk", esbuild metafile).
  noExternal: ["@bufbuild/cel", "@bufbuild/cel-spec", /^@bufbuild\/protobuf(\/|$)/],
  esbuildOptions(options) {
    options.alias = { ...options.alias, ...bundleAliases };
  },
  // import.meta.url locates the worker file from the CommonJS build too.
  shims: true,
  dts: { entry: ["src/index.ts", "src/browser.ts"] },
});
