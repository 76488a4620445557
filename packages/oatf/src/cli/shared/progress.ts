// The one progress line of long CLI runs (evaluate, record, monitor --drain, benchmark): on an
// interactive stderr only (nothing when piped or redirected), one line redrawn in place with
// the count so far, its rate and the time elapsed, at most every 250 ms and at least every
// second while nothing arrives, cleared before anything else is printed.
import type { OutStream } from "./context.js";

/** How often the line may be redrawn, and redrawn at the latest while the count stands still. */
const REDRAW_MS = 250;
const IDLE_REDRAW_MS = 1000;

export interface Progress {
  /** The count so far (messages read, runs done); cheap enough to call per message. */
  update(count: number): void;
  /** Erases the line (it comes back on the next redraw): call before writing to the stream. */
  clear(): void;
  /** Erases the line for good and stops redrawing. */
  stop(): void;
}

export interface ProgressOptions {
  /** What is counted, plural (default `messages`). */
  unit?: string;
  /** The clock, in ms (tests). */
  now?: () => number;
}

/** A progress that shows nothing (what startProgress returns when the stream is no terminal). */
export const NO_PROGRESS: Progress = { update() {}, clear() {}, stop() {} };

/** `label: 12000 messages (4000 messages/s, 3.0 s)` on `stream` when it is a terminal. */
export function startProgress(
  stream: OutStream,
  label: string,
  options: ProgressOptions = {},
): Progress {
  if (stream.isTTY !== true) return NO_PROGRESS;
  const unit = options.unit ?? "messages";
  const now = options.now ?? Date.now;
  const started = now();
  let count = 0;
  let drawnAt = started;
  let shown = false;
  const draw = () => {
    const at = now();
    drawnAt = at;
    shown = true;
    const seconds = (at - started) / 1000;
    const rate = seconds > 0 ? Math.round(count / seconds) : 0;
    stream.write(`\r${label}: ${count} ${unit} (${rate} ${unit}/s, ${seconds.toFixed(1)} s)\x1b[K`);
  };
  // Elapsed time keeps moving while a live source is quiet; the timer never holds the process.
  const idle = setInterval(() => {
    if (now() - drawnAt >= IDLE_REDRAW_MS) draw();
  }, IDLE_REDRAW_MS);
  idle.unref?.();
  const clear = () => {
    if (shown) stream.write("\r\x1b[K");
    shown = false;
  };
  return {
    update(value) {
      count = value;
      if (now() - drawnAt >= REDRAW_MS) draw();
    },
    clear,
    stop() {
      clearInterval(idle);
      clear();
    },
  };
}

/** `stream` that erases the progress line before each write, so messages never run into it. */
export function besideProgress(stream: OutStream, progress: Progress): OutStream {
  if (progress === NO_PROGRESS) return stream;
  return {
    ...(stream.isTTY === undefined ? {} : { isTTY: stream.isTTY }),
    ...(stream.columns === undefined ? {} : { columns: stream.columns }),
    write(chunk) {
      progress.clear();
      return stream.write(chunk);
    },
  };
}
