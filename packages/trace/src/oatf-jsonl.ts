// The SDK's own trace shape, one TraceMessage per line (JSON Lines): what `evaluateTrace`
// takes, with `line` added. `{"protocol":"mcp","direction":"request","operation":...}`
import type { TraceMessage } from "@oatf/evaluate";
import { traceMessageProblem } from "@oatf/evaluate/internal";
import { type LineDecoder, parseLine, problem } from "./record.js";

export function oatfDecoder(): LineDecoder {
  return {
    line(text, line, out) {
      const value = parseLine(text, line, out);
      if (value === undefined) return;
      const why = traceMessageProblem(value);
      if (why !== undefined) return problem(out, line, "T-SHAPE", why);
      // The parsed object is this reader's own: `line` is set on it, not copied in (a spread
      // of a parsed object costs more than its parse).
      const message = value as TraceMessage & { line: number };
      message.line = line;
      out.push({ kind: "message", message });
    },
    end() {},
  };
}
