// Hover and completion in the document editor, from @oatf/language-service through the
// language worker: the same answers `oatf lsp` gives an editor. Loaded on the first
// interaction with the editor (editors.ts), so CodeMirror's autocompletion is not part of
// the page's first load.
import {
  autocompletion,
  type CompletionContext,
  type CompletionResult,
} from "@codemirror/autocomplete";
import { forEachDiagnostic } from "@codemirror/lint";
import type { EditorState, Extension } from "@codemirror/state";
import { hoverTooltip } from "@codemirror/view";
import { languageClient as client } from "./language-client.js";
import { offset, position } from "./lsp-position.js";

/** Markdown as DOM: paragraphs, `code` and **bold**; text only, never HTML from the string. */
function render(markdown: string): HTMLElement {
  const box = document.createElement("div");
  box.className = "hover lsp-hover";
  for (const block of markdown.split(/\n\n+/)) {
    if (block.trim() === "---") {
      box.append(document.createElement("hr"));
      continue;
    }
    const p = document.createElement("p");
    for (const part of block.split(/(`[^`]+`|\*\*[^*]+\*\*)/)) {
      if (part.startsWith("`") && part.endsWith("`") && part.length > 1) {
        const code = document.createElement("code");
        code.textContent = part.slice(1, -1);
        p.append(code);
      } else if (part.startsWith("**") && part.endsWith("**") && part.length > 3) {
        const strong = document.createElement("strong");
        strong.textContent = part.slice(2, -2).replaceAll("`", "");
        p.append(strong);
      } else {
        p.append(part);
      }
    }
    box.append(p);
  }
  return box;
}

/** Whether a diagnostic is underlined at `pos`: its own tooltip (editors.ts) says it all there. */
function underlined(state: EditorState, pos: number): boolean {
  let found = false;
  forEachDiagnostic(state, (_diagnostic, from, to) => {
    if (from <= pos && pos <= to) found = true;
  });
  return found;
}

const hover = hoverTooltip(async (view, pos) => {
  if (underlined(view.state, pos)) return null;
  const doc = view.state.doc;
  const reply = await client.request({
    kind: "hover",
    text: doc.toString(),
    ...position(doc, pos),
  });
  if (reply?.kind !== "hover" || !reply.markdown) return null;
  const markdown = reply.markdown;
  const from = reply.span ? offset(doc, reply.span.start) : pos;
  const to = reply.span ? offset(doc, reply.span.end) : pos;
  return { pos: from, end: to, above: true, create: () => ({ dom: render(markdown) }) };
});

async function complete(context: CompletionContext): Promise<CompletionResult | null> {
  // While typing, only after a partial word, `: ` or `{{` (not after a paste or a new line).
  if (!context.explicit && !context.matchBefore(/(?:[\w$./{-]+|: )$/)) return null;
  const doc = context.state.doc;
  const reply = await client.request({
    kind: "completion",
    text: doc.toString(),
    ...position(doc, context.pos),
  });
  if (reply?.kind !== "completion" || reply.options.length === 0) return null;
  const first = reply.options[0]?.span;
  const from = first ? offset(doc, first.start) : context.pos;
  return {
    from,
    options: reply.options.map((o) => ({
      label: o.label,
      apply: o.insert,
      ...(o.detail ? { detail: o.detail } : {}),
      ...(o.documentation ? { info: () => render(o.documentation as string) } : {}),
    })),
  };
}

/** The document editor's hover and completion. */
export function languageFeatures(): Extension[] {
  return [hover, autocompletion({ override: [complete], activateOnTyping: true })];
}
