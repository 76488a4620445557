// Validating text with parse problems (SDK §3.1 "SHOULD attempt to report multiple errors"):
// the rules run on what the recovering parse could read, and a finding is left out when it
// depends on a part it could not, so one problem is reported once, not as a cascade.
import { type Diagnostic, type ParseError, parentPath } from "@oatf/model";
import { visitPaths } from "./values.js";

/**
 * Rules that judge an element by which children it has (a detection key, `state`, a trigger
 * `event`, …): when one of its children could not be read, their verdict would be a guess.
 */
const PRESENCE_RULES: ReadonlySet<string> = new Set([
  "V-004",
  "V-006",
  "V-007",
  "V-009",
  "V-012",
  "V-019",
  "V-028",
  "V-030",
  "V-031",
  "V-038",
  "V-040",
  "V-041",
  "V-043",
  "V-047",
  "V-049",
  "W-005",
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
  const containsUnreadable = new Set<string>();
  for (const path of unreadable) {
    for (const ancestor of selfAndAncestors(path)) containsUnreadable.add(ancestor);
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
      if (containsUnreadable.has(element)) return true;
    }
    for (const ancestor of selfAndAncestors(path)) {
      // The root is every path's ancestor; only a root that could not be read at all counts.
      if (ancestor === "" && path !== "") break;
      if (unreadableSet.has(ancestor)) return true;
    }
    return false;
  };
}
