// The documents a live command watches traffic with (`oatf record --evaluate`, `oatf monitor`):
// every one must be valid, since a monitor that quietly left one out would never alert on it.
// Read, checked and normalized once, with the CEL evaluator they need.
import type { CelEvaluator, Document } from "@oatf/model";
import { normalize } from "@oatf/normalize";
import { loadCelFor } from "../../default-cel.js";
import { checkDocument } from "./check.js";
import { type CliContext, EXIT } from "./context.js";
import { readInput } from "./files.js";
import { invalidDocument } from "./report.js";
import { safe } from "./terminal.js";

export interface LiveDocuments {
  /** Normalized, in the order of `files`. */
  documents: Document[];
  cel: CelEvaluator | undefined;
}

/**
 * The documents of `files`. At the first unreadable or invalid one, its problem is printed and
 * the exit code returned.
 */
export async function loadLiveDocuments(
  command: string,
  files: readonly string[],
  ctx: CliContext,
): Promise<LiveDocuments | number> {
  const documents: Document[] = [];
  for (const file of files) {
    const read = readInput(file, ctx.cwd);
    if (!read.ok) {
      ctx.stderr.write(safe`oatf ${command}: cannot read ${file}: ${read.reason}\n`);
      return EXIT.usage;
    }
    const checked = await checkDocument(read.text);
    if (!checked.valid) {
      ctx.stderr.write(invalidDocument(command, file, read.text, checked.diagnostics));
      return EXIT.error;
    }
    documents.push(normalize(checked.document));
  }
  return { documents, cel: await loadCelFor(documents) };
}
