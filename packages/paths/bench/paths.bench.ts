// Compiled `tools[*].description` over a 20-tool tools/list message, measured against a
// hand-written loop doing the same in the same run. Goal: at most 1.5x the loop.
import { compileWildcardPath, resolveWildcardPath } from "@oatf/paths";
import { Bench } from "tinybench";

const GOAL = 1.5;
const INNER = 1_000; // resolutions per sample, so timer overhead does not dominate

const message = {
  tools: Array.from({ length: 20 }, (_, i) => ({
    name: `tool_${i}`,
    description: `Tool number ${i}: does something useful with its input.`,
    inputSchema: { type: "object", properties: { q: { type: "string" } } },
  })),
};

// The same semantics as the path: own keys only, objects only, skip non-matching branches.
function handWritten(value: unknown): unknown[] {
  const out: unknown[] = [];
  if (typeof value !== "object" || value === null || Array.isArray(value)) return out;
  if (!Object.hasOwn(value, "tools")) return out;
  const tools = (value as { tools: unknown }).tools;
  if (!Array.isArray(tools)) return out;
  for (const tool of tools) {
    if (typeof tool !== "object" || tool === null || Array.isArray(tool)) continue;
    if (!Object.hasOwn(tool, "description")) continue;
    const description = (tool as { description: unknown }).description;
    if (description !== undefined) out.push(description);
  }
  return out;
}

const compiled = compileWildcardPath("tools[*].description");
if (!compiled.ok) throw new Error(compiled.error.message);
const path = compiled.value;

let sink = 0;

async function measure(): Promise<{ base: number; compiled: number; oneShot: number }> {
  const bench = new Bench({ time: 1_500, warmup: true });
  bench
    .add("hand-written loop", () => {
      for (let i = 0; i < INNER; i++) sink += handWritten(message).length;
    })
    .add("compiled", () => {
      for (let i = 0; i < INNER; i++) sink += path.resolve(message).length;
    })
    .add("one-shot", () => {
      for (let i = 0; i < INNER; i++) {
        sink += resolveWildcardPath("tools[*].description", message).length;
      }
    });
  await bench.run();
  // The median resists the noise of a shared machine better than the mean.
  const median = (name: string): number => {
    const result = bench.getTask(name)?.result;
    if (!result || !("latency" in result)) throw new Error(`no result for ${name}`);
    return result.latency.p50 ?? result.latency.mean;
  };
  return {
    base: median("hand-written loop"),
    compiled: median("compiled"),
    oneShot: median("one-shot"),
  };
}

const perCall = (ms: number) => `${((ms / INNER) * 1e6).toFixed(0)} ns/call`;
function report(label: string, r: { base: number; compiled: number; oneShot: number }): void {
  console.log(`${label}: hand-written loop ${perCall(r.base)}`);
  console.log(
    `  compiled tools[*].description vs hand-written loop: ${(r.compiled / r.base).toFixed(2)}x (goal <= ${GOAL}x), ${perCall(r.compiled)}`,
  );
  console.log(
    `  resolveWildcardPath (one-shot, cached) vs hand-written loop: ${(r.oneShot / r.base).toFixed(2)}x, ${perCall(r.oneShot)}`,
  );
}

report("only this path in use", await measure());

// Real evaluators resolve many different paths, which makes the engine's property
// lookup caches megamorphic. Measure again after exercising a variety of paths.
const others = ["a.b.c", "x[*].y", "arguments.command", "q[*].r[*].s", "params.name", "m[*]"];
const shapes = [{ a: { b: { c: 1 } } }, { x: [{ y: 1 }] }, { arguments: { command: "ls" } }];
for (const other of others) {
  const compiledOther = compileWildcardPath(other);
  if (!compiledOther.ok) continue;
  for (let i = 0; i < 20_000; i++) {
    for (const shape of shapes) sink += compiledOther.value.resolve(shape).length;
  }
}
report("after many other paths", await measure());
if (sink < 0) console.log(sink);
