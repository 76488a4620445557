// `phase.on_enter` (format §5.2, SDK §2.7a): run in order when a phase is entered, each
// interpolated eagerly (format §5.6). `send` and `log` are core; a binding-specific action
// (A2A `send_push_notification`) goes to the adapter that knows it; anything else is said.
import type { Value } from "@oatf/model";
import type { PhaseMachine } from "./phase-machine.js";
import { isObject } from "./state.js";

export interface EntryActionHandlers {
  /** The core `send` action: `method` and its pass-through `params`. */
  send?(method: string, params: Value | undefined): void;
  /** Binding-specific actions by key; true when handled. */
  other?(key: string, value: Value): boolean;
}

export function runEntryActions(machine: PhaseMachine, handlers: EntryActionHandlers): void {
  const { diagnostics } = machine.context;
  const where = { actor: machine.name, phase: machine.phaseName };
  const actions = machine.phase?.on_enter;
  if (!Array.isArray(actions)) return;
  actions.forEach((action, i) => {
    if (!isObject(action)) return;
    const path = `on_enter[${i}]`;
    const key = Object.keys(action).find((k) => k !== "extensions" && !k.startsWith("x-"));
    if (key === undefined) return;
    const value = machine.interpolate(action[key] as Value);
    if (key === "log" && isObject(value)) {
      diagnostics.report({
        severity: "info",
        code: "run/log",
        message: String(value.message),
        ...where,
      });
      return;
    }
    if (key === "send" && isObject(value) && typeof value.method === "string" && handlers.send) {
      handlers.send(value.method, value.params);
      return;
    }
    if (key !== "send" && handlers.other?.(key, value)) return;
    diagnostics.report({
      severity: "warning",
      code: "run/unsupported",
      message: `entry action \`${key}\` is not executed for ${machine.mode} actors`,
      ...where,
      path,
    });
  });
}
