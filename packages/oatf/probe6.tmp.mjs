import * as o from "oatf";
import { readFileSync } from "node:fs";
const doc = o.parse(readFileSync("/tmp/r10/tier4.yaml", "utf8")).value;
const msgs = readFileSync("/tmp/r10/tier4.jsonl", "utf8").trim().split("\n").map((l) => JSON.parse(l));
const v = o.evaluateTrace(doc, msgs);
console.log(v.result, v.max_tier, v.run, v.runs.map((r) => [r.run, r.result, r.max_tier]));
const rev = o.evaluateTrace(doc, [...msgs].reverse());
console.log(rev.result, rev.max_tier, rev.run);
