// Reading a peer's SSE stream (the agent's AG-UI events, a server's MCP or A2A stream) with
// `eventsource-parser`, under a bound on the bytes one event may buffer: a stream that
// floods one event never grows without limit, and how the stream ended is said.
import { createParser } from "eventsource-parser";

export type SseEnd =
  | { kind: "end" }
  | { kind: "too-large"; max: number }
  | { kind: "stopped" }
  | { kind: "aborted" }
  | { kind: "error"; message: string };

/**
 * Feeds each event's `data` (and `event` name) to `onEvent` until the stream ends, the
 * signal aborts it, an event is larger than `maxEventBytes`, or `onEvent` returns "stop".
 */
export async function readSse(
  body: ReadableStream<Uint8Array> | null,
  maxEventBytes: number,
  signal: AbortSignal,
  onEvent: (data: string, event: string | undefined) => undefined | "stop",
): Promise<SseEnd> {
  if (body === null) return { kind: "end" };
  let stop = false;
  let overflow = false;
  const parser = createParser({
    maxBufferSize: maxEventBytes,
    onEvent(event) {
      if (!stop && onEvent(event.data, event.event) === "stop") stop = true;
    },
    onError(error) {
      if ((error as { type?: string }).type === "max-buffer-size-exceeded") overflow = true;
    },
  });
  const reader = body.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      if (signal.aborted) return { kind: "aborted" };
      const { done, value } = await reader.read();
      if (done) {
        parser.feed(`${decoder.decode()}\n\n`);
        return { kind: stop ? "stopped" : "end" };
      }
      try {
        parser.feed(decoder.decode(value, { stream: true }));
      } catch {
        overflow = true; // a terminated parser throws on feed
      }
      if (overflow) return { kind: "too-large", max: maxEventBytes };
      if (stop) return { kind: "stopped" };
    }
  } catch (error) {
    if (signal.aborted) return { kind: "aborted" };
    return { kind: "error", message: String((error as Error)?.message ?? error) };
  } finally {
    reader.cancel().catch(() => {});
  }
}
