import * as o from "oatf";
const inputs = {
  oatf: ['{"protocol":"mcp"}\n{bad\n{"protocol":"mcp","direction":"x","operation":1,"content":{}}\n', "oatf"],
  jsonrpc: ['{"jsonrpc":"2.0","id":1,"result":{}}\n{"jsonrpc":"2.0","id":1,"method":"tools/call"}\n{"jsonrpc":"2.0","id":1,"method":"tools/call"}\n{nope\n', "jsonrpc"],
  ag_ui: ['data: {"type":"TOOL_CALL_ARGS","toolCallId":"x","delta":"{"}\n\ndata: {bad\n\n', "ag_ui"],
  har: ['{"log":{"version":"1.2","entries":[{"request":5}]}}', "har"],
  har2: ['{"log":', "har"],
  thoughtjack: ['{"seq":0,"actor":"default","direction":"Sideways","method":"x","content":{}}\n', "thoughtjack"],
  otlp: ['{"resourceSpans":[{"scopeSpans":[{"spans":[{"name":"tools/call","attributes":5}]}]}]}\n{x\n', "otlp"],
  detect: ['hello\nworld\n', undefined],
  empty: ['', undefined],
  binary: ['\u0000\u0001\uFFFD\n', undefined],
};
const bad = [];
for (const [k, [text, format]] of Object.entries(inputs)) {
  let recs;
  try { recs = o.readTraceText(text, format ? { format } : {}); } catch (e) { console.log(k, "THREW", e.message); continue; }
  for (const r of recs) if (r.kind === "diagnostic") {
    const d = r.diagnostic;
    const ok = ["error", "warning"].includes(d.severity) && typeof d.code === "string" && d.code === d.rule && typeof d.message === "string" && (d.path === undefined || typeof d.path === "string");
    console.log(k.padEnd(11), ok ? "ok " : "BAD", d.severity, d.code, JSON.stringify(d.path), d.range ? d.range.start.line + ":" + d.range.start.column : "-", d.message.slice(0, 90));
  }
}
