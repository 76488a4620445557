// `oatf validate --fix` / `--fix-dry-run` (issue 37 §5): the language server's quick fixes that
// are safe to apply unattended, applied to the text (so comments and layout stay as written):
// a did-you-mean with exactly one candidate (an enum value, a field name, a surface, a trigger
// event), and the missing `oatf: "0.1"`. Fixes that only insert a placeholder for a required
// field (`target: ""`) or choose among candidates are left to the editor. Files are rewritten
// with --fix; with --fix-dry-run (and for standard input) the fixed text is only validated.
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import type { LanguageService } from "@oatf/language-service";
import type { CliContext } from "../shared/context.js";
import type { ReadResult } from "../shared/files.js";
import { safe } from "../shared/terminal.js";
import type { ValidateInput } from "./report.js";

export type FixMode = "fix" | "dry-run";

/** Rounds of fixing: a fix can reveal the next problem (a renamed key, then its value). */
const MAX_ROUNDS = 10;

export interface AppliedFix {
  title: string;
  /** 1-based line of the problem fixed. */
  line: number;
}

type Diagnostic = ReturnType<LanguageService["diagnostics"]>[number];
type CodeAction = ReturnType<LanguageService["codeActions"]>[number];
type TextEdit = NonNullable<NonNullable<CodeAction["edit"]>["changes"]>[string][number];

/** The quick fixes to apply to `text`, over rounds, and the fixed text. */
export async function fixText(text: string): Promise<{ text: string; fixes: AppliedFix[] }> {
  const { createLanguageService } = await import("@oatf/language-service");
  const { TextDocument } = await import("vscode-languageserver-textdocument");
  const service = createLanguageService({ maxDocuments: 1 });
  const fixes: AppliedFix[] = [];
  let current = text;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const input = { uri: "file:///fix.yaml", version: round, text: current };
    const diagnostics = service.diagnostics(input);
    const whole = { start: { line: 0, character: 0 }, end: { line: 1e9, character: 0 } };
    const document = TextDocument.create(input.uri, "yaml", round, current);
    const chosen = safeFixes(document, service.codeActions(input, whole, diagnostics));
    if (chosen.length === 0) break;
    current = TextDocument.applyEdits(
      document,
      chosen.flatMap((c) => c.edits),
    );
    for (const c of chosen) fixes.push({ title: c.title, line: c.line });
  }
  return { text: current, fixes };
}

/**
 * One unambiguous fix per diagnostic, whose edits neither overlap nor touch those of another
 * chosen fix (a touching one waits for the next round).
 */
function safeFixes(
  document: { offsetAt(p: TextEdit["range"]["start"]): number },
  actions: CodeAction[],
): { title: string; line: number; edits: TextEdit[] }[] {
  const byDiagnostic = new Map<Diagnostic, CodeAction[]>();
  for (const action of actions) {
    const diagnostic = action.diagnostics?.[0];
    if (diagnostic === undefined) continue;
    byDiagnostic.set(diagnostic, [...(byDiagnostic.get(diagnostic) ?? []), action]);
  }
  const chosen: { title: string; line: number; edits: TextEdit[] }[] = [];
  const taken: [number, number][] = [];
  for (const [diagnostic, candidates] of byDiagnostic) {
    if (candidates.length !== 1) continue;
    const action = candidates[0]!;
    const safeKind =
      action.title.startsWith("Change to ") || action.title === "Add required field `oatf`";
    const edits = Object.values(action.edit?.changes ?? {}).flat();
    if (!safeKind || edits.length === 0) continue;
    const spans = edits.map((e): [number, number] => [
      document.offsetAt(e.range.start),
      document.offsetAt(e.range.end),
    ]);
    if (spans.some(([s, e]) => taken.some(([ts, te]) => s <= te && ts <= e))) continue;
    taken.push(...spans);
    chosen.push({ title: action.title, line: diagnostic.range.start.line + 1, edits });
  }
  return chosen;
}

/** `inputs` whose texts are fixed as each is read: written back with --fix, said on stderr. */
export function fixingInputs(
  inputs: readonly ValidateInput[],
  mode: FixMode,
  stdinName: string | undefined,
  ctx: CliContext,
): ValidateInput[] {
  return inputs.map(({ file, read }) => ({
    file,
    read: async (): Promise<ReadResult> => {
      const result = await read();
      if (!result.ok) return result;
      const fixed = await fixText(result.text);
      if (fixed.fixes.length === 0) return result;
      const write = mode === "fix" && file !== stdinName;
      if (write) writeFileSync(resolve(ctx.cwd, file), fixed.text);
      const verb = write ? "fixed" : "would fix";
      for (const f of fixed.fixes) {
        ctx.stderr.write(safe`oatf validate: ${file}:${f.line}: ${verb}: ${f.title}\n`);
      }
      return { ...result, text: fixed.text };
    },
  }));
}
