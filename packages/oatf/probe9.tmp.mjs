import * as o from "oatf";
const base = (attackExtra, indicatorExtra = "", phaseExtra = "") => `oatf: "0.1"
attack:
  id: ENUM-001
${attackExtra}  execution:
    mode: mcp_server
    phases:
      - name: p1
        state:
          tools: [{name: t, description: d, inputSchema: {type: object}}]
${phaseExtra}        trigger: {event: tools/call}
      - name: p2
  indicators:
    - target: arguments
      surface: tools/call
      pattern: {contains: x}
${indicatorExtra}`;
const cases = {
  severity: [`  severity: {level: extreme}\n`],
  severityStr: [`  severity: extreme\n`],
  impact: [`  impact: [bad_thing]\n`],
  category: [`  classification: {category: nope}\n`],
  status: [`  status: nope\n`],
  logic: [`  correlation: {logic: some}\n`],
  relationship: [`  classification: {mappings: [{framework: atlas, id: X, relationship: cousin}]}\n`],
  framework: [`  classification: {mappings: [{framework: madeup, id: X}]}\n`],
  direction: ["", `      direction: sideways\n`],
  method: ["", `      method: magic\n`],
  tier: ["", `      tier: huge\n`],
  intent: ["", "", ""],
  extractorSource: ["", "", `        extractors: [{name: e, source: middle, type: json_path, selector: "$.a"}]\n`],
  extractorType: ["", "", `        extractors: [{name: e, source: request, type: xpath, selector: "$.a"}]\n`],
  logLevel: ["", "", `        on_enter: [{log: {message: m, level: loud}}]\n`],
};
for (const [k, [a, i = "", p = ""]] of Object.entries(cases)) {
  let text = base(a, i, p);
  if (k === "intent") text = text.replace("pattern: {contains: x}", "semantic: {intent: x, intent_class: weird}");
  const r = o.parse(text);
  const v = o.validate(text);
  console.log(k.padEnd(16), r.ok ? "PARSED" : r.error.map((e) => `${e.code}/${e.kind}@${e.path}`).join(","), "|", v.errors.map((e) => e.code + (e.kind ? "/" + e.kind : "")).join(","), "|", v.warnings.map((e) => e.code).join(","));
}
