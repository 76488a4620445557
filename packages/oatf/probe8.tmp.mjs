import * as o from "oatf";
const m = { a: "yes", l: [1, 2] };
for (const cel of ['contains(message.a, "y")', 'startsWith(message.a, "y")', 'message.a.int() == 1', 'message.a.timestamp() == 1', 'has(message.a, message.l)', 'message.l.exists(1, true)', 'message.l.exists(x.y, true)', 'exists(message.l, x, true)', 'size(message.a) == 3', 'message.a.size(1) == 3', 'matches(message.a, "y")', 'message.a.contains("y", "z")', 'message.l.map(x, x > 1, x).size() == 1', 'message.l.map(x).size() == 1', 'dyn(message.a, 1) == 1', 'message.a.dyn() == 1']) {
  const r = o.evaluateExpression({ cel }, m);
  const v = o.validate(`oatf: "0.1"\nattack:\n  execution:\n    mode: mcp_server\n    state: {}\n  indicators:\n    - target: x\n      expression:\n        cel: '${cel.replace(/'/g, "''")}'\n`);
  console.log(cel.padEnd(45), JSON.stringify(r).slice(0, 120), "|", [...v.errors, ...v.warnings].map(d => d.code + ":" + d.message.slice(0, 70)).join("; "));
}
