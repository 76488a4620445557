import { keyPath } from "@oatf/model/internal";
import { generatedPhaseName } from "@oatf/model/rules";
// The shape of the execution profile (format §5.1, §5.2, §11.1 items 6-8, 12):
// which form is used (V-030), modes (V-034, W-002), the mode-less multi-phase
// form (V-028), actors (V-031), and every phase list (V-007, V-008, V-009,
// V-011, V-044).
import type { Context } from "../context.js";
import {
  type ActorView,
  EXECUTION_PATH,
  type ExecutionView,
  type PhaseList,
} from "../execution-view.js";
import { isPresent, listAt, type Obj, objectsOf, show } from "../values.js";
import { checkMode } from "./common.js";

const FORMS = ["state", "phases", "actors"] as const;
const ACTOR_NAME = /^[a-z][a-z0-9_]*$/;

export function checkExecution(ctx: Context, view: ExecutionView): void {
  const execution = view.execution;
  if (!execution) return;
  checkForm(ctx, execution);
  if (isPresent(execution.mode)) checkMode(ctx, execution.mode, keyPath(EXECUTION_PATH, "mode"));
  for (const form of ["phases", "actors"] as const) {
    const list = listAt(execution, form);
    if (list && list.length === 0) {
      ctx.error(
        "V-007",
        keyPath(EXECUTION_PATH, form),
        `\`execution.${form}\` needs at least one entry`,
      );
    }
  }
  if (!isPresent(execution.mode) && !isPresent(execution.actors))
    checkModelessPhases(ctx, execution);
  checkActors(ctx, execution);
  for (const actor of view.actors) checkPhaseList(ctx, actor);
}

/** V-030: exactly one form; single-phase form names its mode. */
function checkForm(ctx: Context, execution: Obj): void {
  const present = FORMS.filter((form) => isPresent(execution[form]));
  if (present.length === 0) {
    ctx.error(
      "V-030",
      EXECUTION_PATH,
      "execution needs one of `state` (single-phase), `phases` (multi-phase) or `actors` (multi-actor)",
    );
  } else if (present.length > 1) {
    ctx.error(
      "V-030",
      EXECUTION_PATH,
      `execution combines ${present.map((f) => `\`${f}\``).join(" and ")}; use exactly one form`,
    );
  }
  if (isPresent(execution.state) && !isPresent(execution.mode)) {
    ctx.error(
      "V-030",
      keyPath(EXECUTION_PATH, "mode"),
      "single-phase form (`execution.state`) needs `execution.mode`, e.g. mcp_server",
    );
  }
  // Format §5.1: in multi-actor form `execution.mode` is structurally absent
  // (the JSON Schema's multi-actor branch forbids it); each actor has its own.
  if (isPresent(execution.actors) && isPresent(execution.mode)) {
    ctx.error(
      "V-030",
      keyPath(EXECUTION_PATH, "mode"),
      "multi-actor form (`execution.actors`) has no `execution.mode`; move the mode to each actor's `mode`",
    );
  }
}

/** V-028: without any `mode` above them, phases each name one shared mode. */
function checkModelessPhases(ctx: Context, execution: Obj): void {
  const path = keyPath(EXECUTION_PATH, "phases");
  const phases = objectsOf(listAt(execution, "phases"), path);
  for (const [phase, phasePath] of phases) {
    if (!isPresent(phase.mode)) {
      ctx.error(
        "V-028",
        keyPath(phasePath, "mode"),
        "without `execution.mode`, every phase must declare `mode`",
      );
    }
  }
  const modes = new Set(phases.map(([phase]) => phase.mode).filter(isPresent));
  if (modes.size > 1) {
    ctx.error(
      "V-028",
      path,
      `phases use different modes (${[...modes].map(show).join(", ")}); use the multi-actor form (\`execution.actors\`) for attacks that change mode`,
    );
  }
}

/** V-031 (and V-007 for an actor without phases). */
function checkActors(ctx: Context, execution: Obj): void {
  const seen = new Set<unknown>();
  for (const [actor, path] of objectsOf(
    listAt(execution, "actors"),
    keyPath(EXECUTION_PATH, "actors"),
  )) {
    const namePath = keyPath(path, "name");
    if (typeof actor.name !== "string" || !ACTOR_NAME.test(actor.name)) {
      ctx.error(
        "V-031",
        namePath,
        isPresent(actor.name)
          ? `actor name ${show(actor.name)} must match [a-z][a-z0-9_]*, e.g. mcp_attacker`
          : "every actor needs a `name` matching [a-z][a-z0-9_]*",
      );
    } else if (seen.has(actor.name)) {
      ctx.error(
        "V-031",
        namePath,
        `actor name "${actor.name}" is already used; actor names must be unique`,
      );
    }
    seen.add(actor.name);
    if (isPresent(actor.mode)) checkMode(ctx, actor.mode, keyPath(path, "mode"));
    else
      ctx.error("V-031", keyPath(path, "mode"), "every actor must declare `mode`, e.g. mcp_server");
    const phases = listAt(actor, "phases");
    if (!phases || phases.length === 0) {
      const phasesPath = keyPath(path, "phases");
      const message = "every actor needs at least one phase";
      ctx.error("V-007", phasesPath, message);
      ctx.error("V-031", phasesPath, message);
    }
  }
}

/**
 * V-011 (and V-031 in multi-actor form) for generated names: N-001 names an unnamed phase
 * `phase-{N}`, which the format guarantees unique, so it must not equal an explicit name of
 * another phase of the same list.
 */
function checkGeneratedNames(ctx: Context, actor: ActorView): void {
  const items = actor.phases?.items ?? [];
  const explicit = new Map<unknown, string>();
  for (const { phase, path } of items) {
    if (isPresent(phase.name) && !explicit.has(phase.name)) explicit.set(phase.name, path);
  }
  for (const { phase, path, index } of items) {
    if (isPresent(phase.name)) continue;
    const generated = generatedPhaseName(index);
    const owner = explicit.get(generated);
    if (owner === undefined) continue;
    const message = `this phase has no name, and the one normalization generates for it, "${generated}", is the explicit name of ${owner}; name this phase or rename the other`;
    ctx.error("V-011", keyPath(path, "name"), message);
    if (actor.declared) ctx.error("V-031", keyPath(path, "name"), message);
  }
}

/**
 * V-008, two findings: a terminal phase (no `trigger`) that is not the last, at the phase; more
 * than one terminal phase ("at most one"), at the list.
 */
function checkTerminalPhases(ctx: Context, { list, path, items }: PhaseList): void {
  const terminal = items.filter(({ phase }) => !isPresent(phase.trigger));
  if (terminal.length > 1) {
    ctx.error(
      "V-008",
      path,
      `${terminal.length} terminal phases (no \`trigger\`); at most one, the last`,
    );
  }
  for (const phase of terminal) {
    if (phase.index < list.length - 1) {
      ctx.error(
        "V-008",
        phase.path,
        "a terminal phase (no `trigger`) must be the last; add a trigger or move it last",
      );
    }
  }
}

/** Per actor: terminal phase (V-008), first state (V-009), names (V-011), modes (V-034, V-044). */
function checkPhaseList(ctx: Context, actor: ActorView): void {
  checkGeneratedNames(ctx, actor);
  if (!actor.phases) return;
  checkTerminalPhases(ctx, actor.phases);
  const multiActor = actor.declared;
  const names = new Set<unknown>();
  for (const { phase, path, index } of actor.phases.items) {
    if (index === 0 && phase.state === undefined) {
      ctx.error("V-009", keyPath(path, "state"), "the first phase must define `state`");
    }
    if (isPresent(phase.name)) {
      if (names.has(phase.name)) {
        const where = multiActor ? " within an actor" : "";
        const message = `phase name ${show(phase.name)} is already used; phase names must be unique${where}`;
        ctx.error("V-011", keyPath(path, "name"), message);
        if (multiActor) ctx.error("V-031", keyPath(path, "name"), message);
      }
      names.add(phase.name);
    }
    if (isPresent(phase.mode)) {
      checkMode(ctx, phase.mode, keyPath(path, "mode"));
      // In multi-phase form `execution.mode` is the mode of the one actor N-007 creates,
      // so a phase of another mode breaks V-044 once normalized: role changes need the
      // multi-actor form (format §11.1 items 8 and 12).
      if (isPresent(actor.mode) && phase.mode !== actor.mode) {
        const owner = multiActor ? "its actor's mode" : "`execution.mode`";
        ctx.error(
          "V-044",
          keyPath(path, "mode"),
          `phase mode ${show(phase.mode)} differs from ${owner} ${show(actor.mode)}; use a separate actor for another mode`,
        );
      }
    }
  }
}
