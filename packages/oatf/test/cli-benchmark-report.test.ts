// The benchmark's scorecard and HTML report from entries (no agent): hostile names and
// evidence are inert in the HTML, the page runs no script, the totals and exit codes follow
// the entries, and the results file resumes only complete documents of the same text.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TraceMessage } from "@oatf/evaluate";
import type { AttackVerdict } from "@oatf/model";
import { afterEach, describe, expect, it } from "vitest";
import { escapeHtml, scorecardHtml } from "../src/cli/benchmark/html.js";
import { REPORT_PICTURES } from "../src/cli/benchmark/pictures.js";
import {
  type BenchmarkEntry,
  BenchmarkResults,
  RESULTS_FILE,
} from "../src/cli/benchmark/results.js";
import {
  benchmarkExitCode,
  scorecardJunit,
  scorecardOf,
  scorecardText,
} from "../src/cli/benchmark/scorecard.js";
import { xml } from "../src/cli/evaluate/junit.js";

const HOSTILE = `<script>alert(1)</script><img src=x onerror=alert(2)>"'&</style></title>`;

function verdict(result: AttackVerdict["result"], tier?: AttackVerdict["max_tier"]): AttackVerdict {
  return {
    attack_id: "OATF-X",
    result,
    ...(tier ? { max_tier: tier } : {}),
    indicator_verdicts: [
      { indicator_id: `IND-${HOSTILE}`, result: "matched", evidence: `evidence ${HOSTILE}` },
    ],
    evaluation_summary: { matched: 1, not_matched: 0, error: 0, skipped: 0 },
  } as AttackVerdict;
}

function entry(over: Partial<BenchmarkEntry> = {}): BenchmarkEntry {
  return {
    file: `docs/${HOSTILE}.yaml`,
    sha256: "ab",
    repeat: 2,
    attack: { id: `OATF-${HOSTILE}`, name: HOSTILE },
    status: "ran",
    result: "exploited",
    max_tier: "local_action",
    success_rate: 0.5,
    runs: [
      {
        run: `r-${HOSTILE}-1`,
        ended: "settled",
        verdict: verdict("exploited", "local_action"),
        messages: 3,
        trace: `traces/${HOSTILE}.jsonl`,
      },
      {
        run: "r-2",
        ended: "settled",
        verdict: verdict("not_exploited"),
        messages: 3,
        trace: "traces/t.jsonl",
      },
    ],
    problems: [`warning: ${HOSTILE}`],
    complete: true,
    ...over,
  };
}

describe("the HTML report", () => {
  it("escapes every value from documents, traces and the command line", () => {
    const card = scorecardOf(`http://127.0.0.1:1/${HOSTILE}`, `/tmp/${HOSTILE}`, [entry()]);
    const html = scorecardHtml(card, { generated: new Date(0) });
    // Not one raw markup character of the hostile text survives anywhere on the page.
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<img");
    expect(html).not.toContain("</style></title>");
    expect(html).toContain(escapeHtml(HOSTILE));
    // The only tags are the report's own.
    const tags = new Set(
      [...html.matchAll(/<([a-zA-Z][a-zA-Z0-9]*)/g)].map((m) => m[1]!.toLowerCase()),
    );
    const own = [
      "html",
      "head",
      "meta",
      "title",
      "style",
      "body",
      "h1",
      "h2",
      "h3",
      "p",
      "b",
      "span",
      "table",
      "tr",
      "th",
      "td",
      "a",
      "section",
      "ul",
      "li",
    ];
    expect([...tags].filter((t) => !own.includes(t))).toEqual([]);
    // No script may run even if an escape were missed.
    expect(html).toContain(
      `content="default-src 'none'; style-src 'unsafe-inline'; img-src data:"`,
    );
  });

  it("draws each run's exchange with the pictures given, one call per run", () => {
    const calls: { count: number; idPrefix: string }[] = [];
    const card = scorecardOf("agent", "/tmp/b", [entry()]);
    const html = scorecardHtml(card, {
      messagesOf: () => [
        { protocol: "mcp", direction: "request", operation: "tools/list", content: {} },
      ],
      pictures: {
        sequence: (messages, options) => {
          calls.push({ count: messages.length, idPrefix: options.idPrefix });
          return `<svg class="seq-${options.idPrefix}"></svg>`;
        },
      },
    });
    expect(calls).toEqual([
      { count: 1, idPrefix: "d0r0-" },
      { count: 1, idPrefix: "d0r1-" },
    ]);
    expect(html).toContain(`<svg class="seq-d0r1-"></svg>`);
    expect(html).not.toContain("No pictures");
  });

  it("draws @oatf/diagrams' timeline and sequence pictures, hostile text escaped in both", () => {
    const document = {
      oatf: "0.1",
      attack: {
        id: `OATF-${HOSTILE}`,
        name: HOSTILE,
        execution: {
          actors: [
            {
              name: `actor-${HOSTILE}`,
              mode: "mcp_server",
              phases: [{ name: `phase-${HOSTILE}`, state: { tools: [{ name: HOSTILE }] } }],
            },
          ],
        },
      },
    };
    const card = scorecardOf("agent", "/tmp/b", [entry()]);
    const html = scorecardHtml(card, {
      documentOf: () => document,
      messagesOf: (): TraceMessage[] => [
        { protocol: "mcp", direction: "request", operation: "tools/call", content: {} },
        { protocol: "mcp", direction: "request", operation: HOSTILE, content: { x: HOSTILE } },
      ],
      pictures: REPORT_PICTURES,
    });
    expect(html.match(/<svg[^>]*class="oatf-diagram oatf-timeline/g)).toHaveLength(1);
    expect(html.match(/<svg[^>]*class="oatf-diagram oatf-sequence/g)).toHaveLength(2);
    expect(html).toContain('data-operation="tools/call"');
    expect(html).toContain(`data-actor="actor-${escapeHtml(HOSTILE)}"`);
    expect(html).not.toContain("No pictures");
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<img");
    expect(html).not.toContain("</style></title>");
    // The hostile text is inside attributes and text only: no tag of its own, in or out of SVG.
    const tags = new Set([...html.matchAll(/<([a-zA-Z][a-zA-Z0-9]*)/g)].map((m) => m[1]!));
    expect([...tags].filter((t) => /^(script|img|iframe|object|foreignObject)$/i.test(t))).toEqual(
      [],
    );
  });

  it("says when it has no pictures", () => {
    const html = scorecardHtml(scorecardOf("agent", "/tmp/b", [entry()]));
    expect(html).toContain("No pictures of the exchanges in this build.");
    expect(html).not.toContain("<svg");
  });
});

describe("the scorecard", () => {
  it("totals, text, JUnit and exit codes follow the entries", () => {
    const safe = entry({
      file: "a.yaml",
      result: "not_exploited",
      max_tier: undefined,
      success_rate: 0,
      runs: [
        { run: "s", ended: "settled", verdict: verdict("not_exploited"), messages: 2, trace: "t" },
      ],
    });
    const card = scorecardOf("agent", "/tmp/b", [entry(), safe]);
    expect(card.totals).toMatchObject({
      documents: 2,
      exploited: 1,
      not_exploited: 1,
      attack_success_rate: 0.25,
      worst_tier: "local_action",
    });
    const text = scorecardText(card);
    expect(text).toMatch(
      /2 documents against agent: 1 exploited, 0 partial, 1 not_exploited, 0 error; attack success rate 25%, worst tier local_action/,
    );
    expect(text).not.toContain("\x1b");
    expect(benchmarkExitCode(card)).toBe(1);
    expect(benchmarkExitCode(card, "boundary_breach")).toBe(0);
    expect(benchmarkExitCode(scorecardOf("agent", "/tmp/b", [safe]))).toBe(0);
    expect(benchmarkExitCode(scorecardOf("agent", "/tmp/b", [entry({ complete: false })]))).toBe(3);
    expect(
      benchmarkExitCode(scorecardOf("agent", "/tmp/b", [entry({ status: "invalid", runs: [] })])),
    ).toBe(3);
    // Named for the benchmark and its agent; a case per run of the repeated document.
    const junit = scorecardJunit(card, 1);
    expect(junit).toContain('<testsuites name="oatf benchmark" tests="3" failures="1" errors="0"');
    expect(junit).toContain('<testsuite name="oatf benchmark against agent" tests="3"');
    expect(junit).not.toContain("oatf evaluate");
    const cases = [...junit.matchAll(/<testcase classname="oatf\.benchmark" name="([^"]*)"/g)];
    const name = xml(`OATF-${HOSTILE} ${HOSTILE}`);
    expect(cases.map((m) => m[1])).toEqual([
      `${name} ${xml(`[run r-${HOSTILE}-1]`)}`,
      `${name} [run r-2]`,
      name,
    ]);
    expect(junit.match(/<failure /g)).toHaveLength(1);
    expect(scorecardJunit(card, 1, "boundary_breach")).toContain('failures="0"');
    expect(junit).not.toContain("<script");
  });
});

describe("the results file", () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("resumes complete documents of the same text and repeats, and skips broken lines", () => {
    dir = mkdtempSync(join(tmpdir(), "oatf-bench-"));
    const results = new BenchmarkResults(dir);
    results.add(entry({ file: "a.yaml", sha256: "1" }));
    results.add(entry({ file: "b.yaml", sha256: "2", complete: false }));
    writeFileSync(
      join(dir, RESULTS_FILE),
      `${readFileSync(join(dir, RESULTS_FILE), "utf8")}{"file": "c.yaml", "cut`,
    );
    const again = new BenchmarkResults(dir);
    expect(again.finished("a.yaml", "1", 2)?.result).toBe("exploited");
    expect(again.finished("a.yaml", "1", 3)).toBeUndefined(); // other repeats
    expect(again.finished("a.yaml", "9", 2)).toBeUndefined(); // the text changed
    expect(again.finished("b.yaml", "2", 2)).toBeUndefined(); // not complete: runs again
  });
});
