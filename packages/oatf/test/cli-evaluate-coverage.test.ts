// `oatf evaluate` shows indicator coverage (issue 22 §5): an indicator whose target never
// resolved in its eligible messages is a warning in text, JSON and JUnit output.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCaptured } from "./cli-capture.js";

const dir = mkdtempSync(join(tmpdir(), "oatf-coverage-"));
const doc = join(dir, "blind.yaml");
writeFileSync(
  doc,
  `oatf: "0.1"
attack:
  id: BLIND-001
  execution:
    mode: mcp_server
    state:
      tools: []
  indicators:
    - surface: tools/call
      direction: response
      target: response.content
      pattern: { contains: "<PRIVATE & KEY>" }
    - surface: tools/call
      direction: response
      target: "content[*].text"
      pattern: { contains: "PRIVATE KEY" }
`,
);
const other = join(dir, "other.yaml");
writeFileSync(
  other,
  `oatf: "0.1"
attack:
  id: OTHER-001
  execution:
    mode: mcp_server
    state:
      tools: []
  indicators:
    - surface: tools/call
      direction: response
      target: "content[*].text"
      pattern: { contains: "nothing" }
`,
);
const message = JSON.stringify({
  protocol: "mcp",
  direction: "response",
  operation: "tools/call",
  content: { content: [{ type: "text", text: "ok" }] },
});
const trace = join(dir, "trace.jsonl");
writeFileSync(trace, `${[message, message, message].join("\n")}\n`);

const WARNING =
  "indicator BLIND-001-01: target response.content never resolved in 3 eligible messages";

const evaluate = (args: string[]) => runCaptured(["evaluate", ...args, "--trace", trace], dir);

// Well-formed XML, checked by hand (no XML parser in the workspace): balanced tags, quoted
// attributes, and no raw `<` or bare `&` in text or attribute values.
function wellFormed(xmlText: string): boolean {
  const body = xmlText.replace(/^<\?xml[^?]*\?>\s*/, "");
  const stack: string[] = [];
  const tag = /<(\/?)([A-Za-z][\w.-]*)((?:\s+[\w.-]+="[^"<]*")*)\s*(\/?)>/g;
  let last = 0;
  for (const m of body.matchAll(tag)) {
    const text = body.slice(last, m.index);
    if (/[<>]|&(?!(amp|lt|gt|quot|apos);)/.test(text)) return false;
    if (/&(?!(amp|lt|gt|quot|apos);)/.test(m[3] ?? "")) return false;
    last = m.index + m[0].length;
    if (m[1] === "/") {
      if (stack.pop() !== m[2]) return false;
    } else if (m[4] !== "/") stack.push(m[2]!);
  }
  return stack.length === 0 && body.slice(last).trim() === "";
}

describe("oatf evaluate: coverage warnings", () => {
  it("text: the warning is on stderr, naming document, indicator, target and count", async () => {
    const r = await evaluate([doc]);
    expect(r.stderr).toContain(`oatf evaluate: ${doc}: warning: ${WARNING}\n`);
    expect(r.stdout).not.toContain("warning"); // stdout holds the verdicts
    expect(r.stderr).not.toContain("BLIND-001-02: target"); // it resolved: no warning
    expect(r.code).toBe(0); // a warning, not a failure: the verdict is unchanged
  });

  it("with several documents, in every format: the warning names the document", async () => {
    for (const format of ["text", "json", "junit"]) {
      const r = await evaluate([doc, other, "--format", format]);
      expect(r.stderr).toContain(`oatf evaluate: ${doc}: warning: ${WARNING}\n`);
      expect(r.stderr.match(/warning:/g)).toHaveLength(1);
    }
  });

  it("json: each verdict carries per-indicator coverage with the warning", async () => {
    const one = JSON.parse((await evaluate([doc, "--format", "json"])).stdout);
    expect(one.coverage).toEqual([
      {
        indicator_id: "BLIND-001-01",
        targets: ["response.content"],
        eligible: 3,
        resolved: 0,
        warning: WARNING,
      },
      { indicator_id: "BLIND-001-02", targets: ["content[*].text"], eligible: 3, resolved: 3 },
    ]);
    expect(one.indicator_verdicts.map((v: { result: string }) => v.result)).toEqual([
      "not_matched",
      "not_matched",
    ]);
    const many = JSON.parse((await evaluate([doc, other, "--format", "json"])).stdout);
    expect(many[1].verdict.coverage).toEqual([
      { indicator_id: "OTHER-001-01", targets: ["content[*].text"], eligible: 3, resolved: 3 },
    ]);
  });

  it("junit: the warning is the test case's system-out, and the XML stays well-formed", async () => {
    const r = await evaluate([doc, other, "--format", "junit"]);
    expect(wellFormed(r.stdout)).toBe(true);
    expect(r.stdout).toContain(`<system-out>warning: ${WARNING}</system-out>`);
    expect(r.stdout.match(/<system-out>/g)).toHaveLength(1);
    expect(r.stdout).toMatch(/<testcase [^>]*name="OTHER-001"[^>]*\/>/);
  });

  it("the well-formedness check rejects broken XML", () => {
    expect(wellFormed("<a><b></a></b>")).toBe(false);
    expect(wellFormed("<a>x < y</a>")).toBe(false);
    expect(wellFormed("<a>R & D</a>")).toBe(false);
    expect(wellFormed('<a n="1"><b/>R &amp; D</a>')).toBe(true);
  });
});
