// textDocument/codeAction: quick fixes for the diagnostics the client sends back — did-you-mean
// (edit distance) for enum values, field names, surfaces and trigger events, and inserting a
// required field that is missing (SDK §2 tables: `required`).
import {
  eventsFor,
  KNOWN_MODES,
  KNOWN_PROTOCOLS,
  PROTOCOL_OPERATIONS,
  surfacesFor,
} from "@oatf/registries";
import type { CodeAction, Diagnostic, TextEdit } from "vscode-languageserver-types";
import { isMap, isScalar } from "yaml";
import type { Analysis } from "./analysis.js";
import { indicatorProtocolAt, modeAt } from "./context.js";
import type { DiagnosticData } from "./diagnostics.js";
import { closest } from "./distance.js";
import { CodeActionKind } from "./lsp-constants.js";
import { enumValues, fieldNames, resolve, type Segment } from "./schema.js";
import { keysAt, nodeAt } from "./yaml-tree.js";

/** `attack.indicators[0].tier` → `["attack", "indicators", 0, "tier"]`. */
export function pathSegments(path: string): Segment[] {
  const out: Segment[] = [];
  for (const match of path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) {
    out.push(match[2] !== undefined ? Number(match[2]) : (match[1] as string));
  }
  return out;
}

export function codeActions(analysis: Analysis, diagnostics: readonly Diagnostic[]): CodeAction[] {
  const out: CodeAction[] = [];
  for (const diagnostic of diagnostics.slice(0, 100)) {
    const data = diagnostic.data as DiagnosticData | undefined;
    if (diagnostic.source !== "oatf" || typeof data?.path !== "string") continue;
    const path = pathSegments(data.path);
    const missing = missingField(analysis, path);
    if (missing) {
      out.push(fix(analysis, `Add required field \`${missing.key}\``, diagnostic, [missing.edit]));
      continue;
    }
    for (const candidate of candidates(analysis, path, diagnostic)) {
      out.push(fix(analysis, `Change to \`${candidate.text}\``, diagnostic, [candidate.edit]));
    }
  }
  return out;
}

function fix(
  analysis: Analysis,
  title: string,
  diagnostic: Diagnostic,
  edits: TextEdit[],
): CodeAction {
  return {
    title,
    kind: CodeActionKind.QuickFix,
    diagnostics: [diagnostic],
    edit: { changes: { [analysis.document.uri]: edits } },
  };
}

/** Did-you-mean replacements for the key or value the diagnostic's path names. */
function candidates(
  analysis: Analysis,
  path: Segment[],
  diagnostic: Diagnostic,
): { text: string; edit: TextEdit }[] {
  const startOffset = analysis.document.offsetAt(diagnostic.range.start);
  const at = nodeAt(analysis.tree, startOffset);
  if (!at?.scalar || typeof at.scalar.value !== "string") return [];
  const word = at.scalar.value;
  const key = path.at(-1);
  let pool: readonly string[] = [];
  if (at.onKey) {
    const parent = path.slice(0, -1);
    const type = resolve(parent)?.type;
    const present = keysAt(analysis.tree, parent);
    pool = type ? fieldNames(type).filter((n) => !present.has(n)) : [];
  } else if (key === "surface") {
    const protocols = indicatorProtocolAt(analysis.tree, path).filter((p) => surfacesFor(p));
    pool = (protocols.length > 0 ? protocols : Object.keys(PROTOCOL_OPERATIONS)).flatMap(
      (p) => surfacesFor(p) ?? [],
    );
  } else if (key === "mode" || key === "protocol") {
    pool = key === "mode" ? KNOWN_MODES : KNOWN_PROTOCOLS;
  } else if (key === "event") {
    const mode = modeAt(analysis.tree, path);
    pool = (mode && eventsFor(mode)) || [];
  } else {
    const type = resolve(path)?.type;
    pool = (type && enumValues(type)) ?? [];
  }
  const range = {
    start: analysis.document.positionAt(at.scalar.start),
    end: analysis.document.positionAt(at.scalar.end),
  };
  return closest(word, pool).map((text) => ({ text, edit: { range, newText: text } }));
}

const PLACEHOLDER: Partial<Record<string, string>> = { string: ' ""', list: " []", object: " {}" };

/** When the path names a required field absent from its mapping: the edit inserting it. */
function missingField(
  analysis: Analysis,
  path: Segment[],
): { key: string; edit: TextEdit } | undefined {
  const key = path.at(-1);
  if (typeof key !== "string") return undefined;
  const parent = path.slice(0, -1);
  const resolved = resolve(path);
  if (!resolved?.field?.required || keysAt(analysis.tree, parent).has(key)) return undefined;
  let node: unknown;
  try {
    node = parent.length === 0 ? analysis.tree?.contents : analysis.tree?.getIn(parent, true);
  } catch {
    return undefined;
  }
  if (!isMap(node) || node.flow) return undefined;
  const first = node.items[0]?.key;
  if (!isScalar(first) || !first.range) return undefined;
  const start = analysis.document.positionAt(first.range[0]);
  // A value of the field's type to fill in: an empty string, list or mapping.
  const value = key === "oatf" ? ' "0.1"' : (PLACEHOLDER[resolved.type.kind] ?? "");
  const indent = " ".repeat(start.character);
  // Inserted before the mapping's first key, at its indentation: valid whatever follows.
  return { key, edit: { range: { start, end: start }, newText: `${key}:${value}\n${indent}` } };
}
