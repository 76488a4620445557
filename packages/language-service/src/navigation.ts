// textDocument/definition, textDocument/references and textDocument/documentSymbol over the
// symbol index (symbols.ts): actors, phases, extractors, indicators and their uses.
import type { DocumentSymbol, Location, Position, Range } from "vscode-languageserver-types";
import type { Analysis } from "./analysis.js";
import { SymbolKind } from "./lsp-constants.js";
import type { Segment } from "./schema.js";
import { type Occurrence, occurrenceAt, sameSymbol } from "./symbols.js";

function range(analysis: Analysis, start: number, end: number): Range {
  return { start: analysis.document.positionAt(start), end: analysis.document.positionAt(end) };
}

function location(analysis: Analysis, o: Occurrence): Location {
  return { uri: analysis.document.uri, range: range(analysis, o.start, o.end) };
}

export function definition(analysis: Analysis, position: Position): Location[] {
  const at = occurrenceAt(analysis.symbols, analysis.document.offsetAt(position));
  if (!at) return [];
  return sameSymbol(analysis.symbols, at)
    .filter((o) => o.definition)
    .map((o) => location(analysis, o));
}

export function references(
  analysis: Analysis,
  position: Position,
  includeDeclaration: boolean,
): Location[] {
  const at = occurrenceAt(analysis.symbols, analysis.document.offsetAt(position));
  if (!at) return [];
  return sameSymbol(analysis.symbols, at)
    .filter((o) => includeDeclaration || !o.definition)
    .map((o) => location(analysis, o));
}

/** The source span of the collection item at `path` (an actor, phase or indicator). */
function itemRange(analysis: Analysis, path: readonly Segment[], fallback: Occurrence): Range {
  try {
    const node = analysis.tree?.getIn(path, true) as
      | { range?: [number, number, number] }
      | undefined;
    if (node?.range)
      return range(
        analysis,
        Math.min(node.range[0], fallback.start),
        Math.max(node.range[1], fallback.end),
      );
  } catch {
    // a path the tree cannot walk: the name's own span
  }
  return range(analysis, fallback.start, fallback.end);
}

/** The outline: actors with their phases, top-level phases, indicators. */
export function documentSymbols(analysis: Analysis): DocumentSymbol[] {
  const out: DocumentSymbol[] = [];
  const byActor = new Map<number, DocumentSymbol>();
  for (const o of analysis.symbols.occurrences) {
    if (!o.definition) continue;
    const item = o.path.slice(0, -1);
    const symbol = (kind: SymbolKind, detail: string): DocumentSymbol => ({
      name: o.name || "(unnamed)",
      detail,
      kind,
      range: itemRange(analysis, item, o),
      selectionRange: range(analysis, o.start, o.end),
    });
    if (o.kind === "actor") {
      const s = { ...symbol(SymbolKind.Class, "actor"), children: [] as DocumentSymbol[] };
      byActor.set(o.path[3] as number, s);
      out.push(s);
    } else if (o.kind === "phase") {
      const s = symbol(SymbolKind.Function, "phase");
      const actor = o.path[2] === "actors" ? byActor.get(o.path[3] as number) : undefined;
      (actor?.children ?? out).push(s);
    } else if (o.kind === "indicator") {
      out.push(symbol(SymbolKind.Event, "indicator"));
    }
  }
  return out;
}
