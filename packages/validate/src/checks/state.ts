// Execution state (format §7): the binding-defined response-dispatch lists
// (format §7.0.1: `responses` of tools and prompts, `sampling_responses`,
// `elicitation_responses`, `task_responses`, `tool_responses`) and MCP
// `elicitations`. Checks V-033, their `when` predicates (V-027, V-013),
// their closed enumerations (V-005) and reserved `synthesize` blocks (W-006),
// and that a state is an object at all (V-009). Everything else in state is
// protocol pass-through and is not validated.
import { ELICITATION_MODES } from "@oatf/model";
import { keyPath } from "@oatf/model/internal";
import type { Context } from "../context.js";
import type { ExecutionView } from "../execution-view.js";
import { isObj, isPresent, listAt, type Obj, objAt, objectsOf, show } from "../values.js";
import { checkEnum } from "./common.js";
import { checkPredicate } from "./predicates.js";

/** Dispatch lists directly under `state`. */
const STATE_LISTS = [
  "sampling_responses",
  "elicitation_responses",
  "task_responses",
  "tool_responses",
];
/** State lists whose items carry a `responses` dispatch list (MCP tools and prompts). */
const RESPONDING_ITEMS = ["tools", "prompts"];
/** MCP binding, format §7.1.5 `elicitation_responses[].action`. */
const ELICITATION_ACTIONS = ["accept", "decline", "cancel"] as const;

export function checkStates(ctx: Context, view: ExecutionView): void {
  for (const actor of view.actors) {
    for (const { state, path } of actor.states) {
      if (isObj(state)) checkState(ctx, state, path);
      // SDK §2.7: `state` is read as a Value so that a non-object can be
      // reported here; the format and JSON Schema require an object. It is
      // the state rule's (V-009) concern: such a phase has no usable state.
      else
        ctx.error(
          "V-009",
          path,
          `\`state\` must be an object of the binding's keys (e.g. tools: [...]), got ${show(state)}`,
        );
    }
  }
}

interface DispatchList {
  /** Undefined when the state has no such list (or it is not a list). */
  list: unknown[] | undefined;
  path: string;
  /** Entries pick an `action` (V-005): `elicitation_responses` only. */
  elicitation: boolean;
}

/** The response-dispatch lists a state may have, with their paths. */
function dispatchLists(state: Obj, path: string): DispatchList[] {
  const out: DispatchList[] = STATE_LISTS.map((key) => ({
    list: listAt(state, key),
    path: keyPath(path, key),
    elicitation: key === "elicitation_responses",
  }));
  for (const key of RESPONDING_ITEMS) {
    for (const [item, indexPath] of objectsOf(listAt(state, key), keyPath(path, key))) {
      const responsesPath = keyPath(indexPath, "responses");
      out.push({ list: listAt(item, "responses"), path: responsesPath, elicitation: false });
    }
  }
  return out;
}

/**
 * Paths where the `when` predicates of a state sit (on every dispatch entry and
 * MCP elicitation, written or not): they are matched, not interpolated, so
 * template checks skip them. A `when` key anywhere else is pass-through content.
 */
export function predicatePaths(state: unknown, path: string): Set<string> {
  const paths = new Set<string>();
  if (!isObj(state)) return paths;
  const owners = [
    ...dispatchLists(state, path),
    { list: listAt(state, "elicitations"), path: keyPath(path, "elicitations") },
  ];
  for (const { list, path: listPath } of owners) {
    for (const [, at] of objectsOf(list, listPath)) paths.add(keyPath(at, "when"));
  }
  return paths;
}

function checkState(ctx: Context, state: Obj, path: string): void {
  for (const { list, path: listPath, elicitation } of dispatchLists(state, path)) {
    checkResponses(ctx, list, listPath, elicitation);
  }
  for (const [elicitation, at] of objectsOf(
    listAt(state, "elicitations"),
    keyPath(path, "elicitations"),
  )) {
    if (isPresent(elicitation.when)) checkPredicate(ctx, elicitation.when, keyPath(at, "when"));
    checkEnum(ctx, elicitation.mode, ELICITATION_MODES, keyPath(at, "mode"));
  }
  const runInput = objAt(state, "run_agent_input");
  if (runInput) checkSynthesize(ctx, runInput, keyPath(path, "run_agent_input"));
}

function checkResponses(
  ctx: Context,
  list: unknown[] | undefined,
  path: string,
  elicitation: boolean,
): void {
  let catchAlls = 0;
  for (const [entry, at] of objectsOf(list, path)) {
    if (isPresent(entry.when)) checkPredicate(ctx, entry.when, keyPath(at, "when"));
    else catchAlls += 1;
    checkSynthesize(ctx, entry, at);
    if (elicitation) checkEnum(ctx, entry.action, ELICITATION_ACTIONS, keyPath(at, "action"));
  }
  if (catchAlls > 1) {
    ctx.error(
      "V-033",
      path,
      `${catchAlls} entries omit \`when\`; only one catch-all entry is allowed (the first would shadow the rest), and it should be last`,
    );
  }
}

function checkSynthesize(ctx: Context, owner: Obj, path: string): void {
  if (isPresent(owner.synthesize)) {
    ctx.warn(
      "W-006",
      keyPath(path, "synthesize"),
      "`synthesize` is reserved for a future OATF version; tools may ignore it, so provide static `content` too",
    );
  }
}
