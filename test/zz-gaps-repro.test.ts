import { readdirSync, readFileSync } from "node:fs";
import { normalize, parse, serialize, validate } from "oatf";
import { it } from "vitest";
it("repro", () => {
  const texts = readdirSync("examples").filter((n) => n.endsWith(".yaml")).map((n) => readFileSync(`examples/${n}`, "utf8"));
  const M = JSON.parse(process.env.M!);
  const doc = parse(texts[M[0]]!) as any;
  const copy = structuredClone(doc.value);
  for (const m of M[1]) {
    const slots: any[] = []; const stack: unknown[] = [copy]; const seen = new Set();
    while (stack.length) { const node = stack.pop() as any; if (typeof node !== "object" || node === null || seen.has(node)) continue; seen.add(node);
      if (Array.isArray(node)) node.forEach((c, k) => { slots.push({ parent: node, key: k }); stack.push(c); });
      else for (const [k, c] of Object.entries(node)) { slots.push({ parent: node, key: k }); stack.push(c); } }
    const { parent, key } = slots[m.at % slots.length];
    console.log(m.kind, key, JSON.stringify(parent[key]).slice(0, 100));
    if (m.kind === "delete") { if (Array.isArray(parent)) parent.splice(key, 1); else delete parent[key]; }
    else if (m.kind === "wrap") parent[key] = m.inArray ? [parent[key]] : { wrapped: parent[key] };
    else if (m.kind === "set") parent[key] = m.value;
  }
  console.log(JSON.stringify(validate(copy).errors));
  const text = serialize(normalize(copy));
  console.log(JSON.stringify((parse(text) as any).error ?? "ok").slice(0, 600));
});
