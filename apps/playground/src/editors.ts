// The two CodeMirror editors: the YAML document (with diagnostics underlined, hover showing
// rule, message and spec reference) and the trace. Colours come from CSS variables, so both
// follow the page's light or dark scheme.
import { history, historyKeymap, standardKeymap } from "@codemirror/commands";
import { yaml } from "@codemirror/lang-yaml";
import { HighlightStyle, syntaxHighlighting } from "@codemirror/language";
import { lintGutter, type Diagnostic as Mark, setDiagnostics } from "@codemirror/lint";
import { Compartment, EditorState, type Extension } from "@codemirror/state";
import {
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
} from "@codemirror/view";
import { tags } from "@lezer/highlight";
import type { Diagnostic } from "oatf";
import { messageNodes } from "./message-text.js";

const highlight = HighlightStyle.define([
  { tag: [tags.propertyName, tags.definition(tags.propertyName)], color: "var(--tok-key)" },
  { tag: [tags.string, tags.special(tags.string)], color: "var(--tok-string)" },
  { tag: [tags.number, tags.bool, tags.null], color: "var(--tok-literal)" },
  { tag: [tags.comment, tags.lineComment], color: "var(--tok-comment)", fontStyle: "italic" },
  { tag: [tags.punctuation, tags.separator, tags.bracket], color: "var(--muted)" },
]);

const theme = EditorView.theme({
  "&": { color: "var(--fg)", backgroundColor: "var(--bg-editor)", height: "100%" },
  ".cm-content": { caretColor: "var(--fg)", fontFamily: "var(--mono)" },
  ".cm-cursor, .cm-dropCursor": { borderLeftColor: "var(--fg)" },
  ".cm-gutters": {
    backgroundColor: "var(--bg-gutter)",
    color: "var(--muted)",
    borderRight: "1px solid var(--border)",
  },
  ".cm-activeLine, .cm-activeLineGutter": { backgroundColor: "var(--bg-active)" },
  "&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection": {
    backgroundColor: "var(--bg-selection) !important",
  },
  ".cm-tooltip": {
    backgroundColor: "var(--bg)",
    color: "var(--fg)",
    border: "1px solid var(--border)",
  },
  ".cm-scroller": { overflow: "auto" },
});

function base(label: string, onChange: () => void, language: Extension[]): Extension[] {
  return [
    lineNumbers(),
    highlightActiveLineGutter(),
    highlightActiveLine(),
    history(),
    // No Tab binding: Tab keeps moving focus between controls (keyboard navigation).
    keymap.of([...standardKeymap, ...historyKeymap]),
    EditorView.contentAttributes.of({ "aria-label": label }),
    EditorView.updateListener.of((update) => {
      if (update.docChanged) onChange();
    }),
    theme,
    ...language,
  ];
}

/**
 * Hover and completion (language.ts, with CodeMirror's autocompletion) are loaded on the first
 * pointer or focus in the document editor, off the page's first load; the editor says
 * `data-language-features="ready"` once they answer.
 */
function loadLanguageFeaturesOnUse(view: EditorView, slot: Compartment): void {
  const load = () => {
    parent.removeEventListener("pointerover", load);
    parent.removeEventListener("focusin", load);
    void import("./language.js").then(({ languageFeatures }) => {
      view.dispatch({ effects: slot.reconfigure(languageFeatures()) });
      parent.dataset.languageFeatures = "ready";
    });
  };
  const parent = view.dom;
  parent.addEventListener("pointerover", load);
  parent.addEventListener("focusin", load);
}

export function createDocumentEditor(parent: HTMLElement, onChange: () => void): EditorView {
  const slot = new Compartment();
  const language = [
    yaml(),
    syntaxHighlighting(highlight),
    lintGutter(),
    EditorView.lineWrapping,
    slot.of([]),
  ];
  const view = new EditorView({
    parent,
    state: EditorState.create({ extensions: base("OATF document (YAML)", onChange, language) }),
  });
  loadLanguageFeaturesOnUse(view, slot);
  return view;
}

export function createTraceEditor(parent: HTMLElement, onChange: () => void): EditorView {
  return new EditorView({
    parent,
    state: EditorState.create({
      extensions: base("Trace (JSON Lines or one JSON message)", onChange, [
        EditorView.lineWrapping,
        lintGutter(),
      ]),
    }),
  });
}

export function replaceText(view: EditorView, text: string): void {
  view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
}

/** `offset` clamped to the current text (it may have been edited since it was measured). */
export function clampOffset(view: EditorView, offset: number): number {
  return Math.min(Math.max(offset, 0), view.state.doc.length);
}

/** Shows `diagnostics` underlined in the document editor, over their range, with a hover for each. */
export function showDiagnostics(view: EditorView, diagnostics: Diagnostic[]): void {
  const clamp = (offset: number) => clampOffset(view, offset);
  const marks: Mark[] = [];
  for (const d of diagnostics) {
    // Diagnostics without a position are listed beside the editor, not underlined.
    if (d.range?.start.offset === undefined || d.range.end.offset === undefined) continue;
    const from = clamp(d.range.start.offset);
    marks.push({
      from,
      to: Math.max(clamp(d.range.end.offset), from),
      severity: d.severity,
      message: d.message,
      // No `source`: the hover below names the rule (CodeMirror would show it a second time).
      renderMessage: () => hoverContent(d),
    });
  }
  view.dispatch(setDiagnostics(view.state, marks));
}

function hoverContent(d: Diagnostic): HTMLElement {
  const box = document.createElement("div");
  box.className = "hover";
  const head = document.createElement("strong");
  head.textContent = d.rule;
  const message = document.createElement("div");
  message.append(...messageNodes(d.message));
  box.append(head, message);
  if (d.spec_ref) {
    const ref = document.createElement("div");
    ref.className = "muted";
    ref.textContent = `spec ${d.spec_ref}${d.path ? ` · ${d.path}` : ""}`;
    box.append(ref);
  }
  return box;
}

/**
 * Marks the trace lines the reader could not read (its diagnostics name 1-based lines). When
 * the paste was read as one JSON value, its line 1 is the whole text.
 */
export function showTraceDiagnostics(
  view: EditorView,
  diagnostics: readonly Diagnostic[],
  wholeText: boolean,
): void {
  const doc = view.state.doc;
  const marks: Mark[] = [];
  for (const d of diagnostics) {
    const at = d.range?.start.line;
    if (at === undefined || at < 1 || (!wholeText && at > doc.lines)) continue;
    const line = wholeText ? { from: 0, to: doc.length } : doc.line(at);
    marks.push({
      from: line.from,
      to: line.to,
      severity: d.severity === "warning" ? "warning" : "error",
      message: `${d.rule}: ${d.message}`,
    });
  }
  view.dispatch(setDiagnostics(view.state, marks));
}
