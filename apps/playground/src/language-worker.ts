// The language worker: @oatf/language-service (the implementation `oatf lsp` serves) answers
// the document editor's hover, completion and quick fixes, off the main thread. Diagnostics
// stay with the evaluation worker, so this service does not validate: the page sends them back
// for their fixes, as an LSP client does.
import { createLanguageService } from "@oatf/language-service";
import type {
  CompletionOption,
  Fix,
  FixesRequest,
  LanguageReply,
  LanguageRequest,
} from "./language-protocol.js";

const service = createLanguageService({ validate: false, maxDocuments: 1 });
let version = 0;
let lastText: string | undefined;

function markdown(contents: unknown): string | undefined {
  if (typeof contents === "string") return contents;
  if (contents && typeof contents === "object" && "value" in contents)
    return String(contents.value);
  return undefined;
}

const URI = "playground:document.yaml";

/** The service's quick fixes (textDocument/codeAction) for the page's diagnostics. */
function fixes(request: FixesRequest): Fix[] {
  const document = { uri: URI, version, text: request.text };
  const out: Fix[] = [];
  request.diagnostics.forEach((d, index) => {
    const diagnostic = {
      range: d.span,
      severity: d.severity === "error" ? 1 : 2,
      code: d.rule,
      source: "oatf",
      message: d.message,
      data: { path: d.path },
    } as const;
    for (const action of service.codeActions(document, d.span, [diagnostic])) {
      const edits = action.edit?.changes?.[URI] ?? [];
      if (edits.length === 0) continue;
      out.push({
        diagnostic: index,
        title: action.title,
        edits: edits.map((e) => ({ span: e.range, newText: e.newText })),
      });
    }
  });
  return out;
}

self.onmessage = (event: MessageEvent<LanguageRequest>) => {
  const request = event.data;
  if (request.text !== lastText) {
    lastText = request.text;
    version++;
  }
  if (request.kind === "fixes") {
    self.postMessage({
      id: request.id,
      kind: "fixes",
      fixes: fixes(request),
    } satisfies LanguageReply);
    return;
  }
  const { id, kind, text, line, character } = request;
  const document = { uri: URI, version, text };
  const position = { line, character };
  let reply: LanguageReply;
  if (kind === "hover") {
    const hover = service.hover(document, position);
    reply = {
      id,
      kind,
      markdown: hover ? markdown(hover.contents) : undefined,
      span: hover?.range,
    };
  } else {
    const options = service.completion(document, position).items.map((item): CompletionOption => {
      const edit = item.textEdit && "range" in item.textEdit ? item.textEdit : undefined;
      const option: CompletionOption = { label: item.label, insert: edit?.newText ?? item.label };
      if (edit) option.span = edit.range;
      if (item.detail) option.detail = item.detail;
      const doc = markdown(item.documentation);
      if (doc) option.documentation = doc;
      return option;
    });
    reply = { id, kind, options };
  }
  self.postMessage(reply);
};
