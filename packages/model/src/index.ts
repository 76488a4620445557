export * from "./diagnostics.js";
export * from "./extension-points.js";
export * from "./result.js";
export * from "./source-info.js";
export * from "./types.js";
