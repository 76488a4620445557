// Template references (format §5.6) in every string of `state` and `on_enter`:
// syntax (V-016), cross-actor references to existing actors (V-032), and
// references to extractors nobody declares (W-004, sub-case a). `when`
// predicates are matched, not interpolated, and are skipped. The parser is
// the one interpolation uses, so escapes (`\{{`) are never flagged.
import { parseTemplate } from "@oatf/evaluate/compilers";
import { indexPath, keyPath } from "@oatf/model/internal";
import type { Context } from "../context.js";
import type { ActorView, ExecutionView } from "../execution-view.js";
import { isObj } from "../values.js";
import { predicatePaths } from "./state.js";

export function checkTemplates(ctx: Context, view: ExecutionView): void {
  for (const actor of view.actors) {
    const visit = (text: string, path: string) => checkTemplate(ctx, text, path, actor, view);
    for (const { state, path } of actor.states) {
      walkStrings(state, path, visit, predicatePaths(state, path));
    }
    for (const { phase, path } of actor.phases?.items ?? []) {
      walkStrings(phase.on_enter, keyPath(path, "on_enter"), visit, new Set());
    }
  }
}

/**
 * Calls `visit` on every string below `value`, except below the paths in `skip`. Recursion
 * is bounded: `validate` refuses documents nested deeper than `checkPlainTree` allows.
 */
function walkStrings(
  value: unknown,
  path: string,
  visit: (text: string, path: string) => void,
  skip: Set<string>,
): void {
  if (skip.has(path)) return;
  if (typeof value === "string") {
    visit(value, path);
  } else if (Array.isArray(value)) {
    for (const [index, item] of value.entries())
      walkStrings(item, indexPath(path, index), visit, skip);
  } else if (isObj(value)) {
    for (const [key, child] of Object.entries(value)) {
      walkStrings(child, keyPath(path, key), visit, skip);
    }
  }
}

function checkTemplate(
  ctx: Context,
  text: string,
  path: string,
  actor: ActorView,
  view: ExecutionView,
): void {
  const parsed = parseTemplate(text);
  if (!parsed.ok) {
    // The only syntax error: an unclosed `{{` ("unclosed "{{" at offset N in template").
    const { offset } = parsed.error;
    ctx.error(
      "V-016",
      path,
      `invalid template: ${parsed.error.message}; close it with }} or write a literal {{ as \\{{`,
      offset === undefined ? undefined : { within: { start: offset, end: offset + 2 } },
    );
    return;
  }
  for (const reference of parsed.value.references) {
    // The whole `{{…}}` in the value.
    const close = text.indexOf("}}", reference.offset);
    const at = {
      within: { start: reference.offset, end: close < 0 ? reference.offset + 2 : close + 2 },
    };
    if (reference.kind === "extractor" && !actor.extractorNames.has(reference.name)) {
      ctx.warn(
        "W-004",
        path,
        `{{${reference.name}}} refers to no extractor of actor "${actor.name}"; it will interpolate as an empty string`,
        at,
        { reference: reference.name },
      );
    } else if (reference.kind === "actor_extractor") {
      const { actor: name, name: extractor } = reference;
      const data = { reference: `${name}.${extractor}` };
      if (!view.actorNames.has(name)) {
        ctx.error(
          "V-032",
          path,
          `{{${name}.${extractor}}} refers to actor "${name}", which does not exist; actors: ${[...view.actorNames].join(", ")}`,
          at,
          data,
        );
      } else if (!view.actors.some((a) => a.name === name && a.extractorNames.has(extractor))) {
        ctx.warn(
          "W-004",
          path,
          `{{${name}.${extractor}}}: actor "${name}" declares no extractor "${extractor}"; it will interpolate as an empty string`,
          at,
          data,
        );
      }
    }
  }
}
