// What a benchmark has finished, kept in its directory so an interrupted benchmark resumes:
// `results.jsonl`, one line per document run to the end (appended as each finishes, so a
// crash loses at most the document in progress), and each run's recording under `traces/`.
// A document is finished for the same text (its SHA-256) and the same number of repeats;
// a document whose runs did not all settle, or met a runner error, is run again.
import { createHash } from "node:crypto";
import { appendFileSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { AttackResult, AttackVerdict, Tier } from "@oatf/model";

/** One run of a document, as the scorecard shows it. */
export interface BenchmarkRun {
  run: string;
  ended: string;
  verdict: AttackVerdict;
  messages: number;
  /** The recording, relative to the benchmark directory. */
  trace: string;
}

/** A document of the benchmark and what became of it. */
export interface BenchmarkEntry {
  file: string;
  /** SHA-256 of the document's text. */
  sha256: string;
  repeat: number;
  attack: { id?: string; name: string };
  /** `invalid` (not a valid document), `unreadable`, or the runs' summary. */
  status: "ran" | "invalid" | "unreadable";
  result?: AttackResult;
  max_tier?: Tier;
  success_rate?: number;
  runs: BenchmarkRun[];
  /** The runner's and the document's problems, one line each. */
  problems: string[];
  /** Every run settled without a runner error: the document is not run again. */
  complete: boolean;
  /** True when this entry was read from an earlier invocation, not run now. */
  resumed?: boolean;
}

export const RESULTS_FILE = "results.jsonl";

export function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/** The benchmark directory's finished documents, by file, digest and repeats. */
export class BenchmarkResults {
  readonly dir: string;
  readonly #finished = new Map<string, BenchmarkEntry>();

  constructor(dir: string) {
    this.dir = dir;
    mkdirSync(join(dir, "traces"), { recursive: true });
    const path = join(dir, RESULTS_FILE);
    if (!existsSync(path)) return;
    // A line cut by a crash, or edited by hand, is skipped: that document runs again.
    for (const line of readFileSync(path, "utf8").split("\n")) {
      const entry = parseEntry(line);
      if (entry?.complete) this.#finished.set(keyOf(entry), entry);
    }
  }

  /** The finished entry of this document text and repeat count, if any. */
  finished(file: string, digest: string, repeat: number): BenchmarkEntry | undefined {
    return this.#finished.get(keyOf({ file, sha256: digest, repeat }));
  }

  /** Keeps an entry (appended at once; a later line for the same document wins). */
  add(entry: BenchmarkEntry): void {
    const { resumed: _, ...kept } = entry;
    appendFileSync(join(this.dir, RESULTS_FILE), `${JSON.stringify(kept)}\n`);
    if (entry.complete) this.#finished.set(keyOf(entry), entry);
  }
}

const keyOf = (e: Pick<BenchmarkEntry, "file" | "sha256" | "repeat">) =>
  `${e.sha256}\u0000${e.repeat}\u0000${e.file}`;

function parseEntry(line: string): BenchmarkEntry | undefined {
  if (line.trim() === "") return undefined;
  try {
    const value = JSON.parse(line) as BenchmarkEntry;
    const ok =
      typeof value === "object" &&
      value !== null &&
      typeof value.file === "string" &&
      typeof value.sha256 === "string" &&
      typeof value.repeat === "number" &&
      Array.isArray(value.runs) &&
      Array.isArray(value.problems);
    return ok ? value : undefined;
  } catch {
    return undefined;
  }
}
