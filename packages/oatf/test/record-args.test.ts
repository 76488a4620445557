// `oatf record`'s arguments (its wire-format parts are @oatf/trace's: test/writers.test.ts there).
import { logLine, type TraceRecord } from "@oatf/trace";
import { describe, expect, it } from "vitest";
import { parseRecordArgs } from "../src/cli/record/command.js";
import { stampRun, withRunKey } from "../src/cli/record/run-key.js";
import { parseArgs, UsageError } from "../src/cli/shared/args.js";

const VALUED = [
  "--out",
  "--listen",
  "--upstream",
  "--format",
  "--max-body",
  "--redis",
  "--stream",
  "--shards",
  "--run",
];
const parse = (argv: string[]) =>
  parseRecordArgs(parseArgs(argv, VALUED, ["--evaluate", "--keep-credentials"]));

describe("oatf record arguments", () => {
  it("reads stdio and HTTP recordings, documents before '--' with --evaluate", () => {
    expect(
      parse(["--out", "t.jsonl", "--evaluate", "a.yaml", "b/", "--", "node", "s.js", "--help"]),
    ).toEqual({
      out: "t.jsonl",
      format: "jsonl",
      maxBody: 16 * 1024 * 1024,
      keepCredentials: false,
      evaluate: ["a.yaml", "b/"],
      command: ["node", "s.js", "--help"],
    });
    const http = parse([
      "--listen",
      "[::1]:0",
      "--upstream",
      "http://h/mcp",
      "--out",
      "c.HAR",
      "--max-body",
      "10",
    ]);
    expect(http).toMatchObject({
      format: "har",
      maxBody: 10,
      keepCredentials: false,
      listen: { host: "::1", port: 0 },
    });
    expect(
      parse(["--listen", "h:1", "--upstream", "http://h", "--out", "c.har", "--keep-credentials"]),
    ).toMatchObject({ keepCredentials: true });
    expect(http.upstream?.href).toBe("http://h/mcp");
    expect(
      parse([
        "--listen",
        "127.0.0.1:8080",
        "--upstream",
        "https://h/",
        "--out",
        "c.har",
        "--format",
        "jsonl",
      ]).format,
    ).toBe("jsonl");
  });

  it("refuses what does not go together, as usage errors", () => {
    const bad = [
      ["--", "node"],
      ["--out", "t.jsonl"],
      ["--out", "t.jsonl", "doc.yaml", "--", "node"],
      ["--out", "t.jsonl", "--evaluate", "--", "node"],
      ["--out", "t.har", "--", "node"],
      ["--out", "t.jsonl", "--upstream", "http://h", "--", "node"],
      ["--out", "t.jsonl", "--listen", "h:1"],
      ["--out", "t.jsonl", "--listen", "h", "--upstream", "http://h"],
      ["--out", "t.jsonl", "--listen", "h:99999", "--upstream", "http://h"],
      ["--out", "t.jsonl", "--listen", "h:1", "--upstream", "file:///etc/passwd"],
      ["--out", "t.jsonl", "--listen", "h:1", "--upstream", "http://h", "--", "node"],
      ["--out", "t.jsonl", "--max-body", "0", "--", "node"],
      ["--out", "t.jsonl", "--keep-credentials", "--", "node"],
      ["--out", "t.jsonl", "--listen", "h:1", "--upstream", "http://h", "--keep-credentials"],
      ["--out", "t.jsonl", "--format", "pcap", "--", "node"],
      ["--out", "t.jsonl", "--redis", "redis://h", "--", "node"],
      ["--out", "t.jsonl", "--stream", "s", "--", "node"],
      ["--out", "t.jsonl", "--shards", "2", "--", "node"],
      ["--out", "t.jsonl", "--redis", "redis://h", "--stream", "s", "--shards", "0", "--", "node"],
      ["--out", "t.jsonl", "--run", "", "--", "node"],
    ];
    for (const argv of bad) expect(() => parse(argv), argv.join(" ")).toThrow(UsageError);
  });

  it("--run names the run of the recorded messages: on each line of the JSON-RPC log and the OTLP lines, not elsewhere", () => {
    expect(parse(["--out", "t.jsonl", "--run", "agent-7", "--", "node"])).toMatchObject({
      run: "agent-7",
    });
    expect(parse(["--out", "t.jsonl", "--", "node"])).not.toHaveProperty("run");
    const line = logLine("sent", '{"jsonrpc":"2.0","id":1,"method":"tools/list"}');
    expect(JSON.parse(withRunKey(line, 'a "b"'))).toMatchObject({
      direction: "sent",
      message: { id: 1 },
      run: 'a "b"',
    });
    expect(withRunKey(line, undefined)).toBe(line);
    // AG-UI events and agent cards the HTTP proxy logs as they are keep their own shape.
    const event = '{"type":"RUN_STARTED","threadId":"t","runId":"r"}';
    expect(withRunKey(event, "x")).toBe(event);
    // An OTLP request, as `oatf record --otlp` re-encodes it: the run beside its spans (the
    // last `run` key wins over one the exporter sent); an empty object is no request.
    const otlp = '{"run":"exporter","resourceSpans":[]}';
    expect(JSON.parse(withRunKey(otlp, "r-1", true))).toEqual({ run: "r-1", resourceSpans: [] });
    expect(withRunKey(otlp, "r-1")).toBe(otlp);
    expect(withRunKey("{}", "r-1", true)).toBe("{}");
  });

  it("gives the messages read from the log (published, evaluated) the run when they name none", () => {
    const message = (run?: string): TraceRecord => ({
      kind: "message",
      message: {
        line: 1,
        protocol: "mcp",
        direction: "request",
        operation: "x",
        content: {},
        ...(run === undefined ? {} : { run }),
      },
    });
    const runs = (records: TraceRecord[]) =>
      records.map((r) => (r.kind === "message" ? r.message.run : "-"));
    const records = [message(), message("own")];
    stampRun(records, undefined);
    expect(runs(records)).toEqual([undefined, "own"]);
    stampRun(records, "agent-7");
    expect(runs(records)).toEqual(["agent-7", "own"]);
  });
});
