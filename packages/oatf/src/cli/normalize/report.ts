// `oatf normalize` past its arguments: a pure `runNormalize` that turns the inputs it is given
// into a report (reading and writing only through the functions it is handed),
// `normalizeExitCode` (the exit code policy, in one place) and `renderNormalize(report)`.
import { type Diagnostic, serialize } from "@oatf/model";
import { normalize } from "@oatf/normalize";
import { carryComments } from "@oatf/normalize/comments";
import { checkDocument } from "../shared/check.js";
import { EXIT } from "../shared/context.js";
import type { ReadResult } from "../shared/files.js";
import { invalidDocument, plural } from "../shared/report.js";
import { safe } from "../shared/terminal.js";
import { canonicalDifference } from "./canonical.js";

/** print: the canonical form on stdout; check: is each file canonical; write: rewrite in place. */
export type NormalizeMode = "print" | "check" | "write";

/** What came of one input. */
export type NormalizedFile = { file: string } & (
  | { outcome: "unreadable"; reason: string; tooLarge: boolean }
  | { outcome: "invalid"; source: string; diagnostics: Diagnostic[] }
  | { outcome: "canonical" }
  | { outcome: "not-canonical"; difference: string }
  /** The canonical text (print and write), `dropped` comments it had no place for. */
  | { outcome: "printed"; output: string; dropped: number }
  | { outcome: "unchanged" | "written"; dropped: number }
  | { outcome: "write-failed"; dropped: number; reason: string }
);

export interface NormalizeReport {
  /** Arguments that matched no file: nothing was done. */
  unmatched: string[];
  /** In input order; a file that could not be read (but for its size) is the last. */
  files: NormalizedFile[];
}

/** An input: its reported name and how to read it. */
export interface NormalizeInput {
  file: string;
  read(): Promise<ReadResult> | ReadResult;
}

/** Writes `text` to `file` (only `--write` calls it), throwing as `fs.writeFileSync` does. */
export type WriteFile = (file: string, text: string) => void;

/** Normalizes each input in order; stops at the first that cannot be read (but for size). */
export async function runNormalize(
  inputs: readonly NormalizeInput[],
  mode: NormalizeMode,
  writeFile: WriteFile,
): Promise<NormalizeReport> {
  const files: NormalizedFile[] = [];
  for (const { file, read: readInput } of inputs) {
    const read = await readInput();
    if (!read.ok) {
      const tooLarge = read.tooLarge !== undefined;
      files.push({ file, outcome: "unreadable", reason: read.reason, tooLarge });
      if (!tooLarge) break;
      continue;
    }
    files.push({
      file,
      ...(await normalizeText(read.text, mode, (text) => writeFile(file, text))),
    });
  }
  return { unmatched: [], files };
}

async function normalizeText(
  text: string,
  mode: NormalizeMode,
  write: (text: string) => void,
): Promise<DistributiveOmit<NormalizedFile, "file">> {
  const checked = await checkDocument(text);
  if (!checked.valid) return { outcome: "invalid", source: text, diagnostics: checked.diagnostics };
  const canonical = serialize(normalize(checked.document));
  if (mode === "check") {
    const difference = canonicalDifference(text, canonical);
    return difference === undefined
      ? { outcome: "canonical" }
      : { outcome: "not-canonical", difference };
  }
  const { text: output, dropped } = carryComments(text, canonical);
  if (mode === "print") return { outcome: "printed", output, dropped };
  if (output === text) return { outcome: "unchanged", dropped };
  try {
    write(output);
  } catch (error) {
    return { outcome: "write-failed", dropped, reason: (error as Error).message };
  }
  return { outcome: "written", dropped };
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** The exit code of one file's outcome. */
function fileExitCode(f: NormalizedFile): number {
  switch (f.outcome) {
    case "unreadable":
      return f.tooLarge ? EXIT.failed : EXIT.usage;
    case "invalid":
    case "not-canonical":
      return EXIT.failed;
    case "write-failed":
      return EXIT.error;
    default:
      return EXIT.ok;
  }
}

/** 2 for missing or unreadable input; else the last file's failure (1, or 3: cannot write). */
export function normalizeExitCode(report: NormalizeReport): number {
  if (report.unmatched.length > 0) return EXIT.usage;
  const codes = report.files.map(fileExitCode);
  if (codes.includes(EXIT.usage)) return EXIT.usage;
  return codes.reduce<number>((last, code) => (code === EXIT.ok ? last : code), EXIT.ok);
}

/** What the command prints: the canonical form (print mode) on stdout, the rest on stderr. */
export function renderNormalize(report: NormalizeReport): { stdout: string; stderr: string } {
  if (report.unmatched.length > 0) {
    const list = report.unmatched.map((u) => `'${u}'`).join(", ");
    return { stdout: "", stderr: safe`oatf normalize: no files match ${list}\n` };
  }
  let stdout = "";
  let stderr = "";
  for (const f of report.files) {
    if (f.outcome === "unreadable") {
      stderr += safe`oatf normalize: cannot read ${f.file}: ${f.reason}\n`;
    } else if (f.outcome === "invalid") {
      stderr += invalidDocument("normalize", f.file, f.source, f.diagnostics);
    } else if (f.outcome === "not-canonical") {
      stderr += safe`oatf normalize: ${f.file} is not in canonical form: ${f.difference}; 'oatf normalize --write ${f.file}' rewrites it\n`;
    } else if (f.outcome !== "canonical") {
      if (f.dropped > 0) {
        stderr += safe`oatf normalize: ${f.file}: warning: ${plural(f.dropped, "comment")} had no place in the canonical form and ${f.dropped === 1 ? "was" : "were"} left out\n`;
      }
      if (f.outcome === "printed") stdout += f.output;
      else if (f.outcome === "written") stderr += safe`oatf normalize: wrote ${f.file}\n`;
      else if (f.outcome === "write-failed") {
        stderr += safe`oatf normalize: cannot write ${f.file}: ${f.reason}\n`;
      }
    }
  }
  return { stdout, stderr };
}
