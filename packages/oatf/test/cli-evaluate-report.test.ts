// `oatf evaluate` without a process (issue 26 item 4): the run over in-memory documents and
// trace chunks, the exit code policy, and each renderer (text, json, junit) called directly.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  type EvaluateOptions,
  type EvaluateProgress,
  evaluateExitCode,
  renderEvaluate,
  renderProgress,
  runEvaluate,
  type TraceInput,
} from "../src/cli/evaluate/report.js";
import { runCli } from "../src/cli/main.js";
import { MAX_REPORTED } from "../src/cli/shared/trace-problems.js";
import { memoryInputs, text } from "./memory-inputs.js";

const doc = (id: string, contains: string) => `oatf: "0.1"
attack:
  id: ${id}
  name: "Attack ${id}"
  execution:
    mode: mcp_server
    state:
      tools: []
  indicators:
    - surface: tools/call
      direction: response
      target: "content[*].text"
      pattern: { contains: "${contains}" }
`;
const SECRET = doc("SECRET-001", "PRIVATE KEY");
const QUIET = doc("QUIET-001", "nothing");
const INVALID = `oatf: "0.1"\nattack:\n  severity: extreme\n  execution:\n    mode: mcp_server\n    state:\n      tools: []\n`;
const message = (text: string) =>
  JSON.stringify({
    protocol: "mcp",
    direction: "response",
    operation: "tools/call",
    content: { content: [{ type: "text", text }] },
  });

const documents = memoryInputs;

/** A trace of in-memory chunks; records whether it was opened and closed. */
function trace(chunks: string[], file = "trace.jsonl") {
  const state = { opened: false, closed: false };
  async function* source() {
    yield* chunks;
  }
  const input: TraceInput = {
    file,
    open: () => {
      state.opened = true;
      return { ok: true, source: source(), close: () => (state.closed = true) };
    },
  };
  return { input, state };
}

async function run(
  files: Record<string, string>,
  lines: string[],
  options: EvaluateOptions = {},
  onProgress?: (e: EvaluateProgress) => void,
) {
  const inputs = Object.fromEntries(Object.entries(files).map(([f, t]) => [f, text(t)]));
  return runEvaluate(documents(inputs).list, trace([lines.join("\n")]).input, options, onProgress);
}

describe("runEvaluate", () => {
  it("evaluates each valid document over the whole trace, after every indicator is decided too", async () => {
    const report = await run({ "secret.yaml": SECRET }, [
      message("ok"),
      message("-----BEGIN PRIVATE KEY-----"),
      message("never read"),
    ]);
    const [entry] = report.documents;
    expect(entry).toMatchObject({ file: "secret.yaml", name: "Attack SECRET-001" });
    expect(entry!.verdict).toMatchObject({ attack_id: "SECRET-001", result: "exploited" });
    expect(Object.keys(entry!.verdict!).slice(0, 2)).toEqual(["attack_id", "result"]);
    expect(report.messages).toBe(3);
    expect(evaluateExitCode(report)).toBe(1);
  });

  it("keeps an invalid document, with its text and errors, beside the valid ones", async () => {
    const report = await run({ "bad.yaml": INVALID, "quiet.yaml": QUIET }, [message("ok")]);
    expect(report.documents[0]!.invalid?.source).toBe(INVALID);
    expect(report.documents[0]!.invalid?.diagnostics.length).toBeGreaterThan(0);
    expect(report.documents[0]!.verdict).toBeUndefined();
    expect(report.documents[1]!.verdict?.result).toBe("not_exploited");
    expect(evaluateExitCode(report)).toBe(3);
  });

  it("stops at a document it cannot read, without reading further or opening the trace", async () => {
    const docs = documents({
      "a.yaml": text(QUIET),
      "gone.yaml": { ok: false, reason: "no such file" },
      "b.yaml": text(QUIET),
    });
    const t = trace([message("ok")]);
    const report = await runEvaluate(docs.list, t.input);
    expect(docs.read).toEqual(["a.yaml", "gone.yaml"]);
    expect(report.unreadable).toEqual({ file: "gone.yaml", reason: "no such file" });
    expect(t.state.opened).toBe(false);
    expect(evaluateExitCode(report)).toBe(2);
    expect(renderEvaluate(report, "text")).toEqual({
      stdout: "",
      stderr: "oatf evaluate: cannot read gone.yaml: no such file\n",
    });
  });

  it("a trace it cannot open is a usage error; an opened trace is closed", async () => {
    const refused: TraceInput = {
      file: "/dev/zero",
      open: () => ({ ok: false, reason: "is a device" }),
    };
    const report = await runEvaluate(documents({ "a.yaml": text(QUIET) }).list, refused);
    expect(report.unreadable).toEqual({ file: "/dev/zero", reason: "is a device" });
    expect(evaluateExitCode(report)).toBe(2);
    const t = trace([message("ok")]);
    await runEvaluate(documents({ "a.yaml": text(QUIET) }).list, t.input);
    expect(t.state).toEqual({ opened: true, closed: true });
  });

  it("counts trace problems, reports only the first MAX_REPORTED through the progress callback", async () => {
    const events: EvaluateProgress[] = [];
    const junk = Array.from({ length: MAX_REPORTED + 3 }, (_, i) => `{not json ${i}`);
    const report = await run({ "q.yaml": QUIET }, [message("ok"), ...junk], {}, (e) =>
      events.push(e),
    );
    expect(report.problems.total).toBe(MAX_REPORTED + 3);
    expect(report.problems.errors).toBe(MAX_REPORTED + 3);
    expect(report.problems.shown).toHaveLength(MAX_REPORTED);
    expect(events.filter((e) => e.kind === "problem")).toHaveLength(MAX_REPORTED);
    expect(events).toContainEqual({ kind: "messages", count: 1 });
    expect(evaluateExitCode(report)).toBe(3);
    const { stderr } = renderEvaluate(report, "text");
    expect(
      stderr.split("\n").filter((l) => l.startsWith("oatf evaluate: trace.jsonl:2: ")),
    ).toHaveLength(1);
    expect(stderr).toContain(`oatf evaluate: trace.jsonl: 3 more problems not shown\n`);
    // The command prints the shown ones as they are read: the renderer then leaves them out.
    const printed = renderEvaluate(report, "text", { streamed: true }).stderr;
    expect(printed).not.toContain("trace.jsonl:2:");
    expect(printed).toContain("3 more problems not shown");
  });

  it("a trace that fails while read makes undecided indicators errors", async () => {
    async function* failing() {
      yield `${message("ok")}\n`;
      throw new Error("connection reset");
    }
    const broken: TraceInput = {
      file: "-",
      open: () => ({ ok: true, source: failing(), close: () => {} }),
    };
    const report = await runEvaluate(documents({ "q.yaml": text(QUIET) }).list, broken);
    const verdict = report.documents[0]!.verdict!;
    expect(verdict.result).toBe("error");
    expect(verdict.indicator_verdicts[0]!.evidence).toBe(
      "the trace could not be read: connection reset",
    );
    expect(report.problems.errors).toBe(1);
    expect(evaluateExitCode(report)).toBe(3);
  });
});

describe("evaluateExitCode", () => {
  it("an empty trace or uncorrelated messages fail unless accepted; --fail-on-tier gates 1", async () => {
    expect(evaluateExitCode(await run({ "q.yaml": QUIET }, []))).toBe(3);
    expect(evaluateExitCode(await run({ "q.yaml": QUIET }, [], { allowEmptyTrace: true }))).toBe(0);
    const exploited = [message("PRIVATE KEY")];
    expect(evaluateExitCode(await run({ "s.yaml": SECRET }, exploited))).toBe(1);
    const report = await run({ "s.yaml": SECRET }, exploited, { failOnTier: "boundary_breach" });
    expect(report.documents[0]!.verdict!.result).toBe("exploited");
    expect(evaluateExitCode(report)).toBe(0);
    const uncorrelated = { ...report, problems: { ...report.problems, unattributed: 1 } };
    expect(evaluateExitCode(uncorrelated)).toBe(3);
    expect(evaluateExitCode({ ...uncorrelated, options: { allowUncorrelated: true } })).toBe(1);
    expect(evaluateExitCode({ ...report, unmatched: ["*.yaml"] })).toBe(2);
    const fatal = { ...report, problems: { ...report.problems, fatal: true } };
    expect(evaluateExitCode(fatal)).toBe(3);
  });
});

describe("renderEvaluate", () => {
  const lines = [message("ok"), message("PRIVATE KEY")];

  it("text: one document's indicators; several, a table and totals", async () => {
    const one = renderEvaluate(await run({ "s.yaml": SECRET }, lines), "text");
    expect(one.stderr).toBe("");
    expect(one.stdout).toMatch(
      /^SECRET-001 "Attack SECRET-001": exploited( \(max_tier: \w+\))? over 2 trace messages\n {2}matched {5}SECRET-001-01 {2}.+\n {2}1 matched, 0 not_matched, 0 error, 0 skipped\n$/,
    );
    const many = renderEvaluate(
      await run({ "s.yaml": SECRET, "q.yaml": QUIET, "bad.yaml": INVALID }, lines),
      "text",
    );
    const out = many.stdout.split("\n");
    expect(out[0]).toBe("DOCUMENT  RESULT         MAX_TIER  MATCHED");
    expect(out[3]).toBe("bad.yaml  invalid        -         -");
    expect(out).toContain(
      "3 documents over 2 trace messages: 1 exploited, 0 partial, 1 not_exploited, 0 error, 1 invalid; 1 failing",
    );
    expect(many.stderr).toMatch(
      /^oatf evaluate: bad\.yaml is not a valid OATF document \(1 error\)\n/,
    );
  });

  it("json: one verdict, or one per document (null when invalid), each with coverage", async () => {
    const one = JSON.parse(renderEvaluate(await run({ "s.yaml": SECRET }, lines), "json").stdout);
    expect(one).toMatchObject({ attack_id: "SECRET-001", result: "exploited" });
    expect(one.coverage).toHaveLength(1);
    const many = JSON.parse(
      renderEvaluate(await run({ "s.yaml": SECRET, "bad.yaml": INVALID }, lines), "json").stdout,
    );
    expect(many.map((d: { document: string }) => d.document)).toEqual(["s.yaml", "bad.yaml"]);
    expect(many[1].verdict).toBeNull();
  });

  it("junit: a failure per failing document, an error per invalid one, the time from the report", async () => {
    const report = await run({ "s.yaml": SECRET, "q.yaml": QUIET, "bad.yaml": INVALID }, lines);
    const { stdout } = renderEvaluate({ ...report, elapsedMs: 1500 }, "junit");
    expect(stdout).toContain('tests="3" failures="1" errors="1" time="1.500"');
    expect(stdout).toContain('<failure message="exploited');
    expect(stdout).toContain("bad.yaml is not a valid OATF document (run oatf validate)");
    expect(renderEvaluate(report, "junit").stdout).toContain('time="0.000"');
    // Each command's JUnit names that command: suite and test cases' class.
    expect(stdout).toContain('<testsuites name="oatf evaluate"');
    expect(stdout).toContain('<testcase classname="oatf.evaluate"');
    const monitor = renderEvaluate(report, "junit", { command: "monitor" }).stdout;
    expect(monitor).toContain('<testsuite name="oatf monitor"');
    expect(monitor).toContain('<testcase classname="oatf.monitor"');
    expect(monitor).not.toContain("evaluate");
  });

  it("escapes user-controlled text: file names, trace names and messages", async () => {
    const report = await runEvaluate(
      documents({ "evil\x1b[2J.yaml": text(INVALID) }).list,
      trace(["{bad\x07", message("ok")], "t\x1b]0;x\x07.jsonl").input,
    );
    const { stderr } = renderEvaluate(report, "text");
    expect(stderr).toContain("evil");
    expect(stderr).toContain(".jsonl:1: ");
    const control = (s: string) => [...s].some((c) => c === "\x1b" || c === "\x07");
    expect(control(stderr)).toBe(false);
    const unmatched = renderEvaluate({ ...report, unmatched: ["\x1b[31m*.yaml"] }, "text");
    expect(unmatched.stderr).toContain("*.yaml");
    expect(control(unmatched.stderr)).toBe(false);
  });
});

describe("streamed output", () => {
  it("what is printed as the run goes, then the rest, is the whole stderr, in order", async () => {
    const events: EvaluateProgress[] = [];
    const report = await run(
      { "bad.yaml": INVALID, "q.yaml": QUIET },
      ["{not json", message("ok")],
      {},
      (e) => events.push(e),
    );
    expect(events.map((e) => e.kind)).toEqual(["document", "document", "problem", "messages"]);
    const live = events.map((e) => renderProgress(report.trace, e)).join("");
    const whole = renderEvaluate(report, "text");
    expect(live + renderEvaluate(report, "text", { streamed: true }).stderr).toBe(whole.stderr);
    // The invalid document is said before the trace is read.
    expect(whole.stderr.indexOf("bad.yaml is not a valid")).toBeLessThan(
      whole.stderr.indexOf("trace.jsonl:1: "),
    );
    expect(whole.stderr.indexOf("trace.jsonl:1: ")).toBeGreaterThan(0);
  });

  it("the command prints an invalid document before the trace's problems", async () => {
    const dir = mkdtempSync(join(tmpdir(), "oatf-evaluate-report-"));
    writeFileSync(join(dir, "bad.yaml"), INVALID);
    writeFileSync(join(dir, "q.yaml"), QUIET);
    let stderr = "";
    async function* stdin() {
      yield `{not json\n${message("ok")}\n`;
    }
    const code = await runCli(["evaluate", "bad.yaml", "q.yaml", "--trace", "-"], {
      stdout: { write: () => true },
      stderr: { write: (s: string) => (stderr += s) },
      stdin: stdin(),
      cwd: dir,
    });
    expect(code).toBe(3);
    const report = await run({ "bad.yaml": INVALID, "q.yaml": QUIET }, [
      "{not json",
      message("ok"),
    ]);
    expect(stderr).toBe(renderEvaluate({ ...report, trace: "-" }, "text").stderr);
  });
});

describe("oatf evaluate over a HAR", () => {
  // A HAR as browsers and Playwright save it: pretty-printed, bodies in postData and content.
  const har = JSON.stringify(
    {
      log: {
        version: "1.2",
        creator: { name: "Playwright", version: "1.49.1" },
        entries: [
          {
            startedDateTime: "2026-11-27T10:00:00.000Z",
            time: 5,
            request: {
              method: "POST",
              url: "http://127.0.0.1:3000/mcp",
              headers: [{ name: "Mcp-Session-Id", value: "s1" }],
              postData: {
                mimeType: "application/json",
                text: '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"read_file"}}',
              },
            },
            response: {
              status: 200,
              headers: [],
              content: {
                size: 120,
                mimeType: "text/event-stream",
                text: `event: message\ndata: {"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"-----BEGIN PRIVATE KEY-----"}]}}\n\n`,
              },
            },
            timings: { send: 1, wait: 3, receive: 1 },
          },
        ],
      },
    },
    undefined,
    2,
  );

  async function cli(args: string[], files: Record<string, string>) {
    const dir = mkdtempSync(join(tmpdir(), "oatf-evaluate-har-"));
    for (const [file, content] of Object.entries(files)) writeFileSync(join(dir, file), content);
    let stdout = "";
    let stderr = "";
    const code = await runCli(args, {
      stdout: { write: (s: string) => (stdout += s) },
      stderr: { write: (s: string) => (stderr += s) },
      cwd: dir,
    });
    return { code, stdout, stderr };
  }

  it("detects it, or reads it when named, and finds the exploit on the entry's line", async () => {
    for (const extra of [[], ["--trace-format", "har"]]) {
      const r = await cli(["evaluate", "secret.yaml", "--trace", "capture.har", ...extra], {
        "secret.yaml": SECRET,
        "capture.har": har,
      });
      expect(r.code, extra.join(" ")).toBe(1);
      expect(r.stdout).toContain("exploited");
      expect(r.stdout).toContain("line 9 (mcp tools/call response at 2026-11-27T10:00:00.004Z)");
      expect(r.stderr).toBe("");
    }
  });

  it("refuses as a HAR what is not one", async () => {
    const r = await cli(
      ["evaluate", "secret.yaml", "--trace", "trace.jsonl", "--trace-format", "har"],
      { "secret.yaml": SECRET, "trace.jsonl": `${message("-----BEGIN PRIVATE KEY-----")}\n` },
    );
    expect(r.code).toBe(3);
    expect(r.stderr).toContain("trace.jsonl:1: a HAR without a log.entries array");
  });
});
