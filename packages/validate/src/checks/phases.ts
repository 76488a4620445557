// Inside a phase (format §5.2-§5.5): extractors (V-005, V-013, V-015, V-037,
// V-038, V-042), entry actions (V-005, V-041, V-043) and the trigger (V-019,
// V-029 warning, V-036, V-040, and its match predicate).
import { compileJsonPath } from "@oatf/evaluate/compilers";
import { EXTRACTOR_SOURCES, EXTRACTOR_TYPES, LOG_LEVELS } from "@oatf/model";
import { didYouMean, indexPath, keyPath, suggestionSuffix } from "@oatf/model/internal";
import { eventsFor, isEventValidForMode, isKnownMode } from "@oatf/registries";
import type { Context } from "../context.js";
import type { ExecutionView } from "../execution-view.js";
import { isObj, isPresent, listAt, type Obj, show } from "../values.js";
import { checkDuration, checkEnum, checkRegex } from "./common.js";
import { checkPredicate } from "./predicates.js";

const EXTRACTOR_NAME = /^[a-z][a-z0-9_]*$/;

export function checkPhases(ctx: Context, view: ExecutionView): void {
  for (const actor of view.actors) {
    for (const { phase, path, mode } of actor.phases?.items ?? []) {
      checkExtractors(ctx, phase, keyPath(path, "extractors"));
      checkActions(ctx, phase, keyPath(path, "on_enter"));
      if (isPresent(phase.trigger))
        checkTrigger(ctx, phase.trigger, keyPath(path, "trigger"), mode);
    }
  }
}

function checkExtractors(ctx: Context, phase: Obj, path: string): void {
  const extractors = listAt(phase, "extractors");
  if (extractors?.length === 0) {
    ctx.error("V-038", path, "`extractors` needs at least one entry; omit it when there are none");
  }
  extractors?.forEach((extractor, index) => {
    if (!isObj(extractor)) return;
    const at = indexPath(path, index);
    if (typeof extractor.name !== "string" || !EXTRACTOR_NAME.test(extractor.name)) {
      ctx.error(
        "V-037",
        keyPath(at, "name"),
        `extractor name ${show(extractor.name)} must match [a-z][a-z0-9_]*, e.g. session_token`,
      );
    }
    checkEnum(ctx, extractor.source, EXTRACTOR_SOURCES, keyPath(at, "source"));
    checkEnum(ctx, extractor.type, EXTRACTOR_TYPES, keyPath(at, "type"));
    checkSelector(ctx, extractor, keyPath(at, "selector"));
  });
}

/** V-015 for JSONPath, V-013 and V-042 for regex selectors. */
function checkSelector(ctx: Context, extractor: Obj, path: string): void {
  const selector = extractor.selector;
  if (extractor.type === "json_path") {
    const compiled = typeof selector === "string" ? compileJsonPath(selector) : undefined;
    if (!compiled?.ok) {
      const why = compiled ? `: ${compiled.error.message}` : `, got ${show(selector)}`;
      ctx.error("V-015", path, `invalid JSONPath (RFC 9535) selector${why}`);
    }
  } else if (extractor.type === "regex") {
    if (checkRegex(ctx, selector, path) === 0) {
      ctx.error(
        "V-042",
        path,
        "a regex extractor captures its first group; add a capture group, e.g. token=([a-z0-9]+)",
      );
    }
  }
}

function checkActions(ctx: Context, phase: Obj, path: string): void {
  const actions = listAt(phase, "on_enter");
  if (actions?.length === 0) {
    ctx.error("V-043", path, "`on_enter` needs at least one action; omit it when there are none");
  }
  actions?.forEach((action, index) => {
    const at = indexPath(path, index);
    // `x-` keys are extensions (kept in `extensions` by parse), not actions.
    const keys = isObj(action)
      ? Object.keys(action).filter((key) => !key.startsWith("x-") && key !== "extensions")
      : [];
    if (keys.length !== 1) {
      ctx.error(
        "V-041",
        at,
        keys.length === 0
          ? "an action needs exactly one action key: send, log or a binding-specific action"
          : `an action has exactly one action key, found ${keys.join(", ")}; split them into separate actions`,
      );
    }
    if (isObj(action) && isObj(action.log)) {
      checkEnum(ctx, action.log.level, LOG_LEVELS, keyPath(keyPath(at, "log"), "level"));
    }
  });
}

function checkTrigger(ctx: Context, trigger: unknown, path: string, mode: unknown): void {
  if (!isObj(trigger)) {
    ctx.error(
      "V-040",
      path,
      "a trigger is an object with `event` and/or `after`; omit `trigger` for a terminal phase",
    );
    return;
  }
  const hasEvent = isPresent(trigger.event);
  if (!hasEvent && !isPresent(trigger.after)) {
    ctx.error(
      "V-040",
      path,
      "a trigger needs `event` or `after`; omit `trigger` for a terminal phase",
    );
  }
  const eventOnly = ["count", "match"].filter((key) => isPresent(trigger[key]));
  if (!hasEvent && eventOnly.length > 0) {
    ctx.error(
      "V-019",
      path,
      `trigger ${eventOnly.map((k) => `\`${k}\``).join(" and ")} ${eventOnly.length > 1 ? "need" : "needs"} \`event\`; add the event to count or match`,
    );
  }
  if (isPresent(trigger.after)) checkDuration(ctx, "V-036", trigger.after, keyPath(path, "after"));
  // Event names are checked only for modes an included binding defines (format §11.2 item 8);
  // the registry strips a `:qualifier` before looking the event up.
  const event = trigger.event;
  if (isKnownMode(mode) && typeof event === "string" && !isEventValidForMode(mode, event)) {
    ctx.warn(
      "V-029",
      keyPath(path, "event"),
      `event "${event}" is not defined for mode ${mode}${suggestionSuffix(event, eventsFor(mode) ?? []) || "; check the binding's event table"}`,
      undefined,
      { suggestion: didYouMean(event, eventsFor(mode) ?? []) },
    );
  }
  if (isPresent(trigger.match)) checkPredicate(ctx, trigger.match, keyPath(path, "match"));
}
