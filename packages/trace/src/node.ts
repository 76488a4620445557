// @oatf/trace/node: the writers' file sinks and the byte-line cutter of `oatf record`, which
// need Node (node:fs, Buffer). Everything else is on the browser-safe main entry.
export { HarFile } from "./node/har-file.js";
export { JsonlFile } from "./node/jsonl-file.js";
export { LineCutter } from "./node/line-cutter.js";
