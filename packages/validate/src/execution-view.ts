import { keyPath } from "@oatf/model/internal";
// The execution profile seen as actors, whatever form the document uses
// (format §5.1: single-phase and multi-phase forms are sugar for one actor named
// "default"). Checks that are per actor (phase lists, trigger events, extractor
// scope, template references) run over this view, so each is written once.
import { extractProtocol } from "@oatf/registries";
import { isObj, isPresent, listAt, type Obj, objectsOf, strAt } from "./values.js";

export interface PhaseView {
  phase: Obj;
  path: string;
  /** Position in the actor's phase list. */
  index: number;
  /** `phase.mode` when given, else the actor's mode (format §5.2 inheritance). */
  mode: unknown;
}

/** A phase list, its path, and its phases that are mappings. */
export interface PhaseList {
  list: unknown[];
  path: string;
  items: PhaseView[];
}

export interface ActorView {
  /** The actor's name; "" when a declared actor has none (V-031). */
  name: string;
  /** False for the implicit "default" actor of the single- and multi-phase forms. */
  declared: boolean;
  /** Path of the actor object, or of `attack.execution` for the implicit default actor. */
  path: string;
  /** The actor's declared mode: `actor.mode`, or `execution.mode` for the default actor. */
  mode: unknown;
  /** The phase list and its path; absent in single-phase form. */
  phases?: PhaseList;
  /** Every `state` value of the actor with its path and the mode it runs in. */
  states: { state: unknown; path: string; mode: unknown }[];
  /** Names of all extractors declared in the actor's phases (W-004 scope). */
  extractorNames: Set<string>;
  /** Protocols of the actor's mode and its phases' modes (W-005). */
  protocols: Set<string>;
}

export interface ExecutionView {
  execution: Obj | undefined;
  actors: ActorView[];
  /** Names an `indicator.actor` or `{{actor.extractor}}` may use (V-032, V-048). */
  actorNames: Set<string>;
}

export const EXECUTION_PATH = "attack.execution";
export const DEFAULT_ACTOR = "default";

export function executionView(attack: Obj): ExecutionView {
  const execution = isObj(attack.execution) ? attack.execution : undefined;
  const actors: ActorView[] = [];
  if (execution) {
    // Every form present is viewed, so a document mixing forms (V-030) still has
    // each part checked.
    if (isPresent(execution.state)) {
      actors.push(
        actor(DEFAULT_ACTOR, EXECUTION_PATH, execution.mode, undefined, [
          { state: execution.state, path: keyPath(EXECUTION_PATH, "state"), mode: execution.mode },
        ]),
      );
    }
    const phases = listAt(execution, "phases");
    if (phases) {
      actors.push(
        actor(DEFAULT_ACTOR, EXECUTION_PATH, execution.mode, {
          list: phases,
          path: keyPath(EXECUTION_PATH, "phases"),
        }),
      );
    }
    for (const [declared, path] of objectsOf(
      listAt(execution, "actors"),
      keyPath(EXECUTION_PATH, "actors"),
    )) {
      const list = listAt(declared, "phases");
      actors.push(
        actor(
          strAt(declared, "name") ?? "",
          path,
          declared.mode,
          list ? { list, path: keyPath(path, "phases") } : undefined,
        ),
      );
    }
  }
  for (const view of actors) {
    for (const mode of [view.mode, ...(view.phases?.items.map((p) => p.mode) ?? [])]) {
      if (typeof mode === "string") view.protocols.add(extractProtocol(mode));
    }
  }
  // An actor without a name (V-031) is not one an indicator or template can name.
  const actorNames = new Set(actors.map((a) => a.name).filter((name) => name !== ""));
  return { execution, actors, actorNames };
}

function actor(
  name: string,
  path: string,
  mode: unknown,
  phaseList: { list: unknown[]; path: string } | undefined,
  singleState: ActorView["states"] = [],
): ActorView {
  const items: PhaseView[] = phaseList
    ? objectsOf(phaseList.list, phaseList.path).map(([phase, phasePath, index]) => ({
        phase,
        path: phasePath,
        index,
        mode: isPresent(phase.mode) ? phase.mode : mode,
      }))
    : [];
  const states = [
    ...singleState,
    ...items
      // An explicit `state: null` is kept: it is not an object (V-009).
      .filter((p) => p.phase.state !== undefined)
      .map((p) => ({ state: p.phase.state, path: keyPath(p.path, "state"), mode: p.mode })),
  ];
  const extractorNames = new Set<string>();
  for (const p of items) {
    for (const [extractor] of objectsOf(listAt(p.phase, "extractors"), "")) {
      const extractorName = strAt(extractor, "name");
      if (extractorName !== undefined) extractorNames.add(extractorName);
    }
  }
  return {
    name,
    declared: path !== EXECUTION_PATH,
    path,
    mode,
    phases: phaseList ? { ...phaseList, items } : undefined,
    states,
    extractorNames,
    protocols: new Set(),
  };
}
