// `oatf evaluate --jobs N` (issue 24 §3): the trace sharded by session over N threads
// gives the verdicts of one evaluation in this thread; `--jobs` is checked as a usage error.

import { availableParallelism } from "node:os";
import { shardKey, shardOf } from "@oatf/trace";
import { describe, expect, it } from "vitest";
import { parseEvaluateArgs } from "../src/cli/evaluate/command.js";
import {
  evaluateExitCode,
  renderEvaluate,
  runEvaluate,
  type TraceInput,
} from "../src/cli/evaluate/report.js";
import { parseArgs } from "../src/cli/shared/args.js";
import { bucketThreads } from "../src/node/shard-plan.js";
import { threadsFor, tooSmallForThreads } from "../src/node/threads-worth.js";
import { decided, memoryTrace } from "./jobs-helpers.js";
import { memoryInputs, text } from "./memory-inputs.js";

const doc = (id: string, target: string, contains: string, direction = "response") => `oatf: "0.1"
attack:
  id: ${id}
  name: "Attack ${id}"
  execution:
    mode: mcp_server
    state:
      tools: []
  indicators:
    - surface: tools/call
      direction: ${direction}
      target: "${target}"
      pattern: { contains: "${contains}" }
    - surface: tools/call
      direction: request
      target: "arguments.path"
      pattern: { regex: "id_rsa$" }
`;

const DOCUMENTS = {
  "secret.yaml": text(doc("SECRET-001", "content[*].text", "PRIVATE KEY")),
  "quiet.yaml": text(doc("QUIET-001", "content[*].text", "nothing at all")),
  "path.yaml": text(doc("PATH-001", "arguments.path", "shadow", "request")),
};

// Six sessions interleaved; matches in several sessions, the earliest not in the first one.
function traceLines(): string[] {
  const lines: string[] = [];
  for (let i = 0; i < 120; i++) {
    const session = `s${(i * 7) % 6}`;
    const request = i % 2 === 0;
    const path = i === 40 ? "/etc/shadow" : i === 90 ? "/root/.ssh/id_rsa" : `/srv/${i}`;
    const said = i === 57 || i === 101 ? "-----BEGIN PRIVATE KEY-----" : `fine ${i}`;
    lines.push(
      JSON.stringify({
        protocol: "mcp",
        direction: request ? "request" : "response",
        operation: "tools/call",
        session,
        content: request
          ? { name: "read", arguments: { path } }
          : { content: [{ type: "text", text: said }] },
      }),
    );
    if (i === 70) lines.push("{ not json");
  }
  return lines;
}

const trace = memoryTrace;
/**
 * A machine with cores to spare, where a trace of unknown size (these in-memory traces) is
 * sharded: on one whose threads take every core it is read in one thread.
 */
const SPARE = 8;

// The trace as UTF-8 bytes in chunks of `size`, which cut lines and characters anywhere.
function bytes(text: string, size: number): TraceInput {
  const all = new TextEncoder().encode(text);
  async function* source() {
    for (let i = 0; i < all.length; i += size) yield all.slice(i, i + size);
  }
  return { file: "trace.jsonl", open: () => ({ ok: true, source: source(), close: () => {} }) };
}

describe("oatf evaluate --jobs", () => {
  it("gives this thread a smaller share of the sessions, and none from 8 threads on", () => {
    const share = (jobs: number) => {
      const counts = new Array<number>(jobs).fill(0);
      for (const thread of bucketThreads(jobs)) counts[thread]!++;
      return counts.map((n) => n / 1024);
    };
    expect(share(2)[0]).toBeCloseTo(0.42, 2);
    const four = share(4);
    expect(four[0]).toBeLessThan(four[1]!);
    expect(four.slice(1).every((s) => Math.abs(s - four[1]!) < 0.01)).toBe(true);
    expect(share(8)[0]).toBe(0);
    // Every worker has buckets, up to the most threads allowed.
    for (const jobs of [2, 3, 8, 64])
      expect(
        share(jobs)
          .slice(1)
          .every((s) => s > 0),
      ).toBe(true);
    // The test trace's sessions meet every thread at 2 and 3, so merging is exercised.
    const sessions = traceLines().map(shardKey);
    for (const jobs of [2, 3]) {
      const threads = bucketThreads(jobs);
      const used = new Set(sessions.map((key) => threads[shardOf(key, 1024)]));
      expect(used.size).toBe(jobs);
    }
  });

  it("gives the verdicts of --jobs 1 with 2 and 3 threads (1 and 2 workers)", async () => {
    const lines = traceLines();
    const one = await runEvaluate(memoryInputs(DOCUMENTS).list, trace(lines), {});
    expect(one.documents.map((d) => d.verdict?.result)).toEqual([
      "exploited",
      "exploited",
      "exploited",
    ]);
    // The earliest matches are named, whichever shard saw them.
    expect(one.documents[2]?.verdict?.indicator_verdicts[0]?.evidence).toMatch(/^line 41 /);
    for (const jobs of [2, 3]) {
      const many = await runEvaluate(memoryInputs(DOCUMENTS).list, trace(lines), {
        jobs,
        cores: SPARE,
      });
      expect(decided(many)).toEqual(decided(one));
      expect(many.messages).toBe(lines.length - 1);
    }
    // The whole trace is read with any --jobs: the coverage counts are the whole trace's.
    expect(one.messages).toBe(lines.length - 1);
    expect(one.documents[0]?.coverage?.[0]?.eligible).toBe(60);
  });

  it("checks the documents as --jobs 1 does", async () => {
    // An invalid document, CEL (the evaluator loaded to check it), and the first unreadable
    // file, which stops the reading there.
    const cel = doc("CEL-001", "content[*].text", "x").replace(
      '      pattern: { contains: "x" }',
      "      expression: { cel: \"value.exists(c, c.text.contains('PRIVATE KEY'))\" }",
    );
    const library = {
      ...DOCUMENTS,
      "broken.yaml": text('oatf: "0.1"\nattack: { id: 1 }\n'),
      "more.yaml": text(doc("MORE-001", "content[*].text", "PRIVATE KEY")),
      "cel.yaml": text(cel),
    };
    const lines = traceLines();
    const one = await runEvaluate(memoryInputs(library).list, trace(lines), {});
    const two = await runEvaluate(memoryInputs(library).list, trace(lines), {
      jobs: 2,
      cores: SPARE,
    });
    expect(one.documents.map((d) => d.invalid !== undefined)).toEqual([
      false,
      false,
      false,
      true,
      false,
      false,
    ]);
    expect(one.documents[5]?.verdict?.result).toBeDefined();
    expect(decided(two)).toEqual(decided(one));

    const unreadable = {
      ...library,
      "gone.yaml": { ok: false as const, reason: "no such file" },
      "after.yaml": text(doc("AFTER-001", "content[*].text", "x")),
    };
    const inputs = memoryInputs(unreadable);
    const oneStop = await runEvaluate(memoryInputs(unreadable).list, trace(lines), {});
    const twoStop = await runEvaluate(inputs.list, trace(lines), { jobs: 2, cores: SPARE });
    expect(oneStop.unreadable?.file).toBe("gone.yaml");
    expect(twoStop.unreadable).toEqual(oneStop.unreadable);
    expect(twoStop.documents).toEqual(oneStop.documents);
    expect(evaluateExitCode(twoStop)).toBe(evaluateExitCode(oneStop));
    expect(inputs.read).not.toContain("after.yaml");
  });

  it("reads bytes cut anywhere, a byte-order mark and CRLF endings as --jobs 1 does", async () => {
    // Non-ASCII text in the matching line, and sessions whose keys are written with escapes.
    const lines = traceLines().map((l, i) =>
      i === 57
        ? l.replace("PRIVATE KEY", "PRIVATE KEY \u00e9\u{1F511}")
        : l.replace('"session":"s1"', '"session":"\\u0073\\u0031"'),
    );
    const text = `\uFEFF${lines.join("\r\n")}`; // and no line feed after the last line
    const one = await runEvaluate(memoryInputs(DOCUMENTS).list, bytes(text, 5), {});
    expect(one.documents[0]?.verdict?.indicator_verdicts[0]?.evidence).toMatch(/^line 58 /);
    const many = await runEvaluate(memoryInputs(DOCUMENTS).list, bytes(text, 5), {
      jobs: 2,
      cores: SPARE,
    });
    expect(decided(many)).toEqual(decided(one));
    expect(many.messages).toBe(lines.length - 1);
  });

  it("gives the verdicts of --jobs 1 for a trace that fails while being read", async () => {
    const lines = traceLines();
    const failing = (): TraceInput => ({
      file: "trace.jsonl",
      open: () => ({
        ok: true,
        source: (async function* () {
          yield `${lines.slice(0, 50).join("\n")}\n`;
          throw new Error("connection reset");
        })(),
        close: () => {},
      }),
    });
    const one = await runEvaluate(memoryInputs(DOCUMENTS).list, failing(), {});
    const many = await runEvaluate(memoryInputs(DOCUMENTS).list, failing(), {
      jobs: 2,
      cores: SPARE,
    });
    expect(one.problems.errors).toBe(1);
    expect(one.documents[0]?.verdict?.result).toBe("error");
    expect(decided(many)).toEqual(decided(one));
    expect(many.messages).toBe(one.messages);
  });

  it("evaluates in one thread, and says so, a trace whose reader keeps state across lines", async () => {
    // JSON-RPC: a response is read as the call it answers, on its connection.
    const lines = [
      {
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: "read", arguments: { path: "/etc/shadow" } },
      },
      { jsonrpc: "2.0", id: 1, result: { content: [{ type: "text", text: "PRIVATE KEY" }] } },
    ].map((m) => JSON.stringify(m));
    const one = await runEvaluate(memoryInputs(DOCUMENTS).list, trace(lines), {});
    const notes: string[] = [];
    const many = await runEvaluate(
      memoryInputs(DOCUMENTS).list,
      trace(lines),
      { jobs: 2, cores: SPARE },
      (e) => {
        if (e.kind === "note") notes.push(e.text);
      },
    );
    expect(decided(many)).toEqual(decided(one));
    expect(many.documents.map((d) => d.verdict?.result)).toEqual([
      "exploited",
      "not_exploited",
      "exploited",
    ]);
    expect(many.serial).toMatch(/^--jobs 2: evaluated in one thread: a jsonrpc trace /);
    expect(notes).toEqual([many.serial]);
    expect(renderEvaluate(many, "json").stderr).toContain(`trace.jsonl: ${many.serial}`);
    // Named, the format is not told from the lines (which are read once, not twice).
    const named = await runEvaluate(memoryInputs(DOCUMENTS).list, trace(lines), {
      jobs: 2,
      cores: SPARE,
      traceFormat: "jsonrpc",
    });
    expect(decided(named)).toEqual(decided(one));
    expect(named.serial).toBe(many.serial);
  });

  // Issue 33: the same verdict and exit code with any --jobs.
  it("an unreadable line after the deciding lines fails every --jobs alike (exit 3)", async () => {
    const lines = traceLines().filter((l) => !l.startsWith("{ not"));
    lines.push("{ broken after everything was decided");
    const one = await runEvaluate(memoryInputs(DOCUMENTS).list, trace(lines), {});
    expect(evaluateExitCode(one)).toBe(3);
    expect(one.problems.errors).toBe(1);
    for (const jobs of [2, 3]) {
      const many = await runEvaluate(memoryInputs(DOCUMENTS).list, trace(lines), {
        jobs,
        cores: SPARE,
      });
      expect(decided(many)).toEqual(decided(one));
    }
  });

  it("bounds open AG-UI tool calls per session, as one thread does, with any --jobs", async () => {
    const agUi = (session: string, operation: string, content: object) =>
      JSON.stringify({ protocol: "ag_ui", direction: "response", operation, session, content });
    const exfil = text(`oatf: "0.1"
attack:
  id: AGUI-001
  execution:
    mode: ag_ui_client
    state:
      messages: [{ role: user, content: "hi" }]
  indicators:
    - protocol: ag_ui
      surface: tool_call_args
      target: toolCallName
      pattern: { contains: "send_email" }
`);
    // The victim's call opens first, then 4,200 calls are opened by 20 other sessions (a
    // flood spread over every shard), then the victim's arguments arrive.
    const flood = (victimFloods: boolean) => [
      agUi("victim", "tool_call_start", { toolCallId: "c0", toolCallName: "send_email" }),
      ...Array.from({ length: 4_200 }, (_, i) =>
        agUi(victimFloods ? "victim" : `other-${i % 20}`, "tool_call_start", {
          toolCallId: `f${i}`,
          toolCallName: "noop",
        }),
      ),
      agUi("victim", "tool_call_args", { toolCallId: "c0", delta: "{}" }),
    ];
    for (const [victimFloods, result] of [
      [false, "exploited"],
      [true, "error"], // its own 4,096 open calls are all one session may keep
    ] as const) {
      const lines = flood(victimFloods);
      const docs = () => memoryInputs({ "exfil.yaml": exfil }).list;
      const one = await runEvaluate(docs(), trace(lines), {});
      expect(one.documents[0]?.verdict?.result).toBe(result);
      for (const jobs of [2, 3]) {
        const many = await runEvaluate(docs(), trace(lines), { jobs, cores: SPARE });
        expect(decided(many)).toEqual(decided(one));
      }
    }
  });

  it("starts no workers for a trace too small to repay them, and says so", async () => {
    const MB = 1024 * 1024;
    // Every core evaluating: 128 MB a worker; a core to spare: 4 MB; a size not known: threads.
    expect(tooSmallForThreads(2, 127 * MB, 2)).toMatch(/^on 2 cores, a trace under 128 MB /);
    expect(tooSmallForThreads(2, 128 * MB, 2)).toBeUndefined();
    expect(tooSmallForThreads(3, 200 * MB, 2)).toMatch(/under 256 MB/);
    expect(tooSmallForThreads(2, 3 * MB, 4)).toMatch(/^a trace under 4 MB /);
    expect(tooSmallForThreads(2, 4 * MB, 4)).toBeUndefined();
    expect(tooSmallForThreads(2, undefined, 4)).toBeUndefined();
    // A pipe on busy cores: 0.84x one thread sharded by document, 1.00x by session (jobs bench).
    expect(tooSmallForThreads(2, undefined, 2)).toMatch(
      /^on 2 cores, threads repay .* from 128 MB of trace, and the size of a pipe is not known /,
    );

    const lines = traceLines();
    const one = await runEvaluate(memoryInputs(DOCUMENTS).list, trace(lines), {});
    const notes: string[] = [];
    const small = { ...trace(lines), bytes: 1000 };
    const two = await runEvaluate(
      memoryInputs(DOCUMENTS).list,
      small,
      { jobs: 2, cores: SPARE },
      (e) => {
        if (e.kind === "note") notes.push(e.text);
      },
    );
    expect(decided(two)).toEqual(decided(one));
    expect(two.serial).toMatch(/^--jobs 2: evaluated in one thread: .*a trace under \d+ MB /);
    expect(notes).toEqual([two.serial]);
    // Through a pipe, with every core taken: one thread, said.
    const piped = await runEvaluate(memoryInputs(DOCUMENTS).list, trace(lines), {
      jobs: 2,
      cores: 2,
    });
    expect(decided(piped)).toEqual(decided(one));
    expect(piped.serial).toMatch(
      /^--jobs 2: evaluated in one thread: on 2 cores, .* the size of a pipe is not known /,
    );
  });

  it("runs no more threads than the machine has cores, and says so", async () => {
    expect(threadsFor(2, 2)).toEqual({ threads: 2 });
    expect(threadsFor(4, 2)).toEqual({
      threads: 2,
      fewer: "2 threads, one a core (the machine has 2: more threads would only share them)",
    });
    expect(threadsFor(3, 1)).toMatchObject({
      threads: 1,
      fewer: expect.stringMatching(/^one thread,/),
    });

    // One more thread than this machine has cores, from standard input (size unknown).
    const cores = availableParallelism();
    const lines = traceLines();
    const one = await runEvaluate(memoryInputs(DOCUMENTS).list, trace(lines), {});
    const notes: string[] = [];
    const many = await runEvaluate(
      memoryInputs(DOCUMENTS).list,
      trace(lines),
      { jobs: cores + 1 },
      (e) => {
        if (e.kind === "note") notes.push(e.text);
      },
    );
    expect(decided(many)).toEqual(decided(one));
    expect(many.threads).toBe(`--jobs ${cores + 1}: ${threadsFor(cores + 1, cores).fewer}`);
    expect(notes[0]).toBe(many.threads);
  });

  it("reads --jobs as a whole number from 1 to 64", () => {
    const args = (jobs: string) =>
      parseEvaluateArgs(
        parseArgs(["d.yaml", "--trace", "t", "--jobs", jobs], ["--trace", "--jobs"], []),
      );
    expect(args("4").jobs).toBe(4);
    expect(args("1").jobs).toBeUndefined();
    for (const bad of ["0", "65", "1.5", "-2", "two", ""])
      expect(() => args(bad)).toThrow("--jobs must be a whole number from 1 to 64");
  });
});
