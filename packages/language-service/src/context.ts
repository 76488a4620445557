// Facts about the place a path points at that the shape alone does not give: the mode of
// the actor a phase belongs to, an indicator's protocol (format §5.1, §6.1, SDK §5.9).
import { extractProtocol } from "@oatf/registries";
import type { Segment } from "./schema.js";
import { scalarValue, type YamlDocument } from "./yaml-tree.js";

/** The mode in force at `path`: the phase's, its actor's, or the execution's. */
export function modeAt(
  tree: YamlDocument | undefined,
  path: readonly Segment[],
): string | undefined {
  const text = (p: readonly Segment[]) => {
    const v = scalarValue(tree, p);
    return typeof v === "string" ? v : undefined;
  };
  const phases = path.indexOf("phases");
  const phase =
    phases >= 0 && typeof path[phases + 1] === "number"
      ? text([...path.slice(0, phases + 2), "mode"])
      : undefined;
  if (phase) return phase;
  if (path[2] === "actors" && typeof path[3] === "number")
    return text(["attack", "execution", "actors", path[3], "mode"]);
  return text(["attack", "execution", "mode"]);
}

/** Every mode the document's execution declares (actors and execution). */
export function modesOf(tree: YamlDocument | undefined): string[] {
  const modes = new Set<string>();
  const top = scalarValue(tree, ["attack", "execution", "mode"]);
  if (typeof top === "string") modes.add(top);
  for (let i = 0; i < 256; i++) {
    const name = scalarValue(tree, ["attack", "execution", "actors", i, "name"]);
    const mode = scalarValue(tree, ["attack", "execution", "actors", i, "mode"]);
    if (name === undefined && mode === undefined) break;
    if (typeof mode === "string") modes.add(mode);
  }
  return [...modes];
}

/** The protocol of the indicator at `path` (`attack.indicators[i]…`): its own, else the modes'. */
export function indicatorProtocolAt(
  tree: YamlDocument | undefined,
  path: readonly Segment[],
): string[] {
  if (path[0] !== "attack" || path[1] !== "indicators" || typeof path[2] !== "number") return [];
  const own = scalarValue(tree, ["attack", "indicators", path[2], "protocol"]);
  if (typeof own === "string") return [own];
  return [...new Set(modesOf(tree).map((mode) => extractProtocol(mode)))];
}
