// In-memory inputs for the CLI's pure `run*` functions (validate, normalize, evaluate): each
// file's read result given up front, and the order in which the run read them recorded.
import type { ReadResult } from "../src/cli/shared/files.js";

export function memoryInputs(files: Record<string, ReadResult>): {
  list: { file: string; read: () => ReadResult }[];
  read: string[];
} {
  const read: string[] = [];
  const list = Object.entries(files).map(([file, result]) => ({
    file,
    read: () => {
      read.push(file);
      return result;
    },
  }));
  return { list, read };
}

/** A file read successfully with this text. */
export const text = (t: string): ReadResult => ({ ok: true, text: t });
