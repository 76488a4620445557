// OpenTelemetry traces for `oatf evaluate` (issue 35 §2): OTLP is read by `@oatf/trace/otlp`,
// which the library's main entry leaves out (browser bundles that never read OTLP do not carry
// it), so the command tells OTLP from the other formats by the trace's first bytes
// (`{"resourceSpans":` or protobuf), or by `--trace-format otlp`, before it chooses a reader.
import { TRACE_FORMATS } from "@oatf/trace";

/** The formats `--trace-format` takes: the readers' own and `otlp`. */
export const CLI_TRACE_FORMATS = [...TRACE_FORMATS, "otlp"] as const;
export type CliTraceFormat = (typeof CLI_TRACE_FORMATS)[number];

type Source = AsyncIterable<Uint8Array | string>;

/**
 * The source with its first chunk read and put back, and whether it is OTLP (named so, or
 * showing it); a trace of another named format is not looked at.
 */
export async function peekOtlp(
  source: Source,
  format: CliTraceFormat | undefined,
): Promise<{ source: Source; otlp: boolean }> {
  if (format !== undefined) return { source, otlp: format === "otlp" };
  const chunks = source[Symbol.asyncIterator]();
  const first = await chunks.next();
  const replayed: Source = {
    async *[Symbol.asyncIterator]() {
      if (first.done) return;
      yield first.value;
      for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
    },
  };
  if (first.done) return { source: replayed, otlp: false };
  const { otlpFormatOf } = await import("@oatf/trace/otlp");
  return { source: replayed, otlp: otlpFormatOf(first.value) !== undefined };
}
