import type { Value } from "../types.js";

/**
 * The minimal shape of a multi-agent execution policy that the path checks need.
 * Field names follow the policy documents (snake_case); unknown extra fields are
 * allowed and ignored, so a full policy object can be passed as is.
 */
export interface ExecutionPolicy {
  /** The agents a policy may invoke. When absent, the aliases used by the steps are the known ones. */
  local_agents?: LocalAgent[];
  /** Executed in order; a step may only read the data of steps before it. */
  steps: PolicyStep[];
}

export interface LocalAgent {
  alias: string;
}

/** A target input field name → a path expression such as `parent.input.query`. */
export type InputMapping = Record<string, string>;

export interface PolicyStep {
  /** The `local_agents[].alias` this step invokes (absent on a purely conditional step). */
  alias?: string;
  /** Inputs for the agent; `.[]` is not allowed here. */
  input_mapping?: InputMapping;
  /** Map semantics: one invocation per array element. */
  batch?: BatchConfig;
  /** Routes to the first route whose `when` matches. */
  conditional?: ConditionalConfig;
  /** Repeats the step until `exit_condition` matches. */
  loop?: LoopConfig;
}

export interface BatchConfig {
  /** The only place where `.[]` is allowed; all `.[]` here must share one array prefix. */
  input_mapping?: InputMapping;
}

export interface ConditionalConfig {
  routes?: ConditionalRoute[];
}

export interface ConditionalRoute {
  /** The agent this route invokes, if it differs from the step's. */
  alias?: string;
  when?: ConditionGroup;
  input_mapping?: InputMapping;
}

export interface LoopConfig {
  /** May read the looping step's own output (it has run by the time this is checked). */
  exit_condition?: ConditionGroup;
}

export interface ConditionGroup {
  /** Keys are path expressions; values are conditions, opaque to this package. */
  args_match?: Record<string, unknown>;
}

/** The data of one agent, as seen by path expressions. */
export interface AgentData {
  input?: Value;
  output?: Value;
}

/**
 * What a path expression resolves against: the enclosing agent under `parent`, and every
 * step that has executed under its alias.
 */
export interface PolicyContext {
  parent: AgentData;
  [alias: string]: AgentData | undefined;
}
