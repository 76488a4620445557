// The stdio transport of @oatf/language-service: a thin vscode-languageserver connection that
// keeps the open documents (TextDocuments, incremental sync) and forwards every request to
// the language service. Diagnostics are pushed on open and change (a burst of changes
// validated once, ValidationSchedule), with the default CEL evaluator wired in so V-014 is
// checked as `oatf validate` checks it. Frames are read by ForgivingMessageReader.
import { createLanguageService, type LanguageService } from "@oatf/language-service";
import { createDocumentFilter } from "@oatf/language-service/filter";
import {
  CodeActionKind,
  type Connection,
  createConnection,
  type ResponseMessage,
  type ServerCapabilities,
  StreamMessageWriter,
  TextDocumentSyncKind,
  TextDocuments,
} from "vscode-languageserver/node";
import { TextDocument } from "vscode-languageserver-textdocument";
import { defaultCelEvaluator } from "../../default-cel.js";
import { VERSION } from "../../version.js";
import type { CliContext } from "../shared/context.js";
import { ForgivingMessageReader } from "./framing.js";
import { ValidationSchedule } from "./schedule.js";

/**
 * How long a document must rest after a change before it is validated (ms): a burst of edits
 * (typing, a paste, a client replaying changes) is validated once, for its last version.
 */
export const VALIDATE_DELAY_MS = 150;
/** …but a document changed without rest is still validated this often (ms). */
export const VALIDATE_MAX_WAIT_MS = 1000;

/** JSON-RPC's parse error code, answered to a frame that cannot be read. */
const PARSE_ERROR = -32700;

export function serveLanguageServer(
  input: NodeJS.ReadableStream,
  output: NodeJS.WritableStream,
  ctx: Pick<CliContext, "stderr">,
  options: { globs?: readonly string[] } = {},
): Promise<number> {
  const connection = forgivingConnection(input, output, ctx);
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
  const validations = new ValidationSchedule(VALIDATE_DELAY_MS, VALIDATE_MAX_WAIT_MS, (uri) => {
    const document = documents.get(uri);
    if (!document) return;
    const { version } = document;
    const diagnostics = filter.accepts(document) ? service.diagnostics(document) : [];
    // Superseded while it ran (a newer version is scheduled): not published.
    if (documents.get(uri)?.version !== version) return;
    void connection.sendDiagnostics({ uri, version, diagnostics });
  });
  const publish = (uri: string) => validations.schedule(uri);

  connection.onInitialize(({ initializationOptions }) => {
    // Any JSON a client sends: the filter lists what is not a glob in `ignored`.
    const fromClient = (initializationOptions as { globs?: string | string[] } | null)?.globs ?? [];
    filter = createDocumentFilter({ globs: [...(options.globs ?? []), ...[fromClient].flat()] });
    for (const glob of filter.ignored)
      connection.console.warn(`oatf lsp: ignoring the glob ${JSON.stringify(glob)}`);
    return { serverInfo: { name: "oatf", version: VERSION }, capabilities: capabilities() };
  });

  documents.onDidOpen(({ document }) => publish(document.uri));
  documents.onDidChangeContent(({ document }) => publish(document.uri));
  documents.onDidClose(({ document }) => {
    validations.cancel(document.uri);
    service.close(document.uri);
    void connection.sendDiagnostics({ uri: document.uri, diagnostics: [] });
  });

  answerRequests(connection, service, (uri) => {
    const document = documents.get(uri);
    return document && filter.accepts(document) ? document : undefined;
  });
  documents.listen(connection);
  connection.listen();
  return untilClosed(input, ctx);
}

/**
 * The connection over `input` and `output`. A frame that cannot be read is logged and answered
 * (id null, as JSON-RPC answers a request it could not read), and reading goes on: the server
 * is never left deaf.
 */
function forgivingConnection(
  input: NodeJS.ReadableStream,
  output: NodeJS.WritableStream,
  ctx: Pick<CliContext, "stderr">,
): Connection {
  const writer = new StreamMessageWriter(output);
  const reader = new ForgivingMessageReader(input, (reason) => {
    ctx.stderr.write(`oatf lsp: ${reason}\n`);
    void writer
      .write({
        jsonrpc: "2.0",
        id: null,
        error: { code: PARSE_ERROR, message: reason },
      } as ResponseMessage)
      .catch(() => {});
  });
  return createConnection(reader, writer);
}

/** What the server answers (a fresh object: the connection adds to it). */
function capabilities(): ServerCapabilities {
  return {
    textDocumentSync: TextDocumentSyncKind.Incremental,
    hoverProvider: true,
    completionProvider: { triggerCharacters: [":", " ", "{", ".", "-", "/"] },
    definitionProvider: true,
    referencesProvider: true,
    codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
    documentSymbolProvider: true,
  };
}

/** Forwards each request on an open OATF document to the language service. */
function answerRequests(
  connection: Connection,
  service: LanguageService,
  open: (uri: string) => TextDocument | undefined,
): void {
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
}

/**
 * The exit notification ends the process (vscode-languageserver exits 0 after shutdown, else
 * 1); a client that closes the pipe without it ends here, with 1.
 */
function untilClosed(
  input: NodeJS.ReadableStream,
  ctx: Pick<CliContext, "stderr">,
): Promise<number> {
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
