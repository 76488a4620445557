// Trace readers (issue 14 §1): OATF JSONL, JSON-RPC 2.0 logs (MCP, A2A), AG-UI (SSE and
// JSONL) and ThoughtJack exports, as streams of messages with source lines.
export { agUiOperation } from "./ag-ui.js";
export { MAX_PENDING_CHARS, MAX_PENDING_REQUESTS, MAX_REQUESTS_PER_ID } from "./jsonrpc.js";
export { DEFAULT_MAX_LINE_LENGTH, type TraceSource } from "./lines.js";
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
export { actorModes } from "./thoughtjack.js";
