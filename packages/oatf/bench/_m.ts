import { readFileSync } from "node:fs";
import { shardKey } from "../src/cli/shard-key.js";
const buf = readFileSync("/tmp/jobsfx/trace.jsonl");
console.log("MB", buf.length / 1e6);
for (let r = 0; r < 3; r++) {
  let t = performance.now();
  const text = new TextDecoder().decode(buf);
  const tDec = performance.now() - t; t = performance.now();
  const lines: string[] = []; let s = 0;
  for (;;) { const e = text.indexOf("\n", s); if (e < 0) break; lines.push(text.slice(s, e)); s = e + 1; }
  const tSplit = performance.now() - t; t = performance.now();
  let k = 0; for (const l of lines) k += shardKey(l).length;
  const tKey = performance.now() - t; t = performance.now();
  let p = 0; for (const l of lines) p += JSON.parse(l).session.length;
  const tParse = performance.now() - t;
  console.log({ tDec, tSplit, tKey, tParse, ok: k === p });
}
