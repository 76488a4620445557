// Every trace format is wired end to end (CONTRIBUTING: "Add a trace format"): each name in
// TRACE_FORMATS has a fixture here (a `Record` over the names, so a format without one is a
// type error), reads to messages when named, is detected from its first lines
// when not named, and is described where detection gives up.

import { readFileSync } from "node:fs";
import { type Document, ruleInfo } from "@oatf/model";
import { KNOWN_PROTOCOLS, type KnownProtocol } from "@oatf/registries";
import { describe, expect, it } from "vitest";
import { readTraceText, TRACE_FORMATS, type TraceFormat, type TraceRecord } from "../src/index.js";

const serverDocument = {
  oatf: "0.1",
  attack: { execution: { mode: "mcp_server" } },
} as unknown as Document;

/** A real trace of each format (path from this folder), with the documents it needs. */
const FIXTURES: Record<TraceFormat, { file: string; documents?: Document[] }> = {
  oatf: { file: "../../../examples/mcp-rug-pull.trace.jsonl" },
  jsonrpc: { file: "traces/mcp-proxy.jsonl" },
  ag_ui: { file: "traces/ag-ui.sse" },
  // ThoughtJack exports name actors, not protocols: the documents give their modes.
  thoughtjack: { file: "traces/thoughtjack.jsonl", documents: [serverDocument] },
  har: { file: "traces/playwright.har" },
};

const text = (format: TraceFormat) =>
  readFileSync(new URL(FIXTURES[format].file, import.meta.url), "utf8");
const read = (format: TraceFormat, named: boolean) => {
  const { documents } = FIXTURES[format];
  return readTraceText(text(format), {
    ...(named && { format }),
    ...(documents && { documents }),
  });
};
const messages = (records: TraceRecord[]) =>
  records.flatMap((r) => (r.kind === "message" ? [r] : []));
const fatal = (records: TraceRecord[]) =>
  records.flatMap((r) =>
    r.kind === "diagnostic" && ruleInfo(r.diagnostic.rule)?.stops === true ? [r.diagnostic] : [],
  );

describe.each([...TRACE_FORMATS])("trace format %s", (format) => {
  // (Some fixtures hold a bad line on purpose: a line's error is its own test's business.)
  it("reads its fixture to messages when named", () => {
    const records = read(format, true);
    expect(fatal(records)).toEqual([]);
    expect(messages(records).length).toBeGreaterThan(0);
  });

  it("is detected from the first lines: the same records as when named", () => {
    expect(read(format, false)).toEqual(read(format, true));
  });

  it("is described where detection gives up (not only in the option hint)", () => {
    const records = readTraceText(Array.from({ length: 10 }, () => '{"hello":1}').join("\n"));
    const [record] = records;
    expect(record?.kind).toBe("diagnostic");
    const message = record?.kind === "diagnostic" ? record.diagnostic.message : "";
    const candidates = message.slice(0, message.indexOf("Name it"));
    expect(candidates).toContain(`${format} (`);
  });
});

/**
 * A trace of each protocol binding (CONTRIBUTING: "Add a protocol binding or event"): a `Record`
 * over the known protocols, so a binding without a reader that produces its messages is a
 * type error here, and a reader that stops producing them fails below.
 */
const PROTOCOL_TRACES: Record<KnownProtocol, string> = {
  mcp: "traces/mcp-proxy.jsonl",
  a2a: "traces/a2a-bare.jsonl",
  ag_ui: "traces/ag-ui.sse",
};

describe.each([...KNOWN_PROTOCOLS])("protocol binding %s", (protocol) => {
  it("has a trace the readers turn into its messages", () => {
    const file = readFileSync(new URL(PROTOCOL_TRACES[protocol], import.meta.url), "utf8");
    const read = messages(readTraceText(file)).map((r) => r.message.protocol);
    expect(read.length).toBeGreaterThan(1);
    expect(new Set(read)).toEqual(new Set([protocol]));
  });
});
