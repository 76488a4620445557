// Validating text with parse problems (SDK §3.1 "SHOULD attempt to report multiple errors"):
// the rules run on what the recovering parse could read, and a finding is left out when it
// depends on a part it could not, so one problem is reported once, not as a cascade.
import type { Diagnostic, ParseError } from "@oatf/model";
import { didYouMean, parentPath } from "@oatf/model/internal";
import { visitPaths } from "./values.js";

/**
 * Rules that judge an element by which children it has (a detection key, `state`, a trigger
 * `event`, …): when one of those children could not be read, their verdict would be a guess.
 * Each names the children it judges; an unreadable child it does not judge (a bad `tier` next
 * to a missing detection key) does not hide it, unless the child's name is a near miss of one
 * it judges (`patern`). Rules judging a list or any key (an action's one key) list none:
 * every unreadable child counts.
 */
const PRESENCE_RULES: ReadonlyMap<string, readonly string[] | undefined> = new Map([
  ["V-004", ["execution"]],
  ["V-006", undefined],
  ["V-007", ["phases", "actors"]],
  ["V-008", ["trigger"]],
  ["V-009", ["state"]],
  ["V-012", ["pattern", "expression", "semantic"]],
  ["V-019", ["event", "count", "match"]],
  ["V-028", ["mode", "protocol"]],
  ["V-030", ["state", "phases", "actors", "mode"]],
  ["V-031", ["name", "mode", "phases"]],
  ["V-038", undefined],
  ["V-040", ["event", "after"]],
  ["V-041", undefined],
  ["V-043", undefined],
  ["V-047", ["indicators"]],
  ["V-049", ["method", "pattern", "expression", "semantic"]],
  ["W-005", ["actor", "protocol"]],
  // A shape's own check (a pattern's one operator, `examples` needing a list): the recovered
  // element is readable, so parse found its type right; validate's type finding at it judges
  // its children.
  ["parse/type-mismatch", undefined],
]);

/**
 * Presence rules reported at a field that is there, judging the mapping holding it: V-047 at
 * `correlation` (are there `indicators`?), V-049 at `method` (is its block there?), W-005 at
 * `protocol` (which actor does the indicator name?).
 */
const HOLDER_RULES: ReadonlySet<string> = new Set(["V-047", "V-049", "W-005"]);

/** `path` and each of its ancestors, nearest first (`a.b[0].c`, `a.b[0]`, `a.b`, `a`, ``). */
function* selfAndAncestors(path: string): Generator<string> {
  let current = path;
  for (;;) {
    yield current;
    if (current === "") return;
    current = parentPath(current);
  }
}

/**
 * A predicate for validate's findings: true when the finding is about an unreadable value
 * (or something inside it), when a presence rule judges an element with an unreadable child,
 * or when the parse already reported the same rule at the same path. Linear in the paths.
 */
export function dependsOnUnreadable(
  unreadable: readonly string[],
  parseErrors: readonly ParseError[],
  document: unknown,
): (finding: Diagnostic) => boolean {
  const unreadableSet = new Set(unreadable);
  // Element path → the names of its children that are (or hold) unreadable values.
  const unreadableChildren = new Map<string, Set<string>>();
  for (const path of unreadable) {
    let child = path;
    for (const ancestor of selfAndAncestors(path)) {
      if (ancestor !== path) {
        const names = unreadableChildren.get(ancestor) ?? new Set<string>();
        unreadableChildren.set(ancestor, names);
        names.add(childName(ancestor, child));
      }
      child = ancestor;
    }
  }
  const present = new Set<string>();
  visitPaths(document, (_, path) => {
    present.add(path);
  });
  const reported = new Set(parseErrors.map((e) => `${e.rule}\u0000${e.path}`));
  return (finding) => {
    const path = finding.path ?? "";
    if (reported.has(`${finding.rule}\u0000${path}`)) return true;
    if (PRESENCE_RULES.has(finding.rule)) {
      // The element a presence rule judges: the one it is reported at, else the mapping
      // holding the missing field (`state`) or the field it is reported at.
      const holder = !present.has(path) || HOLDER_RULES.has(finding.rule);
      const element = holder ? parentPath(path) : path;
      const children = unreadableChildren.get(element);
      const judged = PRESENCE_RULES.get(finding.rule);
      if (children && judgesAny(judged, children)) return true;
      // V-008 at a phase list counts the phases without `trigger`: a guess when one of them
      // (`[1]`), or its trigger, is unreadable. (At a phase, `element + child` is no path.)
      if (finding.rule === "V-008") {
        for (const child of children ?? []) {
          const inside = unreadableChildren.get(element + child);
          if (unreadableSet.has(element + child) || (inside && judgesAny(judged, inside)))
            return true;
        }
      }
    }
    for (const ancestor of selfAndAncestors(path)) {
      // The root is every path's ancestor; only a root that could not be read at all counts.
      if (ancestor === "" && path !== "") break;
      if (unreadableSet.has(ancestor)) return true;
    }
    return false;
  };
}

/** The name of `child` below `parent`: a key (`tier`), or `[0]` for a list item. */
function childName(parent: string, child: string): string {
  const rest = child.slice(parent.length);
  return rest.startsWith(".") ? rest.slice(1) : rest;
}

/** Whether a rule judging `judged` (every child when undefined) depends on one of `children`. */
function judgesAny(judged: readonly string[] | undefined, children: ReadonlySet<string>): boolean {
  if (judged === undefined) return true;
  for (const child of children) {
    if (judged.includes(child) || didYouMean(child, judged) !== undefined) return true;
  }
  return false;
}
