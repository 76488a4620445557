import * as o from "oatf";
const KINDS = ["syntax", "type_mismatch", "unknown_variant"];
const bad = [];
function chkDiag(src, d) {
  if (!["error", "warning"].includes(d.severity)) bad.push([src, "severity", d]);
  if (typeof d.code !== "string" || !d.code) bad.push([src, "code", d]);
  if (typeof d.message !== "string" || !d.message) bad.push([src, "message", d]);
  if (d.path !== undefined && typeof d.path !== "string") bad.push([src, "path", d]);
}
function chkParse(src, e, text) {
  chkDiag(src, e);
  if (!KINDS.includes(e.kind)) bad.push([src, "kind", e]);
  for (const f of ["line", "column"]) if (e[f] !== undefined && !(Number.isInteger(e[f]) && e[f] >= 1)) bad.push([src, f, e]);
  if (e.line !== undefined && text !== undefined) { const n = text.split(/\r\n|\n|\r/).length; if (e.line > n + 1) bad.push([src, "line past end", e]); }
  if (e.line === undefined && e.range === undefined) bad.push([src, "no line no range", e.code, e.message]);
}
function chkVal(src, e) {
  chkDiag(src, e);
  if (typeof e.rule !== "string") bad.push([src, "rule", e]);
  if (typeof e.spec_ref !== "string" || !e.spec_ref) bad.push([src, "spec_ref", e]);
  if (typeof e.path !== "string") bad.push([src, "path", e]);
  if (e.severity !== "error") bad.push([src, "ValidationError severity", e]);
}
const inputs = ["", " ", "null", "~", "[]", "42", '"x"', "oatf: 0.1", 'oatf: "0.1"', 'oatf: "0.2"\nattack: {}', "oatf: [unclosed", "a: b: c", "\t- x", 'oatf: "0.1"\noatf: "0.1"', "*x", "&a [*a]", "--- a\n--- b", 'oatf: "0.1"\nattack:\n  execution: 5', '{"oatf":"0.1","attack":{"execution":{"mode":"mcp_server","state":{}}}}', 'oatf: "0.1"\nattack:\n  execution:\n    mode: mcp_server\n    state: {}\n  indicators: 5', 'oatf: "0.1"\nattack:\n  execution:\n    mode: mcp_server\n    state: {}\n  indicators:\n    - target: x\n      pattern: {regex: "(?<=a)"}', 'oatf: "0.1"\nattack:\n  execution:\n    mode: mcp_server\n    state: {}\n  indicators:\n    - target: x\n      pattern: {contains: a}\n      expression: {cel: "true"}', "\uFEFFoatf: [", "oatf: \"0.1\"\r\nattack:\r\n  name: 5\r\n", "key: \"\\xZZ\"", "? [a]\n: b", "!!binary x: y", "a: !!int x", 'oatf: "0.1"\nattack:\n  severity: critical\n  execution:\n    mode: mcp_server\n    state: {}', 'oatf: "0.1"\nattack:\n  execution:\n    mode: mcp_server\n    phases: []', 'oatf: "0.1"\nattack:\n  execution:\n    actors: [{name: a, mode: mcp_server, phases: [{state: {}}]}, {name: a, mode: mcp_server, phases: [{state: {}}]}]', 'oatf: "0.1"\nattack:\n  id: X\n  grace_period: 5x\n  execution:\n    mode: mcp_server\n    state: {}'];
for (const text of inputs) {
  const p = o.parse(text);
  if (!p.ok) for (const e of p.error) chkParse("parse " + JSON.stringify(text), e, text);
  const v = o.validate(text);
  for (const e of v.errors) ("kind" in e ? chkParse("validate(text) " + JSON.stringify(text), e, text) : chkVal("validate(text) " + JSON.stringify(text), e));
  for (const w of v.warnings) { chkDiag("validate warn " + JSON.stringify(text), w); if (w.severity !== "warning") bad.push(["warn sev", w]); }
  if (p.ok) {
    const v2 = o.validate(p.value);
    for (const e of v2.errors) chkVal("validate(doc) " + JSON.stringify(text), e);
    const n = o.normalize(p.value);
  }
  const l = o.load(text);
  if (!l.ok) for (const e of l.error) ("kind" in e ? chkParse("load " + JSON.stringify(text), e, text) : chkVal("load " + JSON.stringify(text), e));
  for (const w of l.warnings ?? []) chkDiag("load warn", w);
  console.log(JSON.stringify(text).slice(0, 40).padEnd(42), p.ok ? "parsed" : p.error.map(e => `${e.code}/${e.kind}@${e.line}:${e.column}`).join(","), "|", v.errors.map(e => e.code + (e.kind ? "/" + e.kind : "")).join(","), "|", l.ok ? "ok" : l.error.map(e => e.code).join(","));
}
console.log(JSON.stringify(bad, null, 1).slice(0, 5000));
