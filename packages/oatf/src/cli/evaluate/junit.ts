// JUnit XML for `oatf evaluate --format junit` (issue 14 §3): one test case per document;
// `exploited`/`partial` (at or above --fail-on-tier) are failures carrying the evidence,
// `error` (or an unusable document) is an error. The format every CI system displays.
// `oatf run` and `oatf benchmark` write the same cases under a suite named for themselves.
import type { AttackVerdict } from "@oatf/model";

export interface JunitCase {
  file: string;
  name: string;
  verdict?: AttackVerdict;
  /** Why there is no verdict (unreadable or invalid document). */
  problem?: string;
  failed: boolean;
  /** Indicators whose target never resolved (issue 22 §5): the test case's system-out. */
  warnings?: readonly string[];
}

// XML 1.0 cannot carry most control characters even escaped: they are shown as \xNN.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffe\uffff]/g;

export function xml(text: string): string {
  return String(text)
    .replace(NOT_XML, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

function details(v: AttackVerdict, results: readonly string[] = ["matched", "error"]): string {
  return v.indicator_verdicts
    .filter((i) => results.includes(i.result))
    .map((i) => `${i.indicator_id} ${i.result}: ${i.evidence ?? ""}`)
    .join("\n");
}

// After <error>/<failure>, as the JUnit schema orders a test case's children.
function systemOut(c: JunitCase): string {
  if (c.warnings === undefined || c.warnings.length === 0) return "";
  const text = c.warnings.map((w) => `warning: ${w}`).join("\n");
  return `\n      <system-out>${xml(text)}</system-out>`;
}

/** Who wrote the report: `oatf evaluate` unless said (`oatf run`, `oatf benchmark`). */
export interface JunitSuite {
  /** The `<testsuites>` name, and the test cases' class name with dots (`oatf.run`). */
  command: string;
  /** The `<testsuite>` name when it says more than the command (the benchmarked agent). */
  name?: string;
}

function testcase(c: JunitCase, classname: string): string {
  const open = `    <testcase classname="${xml(classname)}" name="${xml(c.name)}" file="${xml(c.file)}"`;
  const v = c.verdict;
  const out = systemOut(c);
  if (v === undefined || v.result === "error") {
    // An error with no indicator in error: every indicator was skipped (format §9.2), say why.
    const why = c.problem ?? (details(v!) || details(v!, ["skipped"]));
    return `${open}>\n      <error message="error" type="error">${xml(why)}</error>${out}\n    </testcase>`;
  }
  if (!c.failed) return out === "" ? `${open}/>` : `${open}>${out}\n    </testcase>`;
  const tier = v.max_tier ? ` (max_tier: ${v.max_tier})` : "";
  return `${open}>\n      <failure message="${xml(v.result + tier)}" type="${v.result}">${xml(details(v))}</failure>${out}\n    </testcase>`;
}

export function toJunit(
  cases: readonly JunitCase[],
  seconds: number,
  suite: JunitSuite = { command: "oatf evaluate" },
): string {
  const errors = cases.filter(
    (c) => c.verdict === undefined || c.verdict.result === "error",
  ).length;
  const failures = cases.filter(
    (c) => c.verdict?.result !== "error" && c.verdict && c.failed,
  ).length;
  const counts = `tests="${cases.length}" failures="${failures}" errors="${errors}" time="${seconds.toFixed(3)}"`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${xml(suite.command)}" ${counts}>`,
    `  <testsuite name="${xml(suite.name ?? suite.command)}" ${counts}>`,
    ...cases.map((c) => testcase(c, suite.command.replace(/ /g, "."))),
    "  </testsuite>",
    "</testsuites>",
    "",
  ].join("\n");
}
