import { parse } from "oatf";
import { describe, expect, it } from "vitest";
import { mayUseCel } from "../src/may-use-cel.js";

/** Whether `text` parses to a document with an `expression` key (what CEL would be asked for). */
function hasExpressionKey(text: string): boolean {
  const parsed = parse(text);
  return parsed.ok && JSON.stringify(parsed.value).includes('"expression":');
}

const withIndicator = (indicator: string) =>
  `oatf: "0.1"\nattack:\n  execution: { mode: mcp_server, state: {} }\n  indicators:\n    - ${indicator}\n`;

describe("mayUseCel", () => {
  it("is false for a pattern-only document, so CEL is never downloaded for it", () => {
    const text = withIndicator('{ surface: tools/call, target: content, pattern: { regex: "a" } }');
    expect(parse(text).ok).toBe(true);
    expect(mayUseCel(text)).toBe(false);
  });

  it.each([
    ["plain", "surface: tools/call\n      target: content\n      expression: { cel: 'true' }"],
    ["in a flow mapping", "{ surface: tools/call, target: content, expression: { cel: 'true' } }"],
    ["double-quoted", '{ surface: tools/call, target: content, "expression": { cel: "true" } }'],
    [
      "with a hex escape",
      '{ surface: tools/call, target: content, "\\x65xpression": { cel: "1" } }',
    ],
    [
      "with a Unicode escape",
      '{ surface: tools/call, target: content, "\\u0065xpression": { cel: "1" } }',
    ],
  ])("is true for an expression key written %s", (_how, indicator) => {
    const text = withIndicator(indicator);
    expect(hasExpressionKey(text)).toBe(true);
    expect(mayUseCel(text)).toBe(true);
  });
});
