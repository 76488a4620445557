import * as o from "oatf";
const ind = (extra) => ({ id: "SEM-001-01", protocol: "mcp", surface: "tools/call", target: "arguments", ...extra });
const sem = ind({ semantic: { target: "arguments", intent: "exfiltrate" } });
const msg = { arguments: { a: "hello" } };
const evs = {
  none: undefined,
  errs: { evaluate: () => ({ ok: false, error: { kind: "semantic_error", message: "model down" } }) },
  throws: { evaluate: () => { throw new Error("boom"); } },
  nan: { evaluate: () => ({ ok: true, value: NaN }) },
  two: { evaluate: () => ({ ok: true, value: 2 }) },
  str: { evaluate: () => ({ ok: true, value: "0.9" }) },
  undef: { evaluate: () => undefined },
  high: { evaluate: () => ({ ok: true, value: 0.9 }) },
};
for (const [k, ev] of Object.entries(evs)) {
  let v; try { v = o.evaluateIndicator(sem, msg, { semantic: ev }); } catch (e) { v = "THREW " + e; }
  console.log(k, JSON.stringify(v));
}
// CEL evaluator that throws / returns garbage
const celInd = ind({ expression: { cel: "true" } });
for (const [k, ev] of Object.entries({ throws: { evaluate: () => { throw new Error("x"); } }, garbage: { evaluate: () => 5 }, okstr: { evaluate: () => ({ ok: true, value: "yes" }) } })) {
  let v; try { v = o.evaluateIndicator(celInd, msg, { cel: ev }); } catch (e) { v = "THREW " + e; }
  let e2; try { e2 = o.evaluateExpression({ cel: "true" }, msg, ev); } catch (e) { e2 = "THREW " + e; }
  console.log("cel", k, JSON.stringify(v), JSON.stringify(e2));
}
console.log(JSON.stringify(o.evaluateIndicator(celInd, msg)));
console.log(JSON.stringify(o.evaluateIndicator(ind({ pattern: { regex: "a{1000000}" } }), msg)));
console.log(JSON.stringify(o.evaluateIndicator(ind({}), msg)));
console.log(JSON.stringify(o.evaluateIndicator(ind({ expression: { cel: "message.nope" } }), msg)));
console.log(JSON.stringify(o.evaluateExpression({ cel: "message.nope" }, msg)));
console.log(JSON.stringify(o.evaluateExpression({ cel: "1 / 0 == 1" }, msg)));
console.log(JSON.stringify(o.evaluateExpression({ cel: "(" }, msg)));
console.log(JSON.stringify(o.evaluatePattern({ target: "arguments.a", regex: "(" }, msg)));
console.log(JSON.stringify(o.evaluatePattern({ target: "arguments.a", gt: 5 }, msg)));
console.log(JSON.stringify(o.evaluatePattern({ target: "arguments..a", contains: "h" }, msg)));
