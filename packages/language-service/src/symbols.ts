// Names a document defines and where it uses them: actors (format §5.1), phases (format §5.2),
// extractors (format §5.5), indicators (format §6.1), and the uses `indicator.actor` (V-048) and
// `{{…}}` templates (format §5.6: `{{extractor}}`, `{{actor.extractor}}`). Read from the YAML tree, so a
// half-written document still navigates.
import type { Segment } from "./schema.js";
import { type ScalarEntry, scalars, type YamlDocument } from "./yaml-tree.js";

export type SymbolKind = "actor" | "phase" | "indicator" | "extractor";

export interface Occurrence {
  kind: SymbolKind;
  name: string;
  /** Which actor's names (extractors and phases are per actor): its path prefix; "" for document-wide names. */
  scope: string;
  /** Source span of the name itself. */
  start: number;
  end: number;
  definition: boolean;
  /** Path of the value holding it. */
  path: Segment[];
}

export interface SymbolIndex {
  occurrences: Occurrence[];
}

/** `attack.execution.actors[2]`'s path prefix, or `attack.execution` for single-actor forms. */
function actorScope(path: readonly Segment[]): string {
  if (path[0] === "attack" && path[1] === "execution") {
    if (path[2] === "actors" && typeof path[3] === "number") return `actors[${path[3]}]`;
    return "execution";
  }
  return "";
}

/** Whether `path` is `pattern` with `*` as any number and `?` as any key. */
function matches(path: readonly Segment[], pattern: readonly (Segment | "*" | "?")[]): boolean {
  return (
    path.length === pattern.length &&
    pattern.every((p, i) =>
      p === "*"
        ? typeof path[i] === "number"
        : p === "?"
          ? typeof path[i] === "string"
          : p === path[i],
    )
  );
}

const PHASES: readonly (readonly (Segment | "*")[])[] = [
  ["attack", "execution", "phases", "*"],
  ["attack", "execution", "actors", "*", "phases", "*"],
];

function isPhaseField(path: readonly Segment[], field: string): boolean {
  return PHASES.some((p) => matches(path, [...p, field]));
}

function isExtractorName(path: readonly Segment[]): boolean {
  return PHASES.some((p) => matches(path, [...p, "extractors", "*", "name"]));
}

/** Templates are interpolated in `state` and `on_enter` strings (format §5.6). */
function inTemplateField(path: readonly Segment[]): boolean {
  return (
    path[0] === "attack" &&
    path[1] === "execution" &&
    path.some((s) => s === "state" || s === "on_enter")
  );
}

const TEMPLATE = /(\\?)\{\{\s*([A-Za-z_][\w-]*)(?:\.([A-Za-z_][\w.-]*))?\s*\}\}/g;

export function indexSymbols(
  tree: YamlDocument | undefined,
  text: string,
  limit: number,
): SymbolIndex {
  const occurrences: Occurrence[] = [];
  for (const entry of tree ? scalars(tree, text, limit) : []) {
    if (entry.isKey || typeof entry.value !== "string") continue;
    const { path } = entry;
    const at = (kind: SymbolKind, scope: string, definition: boolean) =>
      occurrences.push({
        kind,
        name: entry.value as string,
        scope,
        ...nameSpan(entry),
        definition,
        path,
      });
    if (matches(path, ["attack", "execution", "actors", "*", "name"])) at("actor", "", true);
    else if (isPhaseField(path, "name")) at("phase", actorScope(path), true);
    else if (isExtractorName(path)) at("extractor", actorScope(path), true);
    else if (matches(path, ["attack", "indicators", "*", "id"])) at("indicator", "", true);
    else if (matches(path, ["attack", "indicators", "*", "actor"])) at("actor", "", false);
    else if (inTemplateField(path)) templateUses(entry, occurrences);
  }
  return { occurrences };
}

/** The span of the name inside a scalar's source (quotes excluded). */
function nameSpan(entry: ScalarEntry): { start: number; end: number } {
  const quoted = /^["']/.test(entry.source) ? 1 : 0;
  const inner = entry.source.indexOf(entry.value as string, quoted);
  if (inner < 0) return { start: entry.start, end: entry.end };
  return { start: entry.start + inner, end: entry.start + inner + (entry.value as string).length };
}

/**
 * `{{name}}` and `{{actor.name}}` in the scalar's source text: names are `[a-z0-9_]`, which
 * no YAML quoting style escapes, so source positions are exact. `\{{` is a literal.
 */
function templateUses(entry: ScalarEntry, out: Occurrence[]): void {
  const scope = actorScope(entry.path);
  for (const match of entry.source.matchAll(TEMPLATE)) {
    if (match[1]) continue;
    const head = match[2] as string;
    const tail = match[3];
    if (head === "request" || head === "response") continue;
    const headStart = entry.start + (match.index ?? 0) + match[0].indexOf(head, 2);
    if (tail === undefined) {
      out.push({
        kind: "extractor",
        name: head,
        scope,
        start: headStart,
        end: headStart + head.length,
        definition: false,
        path: entry.path,
      });
      continue;
    }
    out.push({
      kind: "actor",
      name: head,
      scope: "",
      start: headStart,
      end: headStart + head.length,
      definition: false,
      path: entry.path,
    });
    const tailStart = headStart + head.length + 1;
    // The extractor of the named actor: its scope is resolved by name in `sameSymbol`.
    out.push({
      kind: "extractor",
      name: tail,
      scope: `@${head}`,
      start: tailStart,
      end: tailStart + tail.length,
      definition: false,
      path: entry.path,
    });
  }
}

/** The occurrence whose name span holds `offset`. */
export function occurrenceAt(index: SymbolIndex, offset: number): Occurrence | undefined {
  return index.occurrences.find((o) => o.start <= offset && offset <= o.end);
}

/** The scope an occurrence's name lives in, with `@actor` references resolved to the actor's scope. */
function resolvedScope(index: SymbolIndex, occurrence: Occurrence): string {
  if (!occurrence.scope.startsWith("@")) return occurrence.scope;
  const actor = index.occurrences.find(
    (o) => o.kind === "actor" && o.definition && o.name === occurrence.scope.slice(1),
  );
  return actor ? actorScope(actor.path) : occurrence.scope;
}

/** Every occurrence naming the same thing as `occurrence`. */
export function sameSymbol(index: SymbolIndex, occurrence: Occurrence): Occurrence[] {
  const scope = resolvedScope(index, occurrence);
  return index.occurrences.filter(
    (o) =>
      o.kind === occurrence.kind && o.name === occurrence.name && resolvedScope(index, o) === scope,
  );
}
