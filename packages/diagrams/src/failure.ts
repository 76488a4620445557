// The picture drawn when drawing failed: a bug, or a caller's object whose fields throw when
// read. The pictures promise markup for any input, never an exception.
import { MAX_LABEL } from "./limits.js";
import { svg, text } from "./svg.js";
import { label } from "./text.js";

export function failure(kind: string, error: unknown): string {
  let reason = "unknown error";
  try {
    const message = error instanceof Error ? error.message : error;
    if (typeof message === "string") reason = message;
  } catch {
    // an error whose message cannot be read
  }
  const title = label(`Could not draw: ${reason}`, MAX_LABEL);
  return svg({ width: 640, height: 40, kind, title }, text(12, 24, "oatf-more", title));
}
