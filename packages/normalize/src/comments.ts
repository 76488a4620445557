// Comments through normalize + serialize (SDK §3.3, §3.4 write data, not comments): the
// canonical text of a document with the comments of its source carried over, for tools that
// rewrite a hand-written file in place (`oatf normalize --write`).
//
// Which comments survive: a comment on the line(s) before a field or list item, and one at
// the end of a field's line, move with that field, also where normalization moves it (N-006 /
// N-007 `execution.phases[i]` → `execution.actors[0].phases[i]`, `execution.state` → the first
// phase's `state`; N-005 a shorthand operator → `pattern.condition.<op>`). A comment of a
// field normalization removes (`execution.mode`) goes before the nearest field that remains
// above it. The comment at the top of the file stays at the top, the one at the end at the end.
// Comments inside flow collections (`{a: 1, # x}`) are kept only at the collection's line.
import { type Document, isObject, serialize } from "@oatf/model";
import {
  isMap,
  isScalar,
  isSeq,
  LineCounter,
  type Node,
  parseDocument,
  type Document as YamlDocument,
} from "yaml";
import { normalize } from "./normalize.js";

interface Carried {
  /** Comment lines before the entry (without `#`). */
  before: string[];
  /** The comment at the end of the entry's line. */
  trailing?: string;
}

/**
 * `serialize(normalize(document))` with the comments of `source` (the YAML text `document`
 * was parsed from) carried over. Without comments in the source, exactly the canonical text.
 */
export function serializeNormalized(document: Document, source: string): string {
  const canonical = serialize(normalize(document));
  const original = parseDocument(String(source), { version: "1.2" });
  const comments = collect(original);
  if (comments.size === 0 && !original.commentBefore && !original.comment) return canonical;
  const translate = pathTranslator(document);
  const moved = new Map<string, Carried>();
  for (const [path, carried] of comments) {
    const target = translate(path);
    const entry = moved.get(target) ?? { before: [] };
    entry.before.push(...carried.before);
    if (carried.trailing !== undefined)
      entry.trailing = entry.trailing ? `${entry.trailing}; ${carried.trailing}` : carried.trailing;
    moved.set(target, entry);
  }
  return insert(canonical, moved, original.commentBefore, original.comment);
}

/** Dot-path → comments, from the source's YAML tree. */
function collect(document: YamlDocument): Map<string, Carried> {
  const out = new Map<string, Carried>();
  const add = (path: string, before?: string | null, trailing?: string | null) => {
    if (!before && !trailing) return;
    const entry = out.get(path) ?? { before: [] };
    if (before) entry.before.push(...before.split("\n"));
    if (trailing) entry.trailing = entry.trailing ? `${entry.trailing}; ${trailing}` : trailing;
    out.set(path, entry);
  };
  const join = (parent: string, key: string) => (parent === "" ? key : `${parent}.${key}`);
  const stack: [Node | null | undefined, string][] = [[document.contents as Node, ""]];
  while (stack.length > 0) {
    const [node, path] = stack.pop()!;
    if (!node) continue;
    if (isMap(node)) {
      // A comment before the first key is the mapping's.
      const first = node.items[0];
      if (first && isScalar(first.key))
        add(join(path, String(first.key.value)), node.commentBefore);
      else add(path, node.commentBefore);
      // A comment after the last entry stays after it; a flow mapping's is its line's.
      if (node.flow) add(path, undefined, node.comment);
      else if (node.comment && path !== "") add(`${path}\uE000end`, node.comment);
      for (const pair of node.items) {
        if (!isScalar(pair.key)) continue;
        const child = join(path, String(pair.key.value));
        add(child, pair.key.commentBefore, pair.key.comment);
        const value = pair.value as Node | null;
        if (isScalar(value)) add(child, value.commentBefore, value.comment);
        else stack.push([value, child]);
      }
    } else if (isSeq(node)) {
      if (node.items.length > 0) add(`${path}[0]`, node.commentBefore);
      if (node.flow) add(path, undefined, node.comment);
      else if (node.comment) add(`${path}\uE000end`, node.comment);
      node.items.forEach((item, i) => {
        const itemPath = `${path}[${i}]`;
        if (isScalar(item)) add(itemPath, item.commentBefore, item.comment);
        else stack.push([item as Node, itemPath]);
      });
    } else if (path !== "") {
      add(path, node.commentBefore, node.comment);
    }
  }
  return out;
}

/** Where a source path is after normalization (N-005, N-006, N-007). */
function pathTranslator(document: Document): (path: string) => string {
  const execution = isObject(document?.attack) ? document.attack.execution : undefined;
  const form = !isObject(execution)
    ? undefined
    : execution.actors !== undefined
      ? "actors"
      : execution.phases !== undefined
        ? "phases"
        : execution.state !== undefined
          ? "state"
          : undefined;
  const OPERATORS =
    /^(attack\.indicators\[\d+\]\.pattern)\.(contains|starts_with|ends_with|regex|any_of|gt|lt|gte|lte)(?=$|[.[\uE000])/;
  return (path) => {
    let out = path;
    if (form === "phases") {
      out = out
        .replace(/^attack\.execution\.phases(?=$|[.[\uE000])/, "attack.execution.actors[0].phases")
        .replace(/^attack\.execution\.mode(?=$|[.[\uE000])/, "attack.execution.actors[0].mode");
    } else if (form === "state") {
      out = out
        .replace(
          /^attack\.execution\.state(?=$|[.[\uE000])/,
          "attack.execution.actors[0].phases[0].state",
        )
        .replace(/^attack\.execution\.mode(?=$|[.[\uE000])/, "attack.execution.actors[0].mode");
    }
    const shorthand = OPERATORS.exec(out);
    if (shorthand) out = `${shorthand[1]}.condition.${out.slice(shorthand[1]!.length + 1)}`;
    return out;
  };
}

/** The canonical text with each path's comments inserted at the line that writes it. */
function insert(
  canonical: string,
  comments: Map<string, Carried>,
  head: string | null | undefined,
  tail: string | null | undefined,
): string {
  const lineCounter = new LineCounter();
  const written = parseDocument(canonical, { version: "1.2", lineCounter });
  const lines = canonical.endsWith("\n")
    ? canonical.slice(0, -1).split("\n")
    : canonical.split("\n");
  // Per line (0-based): comment lines to put before it, and a comment for its end.
  const before = new Map<number, string[]>();
  const trailing = new Map<number, string>();
  const after = new Map<number, string[]>();
  const lineOf = (offset: number) => lineCounter.linePos(offset).line - 1;
  const indentOf = (line: number) => /^ */.exec(lines[line] ?? "")![0].length;
  const located = new Map<string, { start: number; last: number; indent: number; inner: number }>();
  const stack: [Node | null | undefined, string, number | undefined][] = [
    [written.contents as Node, "", undefined],
  ];
  while (stack.length > 0) {
    const [node, path, keyOffset] = stack.pop()!;
    if (!node?.range) continue;
    const start = lineOf(keyOffset ?? node.range[0]);
    const last = lineOf(Math.max(node.range[0], node.range[1] - 1));
    // `inner`: the indentation of a mapping's entries (where a comment after the last goes).
    const first = isMap(node) ? node.items[0]?.key : undefined;
    const firstOffset = (first as Node | undefined)?.range?.[0];
    const inner = firstOffset === undefined ? indentOf(last) : indentOf(lineOf(firstOffset));
    located.set(path, { start, last, indent: indentOf(start), inner });
    if (isMap(node)) {
      for (const pair of node.items) {
        if (!isScalar(pair.key) || !pair.key.range) continue;
        const child = path === "" ? String(pair.key.value) : `${path}.${pair.key.value}`;
        stack.push([pair.value as Node, child, pair.key.range[0]]);
      }
    } else if (isSeq(node)) {
      node.items.forEach((item, i) => {
        const range = (item as Node | null)?.range;
        // The item's line is the `- ` line.
        stack.push([item as Node, `${path}[${i}]`, range ? range[0] : undefined]);
      });
    }
  }
  const push = (map: Map<number, string[]>, line: number, texts: string[]) => {
    map.set(line, [...(map.get(line) ?? []), ...texts]);
  };
  for (const [path, carried] of comments) {
    const endMarker = path.indexOf("\uE000end");
    const base = endMarker >= 0 ? path.slice(0, endMarker) : path;
    let target = base;
    while (!located.has(target) && target !== "") target = parentOf(target);
    const where = located.get(target);
    if (!where) continue;
    if (endMarker >= 0 && target === base) {
      // Indented like the collection's entries.
      const indent = " ".repeat(where.inner);
      push(
        after,
        where.last,
        carried.before.map((text) => `${indent}#${text}`),
      );
      continue;
    }
    // An item's comment goes before its `- ` line, indented like the dash.
    const dash = /^( *)- /.exec(lines[where.start] ?? "");
    const indent = target === base && dash && /\]$/.test(base) ? dash[1]!.length : where.indent;
    const prefix = " ".repeat(indent);
    push(
      before,
      where.start,
      carried.before.map((text) => `${prefix}#${text}`),
    );
    if (carried.trailing !== undefined) {
      // A comment after `key:` of a block collection would be read back as the collection's
      // (before its first entry): it goes on the line before the key instead.
      const opensBlock = /:$/.test(lines[where.start] ?? "");
      if (target === base && !opensBlock) {
        const line = where.start;
        trailing.set(
          line,
          trailing.has(line) ? `${trailing.get(line)}; ${carried.trailing}` : carried.trailing,
        );
      } else {
        push(before, where.start, [`${prefix}#${carried.trailing}`]);
      }
    }
  }
  const out: string[] = [];
  if (head) out.push(...head.split("\n").map((text) => `#${text}`));
  lines.forEach((line, n) => {
    out.push(...(before.get(n) ?? []));
    const comment = trailing.get(n);
    out.push(comment === undefined ? line : `${line} #${comment}`);
    out.push(...(after.get(n) ?? []));
  });
  if (tail) out.push(...tail.split("\n").map((text) => `#${text}`));
  return `${out.join("\n")}\n`;
}

/** The dot-path one level up. */
function parentOf(path: string): string {
  return path.slice(0, Math.max(path.lastIndexOf("."), path.lastIndexOf("["), 0));
}
