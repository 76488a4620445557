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

/**
 * What the output is: `canonical` (default), the normalized document (every default and
 * shorthand expanded, the multi-actor form) serialized; `format`, the document as written,
 * only serialized (`oatf` first, fields in specification order, canonical YAML style).
 */
export type NormalizeForm = "canonical" | "format";

/** What came of one input. */
export type NormalizedFile = { file: string } & (
  | { outcome: "unreadable"; reason: string; invalid: boolean }
  | { outcome: "invalid"; source: string; diagnostics: Diagnostic[] }
  | { outcome: "canonical" }
  | { outcome: "not-canonical"; difference: string; form: NormalizeForm }
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
  form: NormalizeForm = "canonical",
): Promise<NormalizeReport> {
  const files: NormalizedFile[] = [];
  for (const { file, read: readInput } of inputs) {
    const read = await readInput();
    if (!read.ok) {
      // A file refused for what it holds (too large, not UTF-8) is invalid; the next is read.
      const invalid = read.tooLarge !== undefined || read.notUtf8 !== undefined;
      files.push({ file, outcome: "unreadable", reason: read.reason, invalid });
      if (!invalid) break;
      continue;
    }
    files.push({
      file,
      ...(await normalizeText(read.text, mode, form, (text) => writeFile(file, text))),
    });
  }
  return { unmatched: [], files };
}

async function normalizeText(
  text: string,
  mode: NormalizeMode,
  form: NormalizeForm,
  write: (text: string) => void,
): Promise<DistributiveOmit<NormalizedFile, "file">> {
  const checked = await checkDocument(text);
  if (!checked.valid) return { outcome: "invalid", source: text, diagnostics: checked.diagnostics };
  const canonical = serialize(form === "format" ? checked.document : normalize(checked.document));
  if (mode === "check" && form === "canonical") {
    const difference = canonicalDifference(text, canonical);
    return difference === undefined
      ? { outcome: "canonical" }
      : { outcome: "not-canonical", difference, form };
  }
  const { text: output, dropped } = carryComments(text, canonical);
  if (mode === "check") {
    // Formatting is the text itself: the file must be what --format --write would write.
    const difference = firstDifferentLine(text, output);
    return difference === undefined
      ? { outcome: "canonical" }
      : { outcome: "not-canonical", difference, form };
  }
  if (mode === "print") return { outcome: "printed", output, dropped };
  if (output === text) return { outcome: "unchanged", dropped };
  try {
    write(output);
  } catch (error) {
    return { outcome: "write-failed", dropped, reason: (error as Error).message };
  }
  return { outcome: "written", dropped };
}

/** `line N differs` for the first line where `text` and `formatted` differ, or undefined. */
function firstDifferentLine(text: string, formatted: string): string | undefined {
  if (text === formatted) return undefined;
  const a = text.split("\n");
  const b = formatted.split("\n");
  const at = a.findIndex((line, i) => line !== b[i]);
  return `line ${(at < 0 ? a.length : at) + 1} differs from the formatted text`;
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** The exit code of one file's outcome. */
function fileExitCode(f: NormalizedFile): number {
  switch (f.outcome) {
    case "unreadable":
      return f.invalid ? EXIT.failed : EXIT.usage;
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
    } else if (f.outcome === "not-canonical" && f.form === "format") {
      stderr += safe`oatf normalize: ${f.file} is not formatted: ${f.difference}; 'oatf normalize --format --write ${f.file}' formats it\n`;
    } else if (f.outcome === "not-canonical") {
      stderr += safe`oatf normalize: ${f.file} is not in canonical form (--check checks the expanded form: every default and shorthand written out, the multi-actor form; not formatting): ${f.difference}; 'oatf normalize --write ${f.file}' expands it, 'oatf normalize --format --check' checks only formatting\n`;
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
