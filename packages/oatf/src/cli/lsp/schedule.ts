// When the language server validates a document: once it has rested `delayMs` after its last
// change, or `maxWaitMs` after the first change not yet validated, whichever comes first. A
// burst of edits (50 changes in a row) gives one validation of the last version instead of 50,
// each blocking the server; a change cancels the validation scheduled before it.

export class ValidationSchedule {
  readonly #delayMs: number;
  readonly #maxWaitMs: number;
  readonly #run: (uri: string) => void;
  /** Per document: the timer, and when its first unvalidated change came. */
  readonly #pending = new Map<string, { timer: ReturnType<typeof setTimeout>; since: number }>();

  constructor(delayMs: number, maxWaitMs: number, run: (uri: string) => void) {
    this.#delayMs = delayMs;
    this.#maxWaitMs = maxWaitMs;
    this.#run = run;
  }

  /** The document changed: its validation is (re)scheduled. */
  schedule(uri: string): void {
    const now = Date.now();
    const pending = this.#pending.get(uri);
    if (pending !== undefined) clearTimeout(pending.timer);
    const since = pending?.since ?? now;
    const delay = Math.max(0, Math.min(this.#delayMs, since + this.#maxWaitMs - now));
    const timer = setTimeout(() => {
      this.#pending.delete(uri);
      this.#run(uri);
    }, delay);
    this.#pending.set(uri, { timer, since });
  }

  /** The document closed: nothing more is validated for it. */
  cancel(uri: string): void {
    const pending = this.#pending.get(uri);
    if (pending !== undefined) clearTimeout(pending.timer);
    this.#pending.delete(uri);
  }
}
