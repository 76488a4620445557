// SDK §5.8 evaluate_trigger, with the event-qualifier extension of seeds/003 §5.8
// step 2c (`tools/call:calculator`).
import type { ProtocolEvent, Trigger, TriggerResult, TriggerState } from "@oatf/model";
import { parseDuration } from "@oatf/model/internal";
import { parseEventQualifier, resolveEventQualifier } from "@oatf/registries";
import { registeredLru } from "../base/lru.js";
import { compilePredicate } from "./predicate.js";

/** A protocol event, optionally carrying its pre-resolved qualifier (seeds/003 §2.8a). */
export type TriggerEvent = ProtocolEvent & { qualifier?: string };

const NOT_ADVANCED: TriggerResult = Object.freeze({ advanced: false });

// `null` marks an unparseable duration, which never times out (validate rejects it).
const durations = /* @__PURE__ */ registeredLru<string, number | null>(256);

function durationMs(after: string): number | null {
  return durations.getOrCreate(after, (text) => {
    const parsed = parseDuration(text);
    return parsed.ok ? parsed.value : null;
  });
}

function eventMatches(
  trigger: Trigger,
  event: TriggerEvent,
  protocol: string | undefined,
): boolean {
  const { base, qualifier } = parseEventQualifier(trigger.event as string);
  if (event.event_type !== base) return false;
  if (qualifier !== undefined) {
    const observed =
      event.qualifier ??
      (protocol === undefined
        ? undefined
        : resolveEventQualifier(protocol, event.event_type, event.content));
    if (observed !== qualifier) return false;
  }
  if (trigger.match !== undefined && trigger.match !== null) {
    const predicate = compilePredicate(trigger.match);
    if (!predicate.ok || !predicate.value.test(event.content)) return false;
  }
  return true;
}

/**
 * SDK §5.8. `elapsedMs` is the time since phase entry; `state.event_count` is incremented
 * when the event (base, qualifier, predicate) matches. `protocol` (the output of
 * `extractProtocol(mode)`) is needed only to resolve qualifiers from content. Never throws.
 */
export function evaluateTrigger(
  trigger: Trigger,
  event: TriggerEvent | null | undefined,
  elapsedMs: number,
  state: TriggerState,
  protocol?: string,
): TriggerResult {
  try {
    if (typeof trigger.after === "string") {
      const after = durationMs(trigger.after);
      if (after !== null && elapsedMs >= after) return { advanced: true, reason: "timeout" };
    }
    if (typeof trigger.event !== "string" || typeof event !== "object" || event === null) {
      return NOT_ADVANCED;
    }
    if (!eventMatches(trigger, event, protocol)) return NOT_ADVANCED;
    state.event_count = (Number.isFinite(state.event_count) ? state.event_count : 0) + 1;
    const count = typeof trigger.count === "number" ? trigger.count : 1;
    return state.event_count >= count ? { advanced: true, reason: "event_matched" } : NOT_ADVANCED;
  } catch {
    return NOT_ADVANCED;
  }
}
