// Reviewed from a new user's side (issue 32): `oatf evaluate --trace-format otlp` works, so a
// library user passes `{ format: "otlp" }` to readTrace. A format the option names but that
// readTrace does not read is said as such (T-FORMAT naming the formats it reads and where OTLP
// is read), never as "cannot tell the trace format from its first lines", and nothing throws.
import { readTrace, readTraceText, type TraceFormat } from "@oatf/trace";
import { describe, expect, it } from "vitest";

const line = '{"protocol":"mcp","direction":"request","operation":"tools/call","content":{}}\n';

describe("readTrace: a format option that names no format it reads", () => {
  it.each(["otlp", "xml", "__proto__"])(
    "%s: one T-FORMAT naming the option, nothing read",
    (format) => {
      const records = readTraceText(line + line, { format: format as TraceFormat });
      expect(records).toHaveLength(1);
      const [record] = records;
      expect(record?.kind).toBe("diagnostic");
      if (record?.kind !== "diagnostic") return;
      expect(record.diagnostic.code).toBe("T-FORMAT");
      expect(record.diagnostic.message).toContain(JSON.stringify(format));
      expect(record.diagnostic.message).not.toMatch(/from its first lines/);
      expect(record.diagnostic.range?.start.line).toBe(1);
    },
  );

  it("the async reader says the same, also of an empty trace", async () => {
    for (const text of [line, ""]) {
      const records = [];
      for await (const r of readTrace([text], { format: "otlp" as TraceFormat })) records.push(r);
      expect(records.map((r) => r.kind === "diagnostic" && r.diagnostic.code)).toEqual([
        "T-FORMAT",
      ]);
    }
  });

  it("a format it reads is still read", () => {
    expect(readTraceText(line, { format: "oatf" }).map((r) => r.kind)).toEqual(["message"]);
  });
});
