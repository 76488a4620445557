import { defineConfig } from "tsup";
import { libraryBuild } from "../../tsup.base";

// `shims`: the CJS build resolves the stdio bridge (bin/stdio-bridge.mjs) from import.meta.url.
export default defineConfig({ ...libraryBuild, shims: true });
