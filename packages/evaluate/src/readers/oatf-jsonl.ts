// The SDK's own trace shape, one TraceMessage per line (JSON Lines): what `evaluateTrace`
// takes, with `line` added. `{"protocol":"mcp","direction":"request","operation":...}`
import { type TraceMessage, traceMessageProblem } from "../base/message.js";
import { type LineDecoder, parseLine, problem } from "./record.js";

export function oatfDecoder(): LineDecoder {
  return {
    line(text, line, out) {
      const value = parseLine(text, line, out);
      if (value === undefined) return;
      const why = traceMessageProblem(value);
      if (why !== undefined) return problem(out, line, "T-SHAPE", why);
      out.push({ kind: "message", message: { ...(value as TraceMessage), line } });
    },
    end() {},
  };
}
