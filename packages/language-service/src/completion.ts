// textDocument/completion: field names the shape allows at the cursor (SDK §2), enum values,
// surfaces and trigger events for the actor's mode (@oatf/registries), modes and protocols,
// actor names for `indicator.actor`, extractor and actor names inside `{{…}}` (format §5.6).
import { KNOWN_FRAMEWORKS } from "@oatf/model";
import {
  eventsFor,
  KNOWN_MODES,
  KNOWN_PROTOCOLS,
  PROTOCOL_OPERATIONS,
  surfacesFor,
} from "@oatf/registries";
import { SUPPORTED_VERSIONS } from "@oatf/validate";
import type { CompletionItem, CompletionList, Position, Range } from "vscode-languageserver-types";
import type { TextView } from "./analysis.js";
import { indicatorProtocolAt, modeAt } from "./context.js";
import { CompletionItemKind, MarkupKind } from "./lsp-constants.js";
import { describeType, enumValues, fieldDoc, fieldNames, resolve, type Segment } from "./schema.js";
import { describeSurface } from "./surface-info.js";
import { keyContext, valueContext } from "./text-path.js";
import { keysAt } from "./yaml-tree.js";

export function completion(analysis: TextView, position: Position): CompletionList {
  const line = analysis.lines[position.line] ?? "";
  const character = Math.min(position.character, line.length);
  const lineStart = analysis.document.offsetAt({ line: position.line, character: 0 });
  const before = line.slice(0, character);
  // The rest of the word under the cursor is replaced too (`direction: re|quest`).
  const after = /^[\w$./-]*/.exec(line.slice(character))?.[0].length ?? 0;
  const at = { line: position.line, character };
  const items =
    templateItems(analysis, before, at) ??
    keyItems(analysis, at, lineStart, line.slice(character)) ??
    valueItems(analysis, at, after) ??
    [];
  return { isIncomplete: false, items };
}

/** From `before` characters left of the cursor to `after` characters right of it. */
function rangeAround(position: Position, before: number, after = 0): Range {
  return {
    start: { line: position.line, character: position.character - before },
    end: { line: position.line, character: position.character + after },
  };
}

function keyItems(
  analysis: TextView,
  position: Position,
  lineStart: number,
  rest: string,
): CompletionItem[] | undefined {
  const context = keyContext(analysis.lines, position.line, position.character, lineStart);
  if (!context) return undefined;
  const resolved = resolve(context.path);
  if (!resolved) return [];
  const word = /^[\w$-]*/.exec(rest)?.[0] ?? "";
  // A list item of scalars (`impact:` → `- |`): its values, not keys.
  // (A severity on its own lines is the object form: its keys.)
  if (
    (enumValues(resolved.type) && resolved.type.kind !== "severity") ||
    resolved.type.kind === "string"
  ) {
    return valueCandidates(analysis, context.path, position, context.prefix.length, word.length);
  }
  // Renaming an existing key (`na|me: x`): the whole key is replaced, its colon kept.
  const renaming = /^[\w$-]*\s*:/.test(rest);
  const editing = context.prefix + word;
  const present = keysAt(analysis.tree, context.path);
  const range = rangeAround(position, context.prefix.length, renaming ? word.length : 0);
  return fieldNames(resolved.type)
    .filter((name) => !present.has(name) || name === editing)
    .map((name, order) => {
      const field = resolve([...context.path, name]);
      const doc = field ? fieldDoc(field.owner, name) : undefined;
      const nested =
        field &&
        (field.type.kind === "object" || field.type.kind === "list" || field.type.kind === "map");
      const item: CompletionItem = {
        label: name,
        kind: CompletionItemKind.Field,
        detail: field
          ? `${describeType(field.type)}${field.field?.required ? " (required)" : ""}`
          : undefined,
        textEdit: { range, newText: renaming ? name : `${name}:${nested ? "" : " "}` },
        // Required fields first, then specification order.
        sortText: `${field?.field?.required ? 0 : 1}${String(order).padStart(3, "0")}`,
      };
      if (doc)
        item.documentation = {
          kind: MarkupKind.Markdown,
          value: `${doc.doc.description}\n\n${doc.section.section} ${doc.section.title}`,
        };
      if (item.detail === undefined) delete item.detail;
      return item;
    });
}

function valueItems(
  analysis: TextView,
  position: Position,
  after: number,
): CompletionItem[] | undefined {
  const context = valueContext(analysis.lines, position.line, position.character);
  if (!context) return undefined;
  return valueCandidates(analysis, context.path, position, context.prefix.length, after);
}

function valueCandidates(
  analysis: TextView,
  path: Segment[],
  position: Position,
  prefixLength: number,
  after = 0,
): CompletionItem[] {
  const range = rangeAround(position, prefixLength, after);
  const item = (
    label: string,
    kind: CompletionItemKind,
    detail?: string,
    documentation?: string,
  ): CompletionItem => {
    const out: CompletionItem = { label, kind, textEdit: { range, newText: label } };
    if (detail) out.detail = detail;
    if (documentation) out.documentation = { kind: MarkupKind.Markdown, value: documentation };
    return out;
  };
  const key = path.at(-1);
  const resolved = resolve(path);
  const values = resolved ? enumValues(resolved.type) : undefined;
  if (values)
    return values.map((v) =>
      item(v, CompletionItemKind.EnumMember, resolved ? describeType(resolved.type) : undefined),
    );
  if (key === "surface" && path[1] === "indicators") {
    const protocols = indicatorProtocolAt(analysis.tree, path);
    const known = protocols.filter((p) => surfacesFor(p));
    const use = known.length > 0 ? known : Object.keys(PROTOCOL_OPERATIONS);
    return use.flatMap((p) =>
      (surfacesFor(p) ?? []).map((s) =>
        item(s, CompletionItemKind.Event, `${p} surface`, describeSurface(s)),
      ),
    );
  }
  if (key === "event" && path.at(-2) === "trigger") {
    const mode = modeAt(analysis.tree, path);
    const events = (mode && eventsFor(mode)) || undefined;
    const all = events ?? KNOWN_MODES.flatMap((m) => eventsFor(m) ?? []);
    return [...new Set(all)].map((e) =>
      item(
        e,
        CompletionItemKind.Event,
        mode && events ? `${mode} event` : "event",
        describeSurface(e),
      ),
    );
  }
  if (key === "mode") return KNOWN_MODES.map((m) => item(m, CompletionItemKind.EnumMember, "mode"));
  if (key === "protocol")
    return KNOWN_PROTOCOLS.map((p) => item(p, CompletionItemKind.EnumMember, "protocol"));
  if (key === "framework")
    return KNOWN_FRAMEWORKS.map((f) => item(f, CompletionItemKind.EnumMember, "framework"));
  if (key === "oatf" && path.length === 1)
    return SUPPORTED_VERSIONS.map((v) =>
      item(`"${v}"`, CompletionItemKind.Constant, "OATF version"),
    );
  if (key === "actor" && path[1] === "indicators") {
    return actorNames(analysis).map((name) => item(name, CompletionItemKind.Reference, "actor"));
  }
  if (resolved?.type.kind === "boolean")
    return ["true", "false"].map((b) => item(b, CompletionItemKind.Constant));
  return [];
}

function actorNames(analysis: TextView): string[] {
  return [
    ...new Set(
      analysis.symbols.occurrences
        .filter((o) => o.kind === "actor" && o.definition)
        .map((o) => o.name),
    ),
  ];
}

/** Inside `{{…`: extractors of the current actor, `request.`/`response.`, actors; after `actor.`: its extractors. */
function templateItems(
  analysis: TextView,
  before: string,
  position: Position,
): CompletionItem[] | undefined {
  const open = /\{\{\s*([A-Za-z_][\w-]*\.)?([\w-]*)$/.exec(before);
  if (!open || /\\\{\{[^{]*$/.test(before)) return undefined;
  const qualifier = open[1]?.slice(0, -1);
  const prefix = open[2] as string;
  // The rest of the name after the cursor (up to `.` or `}}`) is replaced too.
  const rest =
    /^[\w-]*/.exec((analysis.lines[position.line] ?? "").slice(position.character))?.[0] ?? "";
  const range = rangeAround(position, prefix.length, rest.length);
  const extractors = analysis.symbols.occurrences.filter(
    (o) => o.kind === "extractor" && o.definition,
  );
  const lineOffset = analysis.document.offsetAt(position);
  // The actor scope of the cursor: the defining occurrence nearest above it in its actor.
  const actors = analysis.symbols.occurrences.filter((o) => o.kind === "actor" && o.definition);
  const item = (label: string, kind: CompletionItemKind, detail: string): CompletionItem => ({
    label,
    kind,
    detail,
    textEdit: { range, newText: label },
  });
  if (qualifier) {
    const actor = actors.find((a) => a.name === qualifier);
    if (!actor) return [];
    const scope = `actors[${actor.path[3]}]`;
    return unique(extractors.filter((e) => e.scope === scope).map((e) => e.name)).map((n) =>
      item(n, CompletionItemKind.Variable, `extractor of ${qualifier}`),
    );
  }
  const scope = scopeAt(analysis, lineOffset);
  return [
    ...unique(extractors.filter((e) => e.scope === scope).map((e) => e.name)).map((n) =>
      item(n, CompletionItemKind.Variable, "extractor"),
    ),
    item("request", CompletionItemKind.Keyword, "the current request: {{request.path}}"),
    item("response", CompletionItemKind.Keyword, "the current response: {{response.path}}"),
    ...unique(actors.map((a) => a.name)).map((n) =>
      item(n, CompletionItemKind.Module, "actor: {{actor.extractor}}"),
    ),
  ];
}

/** The actor scope (`actors[i]` or `execution`) of the text at `offset`, from the tree. */
function scopeAt(analysis: TextView, offset: number): string {
  const actors = analysis.symbols.occurrences.filter(
    (o) => o.kind === "actor" && o.definition && o.start <= offset,
  );
  const last = actors.at(-1);
  return last ? `actors[${last.path[3]}]` : "execution";
}

function unique(names: string[]): string[] {
  return [...new Set(names)];
}
