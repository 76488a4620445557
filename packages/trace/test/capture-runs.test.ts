// The run of a capture that is not a JSON-RPC log (issue 32 §4): `oatf record --run NAME`
// writes it on each HAR entry (`_run`) and beside each OTLP request's spans (`run`), so the
// file read later gives the recording's run, and two OTLP recordings concatenated stay two.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BodyCapture, readTraceText, type TraceRecord } from "../src/index.js";
import { HarFile } from "../src/node.js";
import { readOtlp } from "../src/otlp.js";

const runs = (records: TraceRecord[]) =>
  records.flatMap((r) => (r.kind === "message" ? [[r.message.operation, r.message.run]] : []));

function body(text: string): BodyCapture {
  const capture = new BodyCapture(1 << 20);
  capture.push(Buffer.from(text));
  return capture;
}

/** A HAR of one `tools/list` exchange, written by HarFile as `oatf record` writes it. */
function recordedHar(run: string | undefined): string {
  const dir = mkdtempSync(join(tmpdir(), "oatf-har-run-"));
  try {
    const path = join(dir, "t.har");
    const har = new HarFile(path, { name: "t", version: "0" }, undefined, run);
    const json = [{ name: "content-type", value: "application/json" }];
    har.write(
      {
        started: new Date("2026-01-01T00:00:00Z"),
        t0: 0,
        method: "POST",
        url: "http://127.0.0.1:1/mcp",
        httpVersion: "1.1",
        requestHeaders: json,
        requestBody: body('{"jsonrpc":"2.0","id":1,"method":"tools/list"}'),
        status: 200,
        statusText: "OK",
        responseHeaders: json,
        responseBody: body('{"jsonrpc":"2.0","id":1,"result":{"tools":[]}}'),
        connection: "c1",
      },
      5,
    );
    har.close();
    return readFileSync(path, "utf8");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const otlpLine = (run: string | undefined, tool: string) =>
  JSON.stringify({
    resourceSpans: [
      {
        resource: { attributes: [] },
        scopeSpans: [
          {
            scope: { name: "t" },
            spans: [
              {
                traceId: "0af7651916cd43dd8448eb211c80319c",
                spanId: "b7ad6b7169203331",
                name: `tools/call ${tool}`,
                kind: 3,
                startTimeUnixNano: "1700000000000000000",
                endTimeUnixNano: "1700000001000000000",
                attributes: [
                  { key: "mcp.method.name", value: { stringValue: "tools/call" } },
                  { key: "gen_ai.tool.name", value: { stringValue: tool } },
                ],
              },
            ],
          },
        ],
      },
    ],
    ...(run === undefined ? {} : { run }),
  });

async function readOtlpText(text: string): Promise<TraceRecord[]> {
  const records: TraceRecord[] = [];
  for await (const record of readOtlp(text)) records.push(record);
  return records;
}

describe("the run of a capture", () => {
  it("HAR: every entry HarFile writes carries the run, and the reader gives it to its messages", () => {
    const text = recordedHar("agent-7");
    expect(text).toContain('"_run":"agent-7"');
    expect(runs(readTraceText(text))).toEqual([
      ["tools/list", "agent-7"],
      ["tools/list", "agent-7"],
    ]);
    const without = recordedHar(undefined);
    expect(without).not.toContain("_run");
    expect(runs(readTraceText(without))).toEqual([
      ["tools/list", undefined],
      ["tools/list", undefined],
    ]);
  });

  it("HAR: a run that is not a string is no run", () => {
    const text = recordedHar("x").replace('"_run":"x"', '"_run":{"__proto__":1}');
    expect(runs(readTraceText(text)).map(([, run]) => run)).toEqual([undefined, undefined]);
  });

  it("OTLP: each request's run is its messages'; two recordings concatenated stay two runs", async () => {
    const text = [otlpLine("a", "read"), otlpLine("b", "send"), otlpLine(undefined, "list")].join(
      "\n",
    );
    expect(runs(await readOtlpText(text))).toEqual([
      ["tools/call", "a"],
      ["tools/call", "a"],
      ["tools/call", "b"],
      ["tools/call", "b"],
      ["tools/call", undefined],
      ["tools/call", undefined],
    ]);
    const odd = otlpLine(undefined, "x").replace('{"resourceSpans"', '{"run":7,"resourceSpans"');
    expect(runs(await readOtlpText(odd)).map(([, run]) => run)).toEqual([undefined, undefined]);
  });
});
