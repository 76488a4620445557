// @oatf/trace: the wire formats of OATF traces (SDK §1.2 puts them outside the SDK), each
// format's reader and writer side by side: OATF JSON Lines, JSON-RPC logs (MCP, A2A), SSE,
// HAR, AG-UI and ThoughtJack exports, and the session keys traffic is partitioned by.
// Browser-safe: the file sinks, which need node:fs, are on `@oatf/trace/node`.

export { agUiOperation } from "./ag-ui.js";
export {
  BodyCapture,
  HAR_CLOSING,
  type HarCreator,
  type HarExchange,
  type HarHeader,
  type HttpHeaders,
  harEntry,
  harEntryText,
  harHeaders,
  harOpening,
  REDACTED,
} from "./har/write.js";
export {
  MAX_PENDING_CHARS,
  MAX_PENDING_REQUESTS,
  MAX_REQUESTS_PER_ID,
} from "./jsonrpc/correlation.js";
export {
  type LineSink,
  type LogDirection,
  logLine,
  messageJson,
  type Origin,
  PREVIEW_CHARS,
} from "./jsonrpc/log.js";
export {
  DEFAULT_MAX_LINE_LENGTH,
  LineSplitter,
  type LineSplitterOptions,
  type SourceLine,
  type TraceSource,
} from "./lines.js";
export {
  DETECTION_LINES,
  formatOfLine,
  type ReadTraceOptions,
  readTrace,
  readTraceText,
  TraceDecoder,
} from "./read-trace.js";
export {
  TRACE_FORMATS,
  type TraceFormat,
  type TraceRecord,
} from "./record.js";
export { partitionKey, shardKey, shardOf } from "./session-key.js";
export { type SseEvent, SseTap } from "./sse/tap.js";
export { actorModes } from "./thoughtjack.js";
