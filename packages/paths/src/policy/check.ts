import type { ExecutionPolicy, PolicyStep } from "./model.js";
import { isPolicyPath, type PolicyPath, parsePolicyPath } from "./parse.js";

/** One load-time error code per rule of the path expression reference. */
export type PolicyPathErrorCode =
  /** The expression does not follow the grammar. */
  | "invalid_syntax"
  /** The source is neither `parent` nor a `local_agents[].alias`. */
  | "unknown_alias"
  /** The source is a step that runs at or after the point of use (dependency ordering). */
  | "step_not_executed"
  /** More than one `.[]` in one expression (nested iteration is not supported). */
  | "multiple_iterations"
  /** `.[]` anywhere but in `BatchConfig.input_mapping`. */
  | "iteration_outside_batch"
  /** Two `.[]` fields of one batch mapping iterate over different arrays. */
  | "mismatched_iteration_prefix";

export interface PolicyPathIssue {
  code: PolicyPathErrorCode;
  /** The path expression as written. */
  expression: string;
  /** Where it is used, e.g. `steps[1].batch.input_mapping.name`. */
  location: string;
  message: string;
  /** For `invalid_syntax`: the 0-based offset of the offending character. */
  position?: number;
}

/** A path expression found in a policy, and what the rules need to know about its use. */
interface Use {
  /** As found in the policy: normally a string, but malformed policies may hold anything. */
  expression: unknown;
  location: string;
  /** Aliases whose steps have executed where the expression is evaluated. */
  executed: ReadonlySet<string>;
  /** `.[]` allowed (batch input mappings only). */
  batch: boolean;
}

/** `source.direction.fields-before-[]`: what must be equal across one batch mapping. */
export function iterationPrefix(path: PolicyPath): string | undefined {
  if (!isPolicyPath(path)) return undefined;
  const at = path.iterate[0];
  if (at === undefined) return undefined;
  return [path.source, path.direction, ...path.fields.slice(0, at)].join(".");
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function stepAliases(step: PolicyStep): string[] {
  const aliases: string[] = [];
  if (typeof step.alias === "string") aliases.push(step.alias);
  const routes = step.conditional?.routes;
  if (Array.isArray(routes)) {
    for (const route of routes) {
      if (isObject(route) && typeof route.alias === "string") aliases.push(route.alias);
    }
  }
  return aliases;
}

/**
 * Checks every path expression of a policy at load time: syntax, unknown aliases,
 * dependency ordering, at most one `.[]`, `.[]` only in batch input mappings, and one
 * shared `.[]` prefix per batch mapping. Returns all problems found (empty when none).
 * Never throws, also not on malformed policies.
 */
export function checkPolicyPaths(policy: ExecutionPolicy): PolicyPathIssue[] {
  const issues: PolicyPathIssue[] = [];
  const steps = isObject(policy) && Array.isArray(policy.steps) ? policy.steps : [];
  const known = new Set<string>();
  if (isObject(policy) && Array.isArray(policy.local_agents)) {
    for (const agent of policy.local_agents) {
      if (isObject(agent) && typeof agent.alias === "string") known.add(agent.alias);
    }
  } else {
    for (const step of steps) if (isObject(step)) for (const a of stepAliases(step)) known.add(a);
  }

  let executed = new Set<string>();
  steps.forEach((step, i) => {
    if (!isObject(step)) return;
    const here = `steps[${i}]`;
    const before = executed;
    executed = new Set([...before, ...stepAliases(step)]);

    const uses: Use[] = [];
    const mapping = (m: unknown, location: string, batch: boolean) => {
      if (!isObject(m)) return [];
      const found = Object.entries(m).map(([key, expression]) => ({
        expression,
        location: `${location}.${key}`,
        executed: before,
        batch,
      }));
      uses.push(...found);
      return found;
    };
    const argsMatch = (group: unknown, location: string, seen: ReadonlySet<string>) => {
      if (!isObject(group) || !isObject(group.args_match)) return;
      for (const expression of Object.keys(group.args_match)) {
        uses.push({ expression, location: `${location}.args_match`, executed: seen, batch: false });
      }
    };

    mapping(step.input_mapping, `${here}.input_mapping`, false);
    const batchUses = mapping(
      isObject(step.batch) ? step.batch.input_mapping : undefined,
      `${here}.batch.input_mapping`,
      true,
    );
    const routes = isObject(step.conditional) ? step.conditional.routes : undefined;
    if (Array.isArray(routes)) {
      routes.forEach((route, r) => {
        if (!isObject(route)) return;
        argsMatch(route.when, `${here}.conditional.routes[${r}].when`, before);
        mapping(route.input_mapping, `${here}.conditional.routes[${r}].input_mapping`, false);
      });
    }
    // The exit condition is evaluated after the step ran, so it may read its own output.
    if (isObject(step.loop))
      argsMatch(step.loop.exit_condition, `${here}.loop.exit_condition`, executed);

    const parsed = new Map<Use, PolicyPath>();
    for (const use of uses) {
      const path = checkUse(use, known, issues);
      if (path) parsed.set(use, path);
    }
    checkBatchPrefixes(batchUses, parsed, issues);
  });
  return issues;
}

/** An expression as text; hostile data (an object whose `toString` is not a function) never throws. */
function textOf(value: unknown): string {
  try {
    return String(value);
  } catch {
    return "[not a string]";
  }
}

/** The per-expression rules. Returns the parsed path when it parsed. */
function checkUse(
  use: Use,
  known: ReadonlySet<string>,
  issues: PolicyPathIssue[],
): PolicyPath | undefined {
  const { location } = use;
  const expression = textOf(use.expression);
  const report = (code: PolicyPathErrorCode, message: string, position?: number) => {
    const issue: PolicyPathIssue = {
      code,
      expression,
      location,
      message: `${location}: ${message}`,
    };
    if (position !== undefined) issue.position = position;
    issues.push(issue);
  };
  const parsed = parsePolicyPath(use.expression as string);
  if (!parsed.ok) {
    report("invalid_syntax", parsed.error.message, parsed.error.position);
    return undefined;
  }
  const path = parsed.value;
  if (path.source !== "parent") {
    if (!known.has(path.source)) {
      report("unknown_alias", `'${path.source}' is not parent or a local_agents[].alias`);
    } else if (!use.executed.has(path.source)) {
      report("step_not_executed", `'${path.source}' has not executed yet at this point`);
    }
  }
  if (path.iterate.length > 1) {
    report("multiple_iterations", "at most one '.[]' per expression (no nested iteration)");
  }
  if (path.iterate.length > 0 && !use.batch) {
    report("iteration_outside_batch", "'.[]' is only allowed in batch.input_mapping");
  }
  return path;
}

/** All `.[]` fields of one batch mapping must iterate over the same array. */
function checkBatchPrefixes(
  uses: readonly Use[],
  parsed: ReadonlyMap<Use, PolicyPath>,
  issues: PolicyPathIssue[],
): void {
  let first: { prefix: string; use: Use } | undefined;
  for (const use of uses) {
    const path = parsed.get(use);
    const prefix = path && iterationPrefix(path);
    if (prefix === undefined) continue;
    if (!first) first = { prefix, use };
    else if (prefix !== first.prefix) {
      issues.push({
        code: "mismatched_iteration_prefix",
        expression: textOf(use.expression),
        location: use.location,
        message: `${use.location}: iterates over '${prefix}.[]' but ${first.use.location} iterates over '${first.prefix}.[]'; all '.[]' fields of one batch mapping must share the array prefix`,
      });
    }
  }
}
