// The playground page: editors, examples, sharing, and the evaluation worker's results.
import "./style.css";
import type { EditorView } from "@codemirror/view";
import type { Diagnostic } from "oatf";
import {
  clampOffset,
  createDocumentEditor,
  createTraceEditor,
  replaceText,
  showDiagnostics,
  showTraceDiagnostics,
} from "./editors.js";
import { EvaluationClient } from "./evaluation-client.js";
import { EXAMPLES } from "./examples.js";
import type { Fix } from "./language-protocol.js";
import { messageNodes } from "./message-text.js";
import type { DocumentReport, TraceReport, WorkerReply } from "./protocol.js";
import { applyFix, quickFixes } from "./quick-fixes.js";
import { decodeShare, encodeShare } from "./share.js";
import { renderVerdict } from "./verdict-view.js";

/** How long one evaluation may run before its worker is terminated. */
const TIME_LIMIT_MS = 3000;
/** Pause after the last keystroke before evaluating. */
const DEBOUNCE_MS = 250;

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const status = byId<HTMLElement>("status");
const diagnosticsList = byId<HTMLUListElement>("diagnostics");
const diagnosticsCount = byId<HTMLElement>("diagnostics-count");
const normalizedView = byId<HTMLElement>("normalized");
const verdictView = byId<HTMLElement>("verdict");
const shareLink = byId<HTMLInputElement>("share-link");
const timelineView = byId<HTMLElement>("timeline");
const sequenceView = byId<HTMLElement>("sequence");
/** The pictures' code (with @oatf/diagrams) is its own chunk, fetched with the first report. */
const pictures = () => import("./pictures.js");
/** The document of the latest report: the sequence diagram reads its actors' roles. */
let lastDocument: DocumentReport["document"];

let debounce: ReturnType<typeof setTimeout> | undefined;
const scheduleEvaluation = () => {
  shareLink.hidden = true; // it no longer matches the content
  clearTimeout(debounce);
  debounce = setTimeout(evaluate, DEBOUNCE_MS);
};

const documentEditor = createDocumentEditor(byId("document-editor"), scheduleEvaluation);
const traceEditor = createTraceEditor(byId("trace-editor"), scheduleEvaluation);

const client = new EvaluationClient(
  {
    onReply: (reply: WorkerReply) =>
      reply.kind === "document" ? showDocumentReport(reply) : showTraceReport(reply),
    onTimeout: (limitMs) => {
      verdictView.replaceChildren();
      const p = document.createElement("p");
      p.className = "timeout";
      p.dataset.testid = "timeout";
      p.textContent =
        `Timeout: evaluation ran longer than ${limitMs} ms and was stopped ` +
        "(its worker was restarted). Edit the document or trace to try again.";
      verdictView.append(p);
      setStatus(`Evaluation stopped after ${limitMs} ms.`);
    },
  },
  TIME_LIMIT_MS,
);

function evaluate(): void {
  setStatus("Evaluating…");
  client.request({ document: text(documentEditor), trace: text(traceEditor) });
}

function text(view: EditorView): string {
  return view.state.doc.toString();
}

function setStatus(message: string): void {
  status.textContent = message;
}

function showDocumentReport(report: DocumentReport): void {
  showDiagnostics(documentEditor, report.diagnostics);
  const errors = report.diagnostics.filter((d) => d.severity === "error").length;
  const warnings = report.diagnostics.length - errors;
  diagnosticsCount.textContent = `${errors} error(s), ${warnings} warning(s)`;
  const items = report.diagnostics.map(diagnosticItem);
  diagnosticsList.replaceChildren(...items);
  void offerFixes(report, items);
  if (report.diagnostics.length === 0) {
    const none = document.createElement("li");
    none.className = "muted";
    none.textContent = "No diagnostics: the document is valid.";
    diagnosticsList.append(none);
  }
  normalizedView.textContent =
    report.normalized ?? "The normalized form appears once the document has no errors.";
  lastDocument = report.document;
  void pictures().then((p) => p.showTimeline(timelineView, report.document));
}

/** Adds the language service's quick fixes to the diagnostics' entries, while they are current. */
async function offerFixes(report: DocumentReport, items: HTMLLIElement[]): Promise<void> {
  const textAsked = text(documentEditor);
  const fixes = await quickFixes(documentEditor, report.diagnostics);
  if (text(documentEditor) !== textAsked) return; // edited meanwhile: a new report follows
  fixes.forEach((list, i) => {
    for (const fix of list) items[i]?.append(fixButton(fix));
  });
}

function fixButton(fix: Fix): HTMLButtonElement {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "fix";
  button.dataset.testid = "quick-fix";
  button.append("Fix: ", ...messageNodes(fix.title));
  button.addEventListener("click", () => {
    applyFix(documentEditor, fix);
    documentEditor.focus();
  });
  return button;
}

function showTraceReport(report: TraceReport): void {
  showTraceDiagnostics(traceEditor, report.traceDiagnostics ?? [], report.singleValue === true);
  renderVerdict(verdictView, report);
  const parsed = lastDocument;
  void pictures().then((p) =>
    p.showSequence(sequenceView, report.exchange, parsed, verdictView, report.singleValue === true),
  );
  setStatus(report.verdict ? `Verdict: ${report.verdict.result}.` : "Ready.");
}

/** A list entry; activating it moves the cursor to the diagnostic in the editor. */
function diagnosticItem(d: Diagnostic): HTMLLIElement {
  const item = document.createElement("li");
  item.className = d.severity;
  item.dataset.rule = d.rule;
  if (d.range) item.dataset.line = String(d.range.start.line);
  const button = document.createElement("button");
  button.type = "button";
  const where = d.range ? `line ${d.range.start.line}:${d.range.start.column}` : "document";
  button.append(`${where} · ${d.severity} ${d.rule}: `, ...messageNodes(d.message));
  if (d.spec_ref) button.title = `spec ${d.spec_ref}${d.path ? ` · ${d.path}` : ""}`;
  button.addEventListener("click", () => {
    const offset = d.range?.start.offset;
    if (offset !== undefined) {
      const anchor = clampOffset(documentEditor, offset);
      documentEditor.dispatch({ selection: { anchor }, scrollIntoView: true });
    }
    documentEditor.focus();
  });
  item.append(button);
  return item;
}

function load(documentText: string, traceText: string): void {
  replaceText(documentEditor, documentText);
  replaceText(traceEditor, traceText);
  clearTimeout(debounce);
  evaluate();
}

const examples = byId<HTMLElement>("examples");
for (const example of EXAMPLES) {
  const button = document.createElement("button");
  button.type = "button";
  button.dataset.example = example.slug;
  button.textContent = example.title;
  button.addEventListener("click", () => load(example.document, example.trace));
  examples.append(button);
}

byId<HTMLButtonElement>("share").addEventListener("click", async () => {
  const encoded = await encodeShare({ document: text(documentEditor), trace: text(traceEditor) });
  if (!encoded.ok) return setStatus(encoded.message);
  history.replaceState(null, "", encoded.fragment);
  shareLink.value = location.href;
  shareLink.hidden = false;
  shareLink.select();
  setStatus("The link in the address bar holds the document and trace.");
});

/** Loads a shared link; false when the fragment is not one. A refused link only says why. */
async function loadFromFragment(): Promise<boolean> {
  const decoded = await decodeShare(location.hash);
  if (decoded?.ok) load(decoded.shared.document, decoded.shared.trace);
  else if (decoded) setStatus(decoded.message);
  return decoded !== undefined;
}

window.addEventListener("hashchange", () => void loadFromFragment());

// Opens on the rug pull: every indicator matches, so the page shows a full verdict at once.
const first = EXAMPLES.find((example) => example.slug === "mcp-rug-pull") ?? EXAMPLES[0];
if (!(await loadFromFragment()) && first) load(first.document, first.trace);
performance.mark("playground-ready");
