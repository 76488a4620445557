// The language worker: @oatf/language-service (the implementation `oatf lsp` serves) answers
// the document editor's hover and completion, off the main thread. Diagnostics stay with the
// evaluation worker, so this service does not validate.
import { createLanguageService } from "@oatf/language-service";
import type { CompletionOption, LanguageReply, LanguageRequest } from "./language-protocol.js";

const service = createLanguageService({ validate: false, maxDocuments: 1 });
let version = 0;
let lastText: string | undefined;

function markdown(contents: unknown): string | undefined {
  if (typeof contents === "string") return contents;
  if (contents && typeof contents === "object" && "value" in contents)
    return String(contents.value);
  return undefined;
}

self.onmessage = (event: MessageEvent<LanguageRequest>) => {
  const { id, kind, text, line, character } = event.data;
  if (text !== lastText) {
    lastText = text;
    version++;
  }
  const document = { uri: "playground:document.yaml", version, text };
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
