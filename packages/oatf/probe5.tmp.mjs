import * as o from "oatf";
const head = `oatf: "0.1"\nattack:\n  execution:\n    mode: mcp_server\n    state: {}\n  indicators:\n    - target: x\n      expression:\n`;
const cases = {
  folded: `        cel: >\n          message.tools.exists(t,\n            size(t.description) > 500 &&\n            t.description.contains("IMPORTANT:") &&& true)\n`,
  literal: `        cel: |\n          message.tools.exists(t,\n            size(t.description) > 500 &&\n            t.description.contains("IMPORTANT:") &&& true)\n`,
  plainMulti: `        cel: message.tools.exists(t,\n          size(t.description) > 500 &&\n          t.description.contains("x") &&& true)\n`,
  dq: `        cel: "message.a == \\"\\u00e9\\" &&& true"\n`,
  sq: `        cel: 'message.a == ''x'' &&& true'\n`,
  flow: `        {cel: "message.a &&& true"}\n`,
  unicode: `        cel: "message.a == 'éé😀' &&& true"\n`,
  dqMulti: `        cel: "message.tools.exists(t,\n          t.x) &&& true"\n`,
};
for (const [k, tail] of Object.entries(cases)) {
  const text = head + tail;
  const v = o.validate(text);
  const d = [...v.errors, ...v.warnings].find((e) => e.code === "V-014");
  if (!d) { console.log(k, "NO V-014", JSON.stringify([...v.errors, ...v.warnings].map(e=>e.code+e.message))); continue; }
  const s = d.range?.start;
  const lineText = text.split("\n")[s.line - 1];
  console.log(k.padEnd(10), d.message, "|", s.line + ":" + s.column, JSON.stringify(lineText.slice(s.column - 1, s.column + 4)), "offset->", JSON.stringify(text.slice(s.offset, s.offset + 4)));
}
