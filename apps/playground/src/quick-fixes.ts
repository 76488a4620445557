// Quick fixes in the playground (issue 37 §6): the language service's code actions for the
// evaluation worker's diagnostics (did-you-mean replacements, a missing required field), the
// same fixes `oatf lsp` offers an editor, applied to the document editor.
import type { EditorView } from "@codemirror/view";
import type { Diagnostic } from "oatf";
import { languageClient } from "./language-client.js";
import type { Fix, FixableDiagnostic } from "./language-protocol.js";
import { offset, position } from "./lsp-position.js";

/**
 * The language service's quick fixes for `diagnostics` of the editor's current text (did-you-mean
 * replacements, a missing required field): per diagnostic, in the list's order.
 */
export async function quickFixes(
  view: EditorView,
  diagnostics: readonly Diagnostic[],
): Promise<Fix[][]> {
  const doc = view.state.doc;
  const asked: FixableDiagnostic[] = [];
  const positions: number[] = [];
  diagnostics.forEach((d, i) => {
    const start = d.range?.start.offset;
    const end = d.range?.end.offset;
    if (d.path === undefined || start === undefined || end === undefined) return;
    if (end > doc.length) return;
    asked.push({
      span: { start: position(doc, start), end: position(doc, Math.max(start, end)) },
      rule: d.rule,
      message: d.message,
      severity: d.severity === "error" ? "error" : "warning",
      path: d.path,
    });
    positions.push(i);
  });
  const out: Fix[][] = diagnostics.map(() => []);
  if (asked.length === 0) return out;
  const reply = await languageClient.request({
    kind: "fixes",
    text: doc.toString(),
    diagnostics: asked,
  });
  if (reply?.kind !== "fixes") return out;
  for (const fix of reply.fixes) out[positions[fix.diagnostic] as number]?.push(fix);
  return out;
}

/** Applies a quick fix's edits to the editor (one transaction: one undo step). */
export function applyFix(view: EditorView, fix: Fix): void {
  const doc = view.state.doc;
  view.dispatch({
    changes: fix.edits.map((e) => ({
      from: offset(doc, e.span.start),
      to: offset(doc, e.span.end),
      insert: e.newText,
    })),
  });
}
