// Issue 24 §5: reading a trace costs at most 1.3x what a bare line split + `JSON.parse` of
// the same file costs. Two files: the SDK's own JSON Lines of the monitor bench's trace
// (500 sessions), and a realistic MCP proxy log (wrapped lines with timestamps: initialize,
// tools/list with descriptions, tools/call requests and their text results, notifications),
// which also needs request/response correlation; read by `readTrace` from a string and (the
// proxy log) from 64 KiB byte chunks.

import { generatedLibrary } from "../../evaluate/bench/library.js";
import type { Measure, Report } from "../../evaluate/bench/measure.js";
import { sessionTrace } from "../../evaluate/bench/monitor.js";
import { readTrace, readTraceText } from "../src/index.js";

/** A JSON-RPC proxy log of `exchanges` request/response pairs, as JSONL. */
export function proxyLog(exchanges: number): string {
  const lines: string[] = [];
  let t = Date.UTC(2026, 0, 1);
  const wrap = (direction: string, message: object) => {
    t += 7;
    return JSON.stringify({ timestamp: new Date(t).toISOString(), direction, message });
  };
  const tools = Array.from({ length: 12 }, (_, i) => ({
    name: `tool_${i}`,
    description: `Reads or writes project file number ${i}; returns its text. Use for ordinary edits.`,
    inputSchema: { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
  }));
  lines.push(
    wrap("send", {
      jsonrpc: "2.0",
      id: 0,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "c" } },
    }),
    wrap("receive", { jsonrpc: "2.0", id: 0, result: { protocolVersion: "2025-06-18" } }),
  );
  for (let i = 1; i <= exchanges; i++) {
    if (i % 50 === 1) {
      lines.push(wrap("send", { jsonrpc: "2.0", id: i, method: "tools/list", params: {} }));
      lines.push(wrap("receive", { jsonrpc: "2.0", id: i, result: { tools } }));
      continue;
    }
    const path = `src/module_${i % 97}/file_${i}.ts`;
    lines.push(
      wrap("send", {
        jsonrpc: "2.0",
        id: i,
        method: "tools/call",
        params: { name: `tool_${i % 12}`, arguments: { path } },
      }),
    );
    if (i % 10 === 0)
      lines.push(
        wrap("receive", {
          jsonrpc: "2.0",
          method: "notifications/progress",
          params: { progressToken: i, progress: 50, total: 100 },
        }),
      );
    lines.push(
      wrap("receive", {
        jsonrpc: "2.0",
        id: i,
        result: {
          content: [
            { type: "text", text: `export const value${i} = ${i};\n// ${path}\n`.repeat(4) },
          ],
          isError: false,
        },
      }),
    );
  }
  return `${lines.join("\n")}\n`;
}

/** `bytes` in 64 KiB chunks, as a file stream gives them. */
function* chunks(bytes: Uint8Array): Generator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += 64 * 1024) yield bytes.subarray(i, i + 64 * 1024);
}

export async function readingBench(measure: Measure, report: Report): Promise<void> {
  // 1.3 MB: tinybench runs each task at least 64 times a round.
  const text = proxyLog(2_000);
  const bytes = new TextEncoder().encode(text);
  // About the same size: the first 6,000 messages of the 500-session trace.
  const oatf = `${sessionTrace(6_000)
    .map(({ line: _, ...m }) => JSON.stringify(m))
    .join("\n")}\n`;
  const documents = generatedLibrary(60);
  // A ThoughtJack export of the same size, read against the 60 documents' actor modes.
  const exported = Array.from({ length: 6_000 }, (_, i) =>
    JSON.stringify({
      seq: i,
      timestamp: "2026-01-01T00:00:00Z",
      actor: "default",
      direction: i % 2 === 0 ? "Incoming" : "Outgoing",
      method: "tools/call",
      content: { name: `tool_${i % 12}`, arguments: { path: `src/module_${i % 97}/file_${i}.ts` } },
    }),
  );
  const thoughtjack = `${exported.join("\n")}\n`;
  // An AG-UI stream as SSE: text messages in three chunks and tool calls, 10,000 events.
  const agUiEvents: string[] = [];
  for (let i = 0; agUiEvents.length < 10_000; i++) {
    const m = `m${i}`;
    const t = `t${i}`;
    agUiEvents.push(
      JSON.stringify({ type: "TEXT_MESSAGE_START", messageId: m, role: "assistant" }),
      ...[0, 1, 2].map((k) =>
        JSON.stringify({ type: "TEXT_MESSAGE_CONTENT", messageId: m, delta: `part ${k} of ${i}` }),
      ),
      JSON.stringify({ type: "TEXT_MESSAGE_END", messageId: m }),
      JSON.stringify({ type: "TOOL_CALL_START", toolCallId: t, toolCallName: "read_file" }),
      JSON.stringify({ type: "TOOL_CALL_ARGS", toolCallId: t, delta: `{"path":"/srv/${i}"}` }),
      JSON.stringify({ type: "TOOL_CALL_END", toolCallId: t }),
    );
  }
  const agUi = agUiEvents.map((e) => `data: ${e}\n\n`).join("");
  const agUiJson = agUiEvents.join("\n");
  let sink = 0;
  const r = await measure(
    {
      oatfSplitParse: () => {
        for (const line of oatf.split("\n")) if (line !== "") sink += JSON.parse(line) ? 1 : 0;
      },
      oatfReadTrace: async () => {
        for await (const record of readTrace(oatf)) sink += record.kind.length;
      },
      // The floor: what any reader must do at least.
      splitParse: () => {
        for (const line of text.split("\n")) if (line !== "") sink += JSON.parse(line) ? 1 : 0;
      },
      decodeSplitParse: () => {
        const decoded = new TextDecoder().decode(bytes);
        for (const line of decoded.split("\n")) if (line !== "") sink += JSON.parse(line) ? 1 : 0;
      },
      readTraceText: () => {
        sink += readTraceText(text).length;
      },
      readTraceString: async () => {
        for await (const record of readTrace(text)) sink += record.kind.length;
      },
      // As the CLI reads it: with the documents, whose actor modes give the protocol.
      readTraceDocuments: async () => {
        for await (const record of readTrace(text, { documents })) sink += record.kind.length;
      },
      readTraceBytes: async () => {
        for await (const record of readTrace(chunks(bytes))) sink += record.kind.length;
      },
    },
    200,
    5,
  );
  if (sink === -1) console.log(sink);
  console.log(
    `\nbaseline: split + JSON.parse of ${(oatf.length / 2 ** 20).toFixed(1)} MB of the SDK's JSON Lines (500 sessions), ${r.oatfSplitParse!.toFixed(1)} ms`,
  );
  report(
    "reading: readTrace(OATF JSON Lines) vs split + JSON.parse",
    r.oatfReadTrace! / r.oatfSplitParse!,
    "<= 1.3x",
  );
  const mb = (bytes.length / 2 ** 20).toFixed(1);
  console.log(
    `baseline: split + JSON.parse of a ${mb} MB JSON-RPC proxy log, ${r.splitParse!.toFixed(1)} ms`,
  );
  report(
    "reading: readTrace(string) vs split + JSON.parse",
    r.readTraceString! / r.splitParse!,
    "<= 1.3x",
  );
  report(
    "reading: readTrace(string, 60 MCP documents) vs split + JSON.parse",
    r.readTraceDocuments! / r.splitParse!,
    "",
  );
  report("reading: readTraceText vs split + JSON.parse", r.readTraceText! / r.splitParse!, "");
  report(
    "reading: readTrace(64 KiB byte chunks) vs decode + split + JSON.parse",
    r.readTraceBytes! / r.decodeSplitParse!,
    "<= 1.3x",
  );
  // The other formats apart, after the goals: measured in the same run, their decoders would
  // make the shared reading code polymorphic, which one format in a process never sees.
  const other = await measure(
    {
      agUiSplitParse: () => {
        for (const line of agUiJson.split("\n")) sink += JSON.parse(line) ? 1 : 0;
      },
      agUiReadTrace: async () => {
        for await (const record of readTrace(agUi)) sink += record.kind.length;
      },
      tjSplitParse: () => {
        for (const line of thoughtjack.split("\n"))
          if (line !== "") sink += JSON.parse(line) ? 1 : 0;
      },
      tjReadTrace: async () => {
        for await (const record of readTrace(thoughtjack, { documents }))
          sink += record.kind.length;
      },
    },
    200,
    5,
  );
  report(
    "reading: readTrace(AG-UI SSE stream) vs split + JSON.parse of its events",
    other.agUiReadTrace! / other.agUiSplitParse!,
    "",
  );
  report(
    "reading: readTrace(ThoughtJack export, 60 documents) vs split + JSON.parse",
    other.tjReadTrace! / other.tjSplitParse!,
    "",
  );
}
