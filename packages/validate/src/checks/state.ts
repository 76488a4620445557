// Execution state (format §7): the binding-defined response-dispatch lists
// (§7.0.1: `responses` of tools and prompts, `sampling_responses`,
// `elicitation_responses`, `task_responses`, `tool_responses`) and MCP
// `elicitations`. Checks V-033, their `when` predicates (V-027, V-013),
// their closed enumerations (V-005) and reserved `synthesize` blocks (W-006).
// Everything else in state is protocol pass-through and is not validated.
import { ELICITATION_MODES } from "@oatf/model";
import type { Context } from "../context.js";
import type { ExecutionView } from "../execution-view.js";
import { isObj, isPresent, keyPath, listAt, type Obj, objAt, objectsOf } from "../values.js";
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
/** MCP §7.1.5 `elicitation_responses[].action`. */
const ELICITATION_ACTIONS = ["accept", "decline", "cancel"] as const;

export function checkStates(ctx: Context, view: ExecutionView): void {
  for (const actor of view.actors) {
    for (const { state, path } of actor.states) {
      if (isObj(state)) checkState(ctx, state, path);
    }
  }
}

function checkState(ctx: Context, state: Obj, path: string): void {
  for (const key of STATE_LISTS) {
    const list = listAt(state, key);
    if (list) checkResponses(ctx, list, keyPath(path, key), key === "elicitation_responses");
  }
  for (const key of RESPONDING_ITEMS) {
    for (const [item, itemPath] of objectsOf(listAt(state, key), keyPath(path, key))) {
      const list = listAt(item, "responses");
      if (list) checkResponses(ctx, list, keyPath(itemPath, "responses"), false);
    }
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

function checkResponses(ctx: Context, list: unknown[], path: string, elicitation: boolean): void {
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
