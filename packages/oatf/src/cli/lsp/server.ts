// The stdio transport of @oatf/language-service: a thin vscode-languageserver connection that
// keeps the open documents (TextDocuments, incremental sync) and forwards every request to
// the language service. Diagnostics are pushed on open and change, with the default CEL
// evaluator wired in so V-014 is checked as `oatf validate` checks it.
import { createLanguageService } from "@oatf/language-service";
import { createDocumentFilter } from "@oatf/language-service/filter";
import {
  CodeActionKind,
  createConnection,
  StreamMessageReader,
  StreamMessageWriter,
  TextDocumentSyncKind,
  TextDocuments,
} from "vscode-languageserver/node";
import { TextDocument } from "vscode-languageserver-textdocument";
import { defaultCelEvaluator } from "../../default-cel.js";
import { VERSION } from "../../version.js";
import type { CliContext } from "../shared/context.js";

export function serveLanguageServer(
  input: NodeJS.ReadableStream,
  output: NodeJS.WritableStream,
  ctx: Pick<CliContext, "stderr">,
  options: { globs?: readonly string[] } = {},
): Promise<number> {
  const connection = createConnection(
    new StreamMessageReader(input),
    new StreamMessageWriter(output),
  );
  const service = createLanguageService({
    cel: defaultCelEvaluator(),
    onError: (feature, error) =>
      connection.console.error(
        `oatf lsp: ${feature} failed: ${error instanceof Error ? error.message : String(error)}`,
      ),
  });
  // Clients attach the server to every YAML file: it answers only for OATF documents (a top-level
  // `oatf` key, or a path matching --glob or the client's `globs` initialization option).
  let filter = createDocumentFilter({ globs: options.globs });
  const documents = new TextDocuments(TextDocument);
  // One pending validation per document: a burst of changes validates the latest text once.
  const pending = new Map<string, NodeJS.Immediate>();

  const publish = (uri: string) => {
    clearImmediate(pending.get(uri));
    pending.set(
      uri,
      setImmediate(() => {
        pending.delete(uri);
        const document = documents.get(uri);
        if (!document) return;
        void connection.sendDiagnostics({
          uri,
          version: document.version,
          diagnostics: filter.accepts(document) ? service.diagnostics(document) : [],
        });
      }),
    );
  };

  connection.onInitialize(({ initializationOptions }) => {
    // Any JSON a client sends: the filter lists what is not a glob in `ignored`.
    const fromClient = (initializationOptions as { globs?: string | string[] } | null)?.globs ?? [];
    filter = createDocumentFilter({ globs: [...(options.globs ?? []), ...[fromClient].flat()] });
    for (const glob of filter.ignored)
      connection.console.warn(`oatf lsp: ignoring the glob ${JSON.stringify(glob)}`);
    return {
      serverInfo: { name: "oatf", version: VERSION },
      capabilities: {
        textDocumentSync: TextDocumentSyncKind.Incremental,
        hoverProvider: true,
        completionProvider: { triggerCharacters: [":", " ", "{", ".", "-", "/"] },
        definitionProvider: true,
        referencesProvider: true,
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
        documentSymbolProvider: true,
      },
    };
  });

  documents.onDidOpen(({ document }) => publish(document.uri));
  documents.onDidChangeContent(({ document }) => publish(document.uri));
  documents.onDidClose(({ document }) => {
    clearImmediate(pending.get(document.uri));
    pending.delete(document.uri);
    service.close(document.uri);
    void connection.sendDiagnostics({ uri: document.uri, diagnostics: [] });
  });

  const open = (uri: string) => {
    const document = documents.get(uri);
    return document && filter.accepts(document) ? document : undefined;
  };
  connection.onHover(({ textDocument, position }) => {
    const document = open(textDocument.uri);
    return document ? service.hover(document, position) : null;
  });
  connection.onCompletion(({ textDocument, position }) => {
    const document = open(textDocument.uri);
    return document ? service.completion(document, position) : null;
  });
  connection.onDefinition(({ textDocument, position }) => {
    const document = open(textDocument.uri);
    return document ? service.definition(document, position) : [];
  });
  connection.onReferences(({ textDocument, position, context }) => {
    const document = open(textDocument.uri);
    return document ? service.references(document, position, context.includeDeclaration) : [];
  });
  connection.onCodeAction(({ textDocument, range, context }) => {
    const document = open(textDocument.uri);
    return document ? service.codeActions(document, range, context.diagnostics) : [];
  });
  connection.onDocumentSymbol(({ textDocument }) => {
    const document = open(textDocument.uri);
    return document ? service.documentSymbols(document) : [];
  });

  documents.listen(connection);
  connection.listen();
  // The exit notification ends the process (vscode-languageserver exits 0 after shutdown, else
  // 1); a client that closes the pipe without it ends here.
  return new Promise((resolve) => {
    input.on("end", () => {
      // Messages read before the end are still being dispatched: an `exit` among them ends the
      // process first.
      setTimeout(() => {
        ctx.stderr.write("oatf lsp: the client closed the connection without exit\n");
        resolve(1);
      }, 200);
    });
  });
}
