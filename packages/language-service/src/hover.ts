// textDocument/hover: for a field, its SDK §2 table row and section; for an enum value,
// the allowed values; for a surface or event, its binding (surface-info); for a
// diagnostic under the cursor, its rule and what the rule checks.
import { documentRuleCheck, documentRuleInfo } from "@oatf/model/internal";
import type { Hover, Position } from "vscode-languageserver-types";
import type { Analysis } from "./analysis.js";
import { MarkupKind } from "./lsp-constants.js";
import { describeType, enumValues, fieldDoc, resolve, type Segment, sectionOf } from "./schema.js";
import { describeMode, describeSurface } from "./surface-info.js";
import { type Occurrence, occurrenceAt, sameSymbol } from "./symbols.js";
import { nodeAt, scalarValue } from "./yaml-tree.js";

export function hover(analysis: Analysis, position: Position): Hover | null {
  const offset = analysis.document.offsetAt(position);
  const parts: string[] = [];
  let span: { start: number; end: number } | undefined;
  const symbol = occurrenceAt(analysis.symbols, offset);
  const at = nodeAt(analysis.tree, offset);
  if (symbol) {
    parts.push(symbolHover(analysis, symbol));
    span = symbol;
  } else if (at) {
    const text = at.onKey ? fieldHover(at.path) : valueHover(at.path, at.scalar?.value);
    if (text) parts.push(text);
    if (text && at.scalar) span = at.scalar;
  }
  for (const { diagnostic: d } of analysis.findings) {
    const from = d.range?.start.offset;
    const to = d.range?.end.offset;
    if (from === undefined || to === undefined || from > offset || offset > Math.max(to, from))
      continue;
    const ref = d.spec_ref ?? documentRuleInfo(d.rule)?.spec_ref;
    const check = documentRuleCheck(d.rule);
    parts.push(
      `**${d.rule}**${ref ? ` (${ref})` : ""}${check ? `: ${check}` : ""}\n\n${d.message}`,
    );
  }
  if (parts.length === 0) return null;
  const result: Hover = {
    contents: { kind: MarkupKind.Markdown, value: parts.join("\n\n---\n\n") },
  };
  if (span)
    result.range = {
      start: analysis.document.positionAt(span.start),
      end: analysis.document.positionAt(span.end),
    };
  return result;
}

function fieldHover(path: Segment[]): string | undefined {
  const key = path.at(-1);
  if (typeof key !== "string") return undefined;
  const resolved = resolve(path);
  if (!resolved) return undefined;
  if (key.startsWith("x-") && !resolved.field) {
    return `**\`${key}\`** — extension field: preserved, ignored by conforming tools (format §10.2)`;
  }
  const found = fieldDoc(resolved.owner, key);
  const lines = [
    `**\`${key}\`** — ${describeType(resolved.type)}${resolved.field?.required ? " (required)" : ""}`,
  ];
  if (found) {
    lines.push("", found.doc.description);
    if (found.doc.default) lines.push("", `Default: ${found.doc.default}`);
    lines.push("", `${found.section.section} ${found.section.title}`);
  } else {
    const section = sectionOf(resolved.owner);
    if (section) lines.push("", `${section.section} ${section.title}`);
  }
  return lines.join("\n");
}

function valueHover(path: Segment[], value: unknown): string | undefined {
  const key = path.at(-1);
  if (typeof value === "string" && (key === "surface" || key === "event")) {
    const surface = describeSurface(value);
    if (surface) return surface;
  }
  if (typeof value === "string" && key === "mode" && path[1] === "execution")
    return describeMode(value);
  const resolved = resolve(path);
  const values = resolved ? enumValues(resolved.type) : undefined;
  if (!values) return undefined;
  const known = typeof value === "string" && values.includes(value);
  const name =
    resolved?.type.kind === "enum"
      ? resolved.type.name
      : resolved?.type.kind === "list" && resolved.type.of.kind === "enum"
        ? resolved.type.of.name
        : "severity level";
  return [
    `${known ? `\`${String(value)}\`: one of the ${name} values` : `not a ${name} value`}`,
    "",
    `Allowed: ${values.map((v) => `\`${v}\``).join(", ")}`,
  ].join("\n");
}

/** What a name refers to: its kind, where it is defined (an extractor: what it captures), uses. */
function symbolHover(analysis: Analysis, occurrence: Occurrence): string {
  const all = sameSymbol(analysis.symbols, occurrence);
  const definition = all.find((o) => o.definition);
  const uses = all.filter((o) => !o.definition).length;
  const head = `**${occurrence.kind}** \`${occurrence.name}\``;
  if (!definition) {
    return `${head}: not defined in this document${occurrence.kind === "extractor" ? " (it interpolates as an empty string, W-004)" : ""}`;
  }
  const item = definition.path.slice(0, -1);
  const text = (key: string) => {
    const value = scalarValue(analysis.tree, [...item, key]);
    return typeof value === "string" ? value : undefined;
  };
  const lines = [head];
  if (occurrence.kind === "actor" && text("mode")) lines.push(`mode \`${text("mode")}\``);
  if (occurrence.kind === "extractor") {
    const actor =
      definition.path[2] === "actors"
        ? scalarValue(analysis.tree, [...definition.path.slice(0, 4), "name"])
        : undefined;
    lines.push(
      `captures from the ${text("source") ?? "?"} with ${text("type") ?? "?"} \`${text("selector") ?? ""}\`${typeof actor === "string" ? ` (actor \`${actor}\`)` : ""}`,
    );
  }
  lines.push(`${uses} ${uses === 1 ? "use" : "uses"} in this document`);
  return lines.join("\n\n");
}
