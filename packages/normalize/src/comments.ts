// Comments across normalization (issue 25): `serialize(normalize(doc))` works on plain data,
// which has no comments. `carryComments` puts the source's comments back on the canonical YAML,
// through the `yaml` Document API, on the node each one belonged to, wherever N-001..N-008
// moved that node:
//
// - N-001, N-003, N-004 only add fields: every comment stays where it was.
// - N-002: a comment on a scalar severity (`severity: high # why`) goes to its `level`.
// - N-005: a comment on a shorthand operator (`contains:`) goes to it under `condition`.
// - N-006: comments on `execution.state` and everything under it go to
//   `execution.actors[0].phases[0].state`; on `execution.mode`, to `actors[0].mode`.
// - N-007: comments on `execution.phases` and below go to `execution.actors[0].phases`; on
//   `execution.mode`, to `actors[0].mode`.
// - N-008: a comment on a tag stays on the tag (its value changes, the entry survives).
//
// Fields keep their comments when serialize reorders them into specification order. Blank lines
// before a field or list entry are kept too. A comment is dropped only when its node has no
// counterpart in the canonical form; the count is returned. The canonical text's values are
// never changed: when the text cannot be rebuilt byte for byte with its comments, or the result
// would read differently, the canonical text is returned without them (all counted as dropped).
import {
  isMap,
  isPair,
  isScalar,
  isSeq,
  type Node,
  type Pair,
  parseDocument,
  type Document as YamlDocument,
} from "yaml";

/** The canonical text with the source's comments, and how many comments found no place. */
export interface CarriedComments {
  text: string;
  dropped: number;
}

/** What a comment is attached to: a field's key, or a node (a value or list entry). */
type Role = "key" | "node";
type Path = (string | number)[];

interface Carried {
  path: Path;
  role: Role;
  before?: string;
  after?: string;
  spaceBefore?: boolean;
}

const PARSE = { version: "1.2" } as const;
// The canonical text is read with every scalar a string, so each prints again as written
// (`4.0e-323` stays `4.0e-323`), with serialize's settings (model serialize.ts).
const AS_WRITTEN = { version: "1.2", schema: "failsafe" } as const;
const PRINT = { lineWidth: 0, blockQuote: "literal", indentSeq: true } as const;

/**
 * `canonical` (the output of `serialize(normalize(document))` for the document `source`
 * parses to) with `source`'s comments placed on the nodes they belonged to. Never throws.
 */
export function carryComments(source: string, canonical: string): CarriedComments {
  let from: YamlDocument;
  let to: YamlDocument;
  try {
    from = parseDocument(source, PARSE);
    to = parseDocument(canonical, AS_WRITTEN);
  } catch {
    return { text: canonical, dropped: 0 };
  }
  const comments = collect(from);
  const total = comments.filter((c) => c.before || c.after).length;
  if (total === 0 || to.errors.length > 0 || to.toString(PRINT) !== canonical) {
    return { text: canonical, dropped: total };
  }
  const mapping = pathMapping(from);
  let dropped = 0;
  for (const comment of comments) {
    const placed = place(to, mapping(comment.path), comment);
    if (!placed && (comment.before || comment.after)) dropped++;
  }
  to.commentBefore = from.commentBefore;
  to.comment = from.comment;
  const text = to.toString(PRINT);
  // Comments never change what the document says.
  const reread = parseDocument(text, PARSE);
  if (
    reread.errors.length > 0 ||
    !sameData(reread.toJS(), parseDocument(canonical, PARSE).toJS())
  ) {
    return { text: canonical, dropped: total };
  }
  return { text, dropped };
}

/** Every comment (and blank line) of the document, with the path of the node it is on. */
function collect(doc: YamlDocument): Carried[] {
  const out: Carried[] = [];
  const stack: [Node | null | undefined, Path][] = [[doc.contents as Node | null, []]];
  while (stack.length > 0) {
    const [node, path] = stack.pop()!;
    if (!node) continue;
    note(out, node, path, "node");
    if (isMap(node)) {
      for (const pair of node.items as Pair<Node, Node | null>[]) {
        const key = isScalar(pair.key) ? pair.key.value : undefined;
        if (typeof key !== "string" && typeof key !== "number") continue;
        const at = [...path, String(key)];
        note(out, pair.key, at, "key");
        stack.push([pair.value, at]);
      }
    } else if (isSeq(node)) {
      node.items.forEach((item, i) => {
        if (!isPair(item)) stack.push([item as Node, [...path, i]]);
      });
    }
  }
  return out;
}

function note(out: Carried[], node: Node, path: Path, role: Role): void {
  if (!node.commentBefore && !node.comment && !node.spaceBefore) return;
  out.push({
    path,
    role,
    ...(node.commentBefore ? { before: node.commentBefore } : {}),
    ...(node.comment ? { after: node.comment } : {}),
    ...(node.spaceBefore ? { spaceBefore: true } : {}),
  });
}

/** Where a source path is in the canonical form: the moves of N-002, N-005, N-006, N-007. */
function pathMapping(source: YamlDocument): (path: Path) => Path {
  const execution = source.getIn(["attack", "execution"], true);
  const has = (key: string) => isMap(execution) && execution.has(key);
  // N-006 and N-007 apply only when there are no actors yet.
  const wrap = has("actors")
    ? undefined
    : has("state")
      ? "state"
      : has("phases")
        ? "phases"
        : undefined;
  const scalarSeverity = isScalar(source.getIn(["attack", "severity"], true));
  return (path) => {
    let out = path;
    if (wrap && out[0] === "attack" && out[1] === "execution") {
      if (out[2] === "mode") out = ["attack", "execution", "actors", 0, "mode", ...out.slice(3)];
      else if (out[2] === "state" && wrap === "state") {
        out = ["attack", "execution", "actors", 0, "phases", 0, ...out.slice(2)];
      } else if (out[2] === "phases" && wrap === "phases") {
        out = ["attack", "execution", "actors", 0, ...out.slice(2)];
      }
    }
    if (scalarSeverity && out.length === 2 && out[0] === "attack" && out[1] === "severity") {
      return ["attack", "severity", "level"];
    }
    return out;
  };
}

/** Puts one comment on the canonical node at `path`; false when there is no such node. */
function place(doc: YamlDocument, path: Path, comment: Carried): boolean {
  const target = find(doc, path, comment.role) ?? shorthandOperator(doc, path, comment.role);
  if (!target) return false;
  if (comment.before) target.commentBefore = join(target.commentBefore, comment.before);
  if (comment.after) target.comment = join(target.comment, comment.after);
  // N-002's scalar severity's comments follow its value into a mapping: a blank line stays with
  // the key, and a node's `spaceBefore` means nothing at the document's root.
  if (comment.spaceBefore && path.length > 0) target.spaceBefore = true;
  return true;
}

/** N-005: `...pattern.<operator>` in the source is `...pattern.condition.<operator>` now. */
function shorthandOperator(doc: YamlDocument, path: Path, role: Role): Node | undefined {
  const i = path.lastIndexOf("pattern");
  if (i < 0 || i + 1 >= path.length || path[i + 1] === "condition") return undefined;
  return find(doc, [...path.slice(0, i + 1), "condition", ...path.slice(i + 1)], role);
}

function find(doc: YamlDocument, path: Path, role: Role): Node | undefined {
  if (role === "node") {
    const node = path.length === 0 ? doc.contents : doc.getIn(path, true);
    return node && typeof node === "object" ? (node as Node) : undefined;
  }
  const parent = path.length === 1 ? doc.contents : doc.getIn(path.slice(0, -1), true);
  if (!isMap(parent)) return undefined;
  const key = String(path[path.length - 1]);
  const pair = parent.items.find((p) => isScalar(p.key) && String(p.key.value) === key);
  return pair && isScalar(pair.key) ? pair.key : undefined;
}

function join(existing: string | null | undefined, added: string): string {
  return existing ? `${existing}\n${added}` : added;
}

function sameData(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
