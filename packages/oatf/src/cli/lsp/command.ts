// `oatf lsp`: the OATF language server on standard input/output. The server itself
// (server.ts, with vscode-languageserver) is loaded only when this command runs, so the
// other commands start without it.
import { option, type ParsedArgs, UsageError } from "../shared/args.js";
import type { CliContext } from "../shared/context.js";

export const LSP_USAGE = `Usage: oatf lsp [--stdio] [--glob <pattern>]

Starts the OATF language server (LSP 3.17) on standard input and output, for any editor
that speaks LSP: diagnostics as you type (the same as oatf validate), hover, completion,
go to definition, find references, quick fixes and the document outline. --stdio is
accepted (and implied) for clients that pass it.

It answers only for OATF documents, so it can be attached to every YAML file: a document
whose top-level mapping has an 'oatf' key, or whose path matches --glob (e.g.
'*.oatf.{yaml,yml}'; without '/' the file name is matched) or one of the globs of the
client's initialization option {"globs": [...]}. Other documents get no diagnostics, hover
or completion.

Exit code: 0 after a shutdown request and exit, 1 when the client exits or goes away
without one.
`;

export async function lspCommand(args: ParsedArgs, ctx: CliContext): Promise<number> {
  if (args.positionals.length > 0)
    throw new UsageError(`unexpected argument '${args.positionals[0]}'`);
  const { serveLanguageServer } = await import("./server.js");
  const glob = option(args, "--glob");
  return serveLanguageServer(process.stdin, process.stdout, ctx, {
    globs: glob === undefined ? [] : [glob],
  });
}
