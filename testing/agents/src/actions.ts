// What an agent does in a run (actions), where each action came from (a chain: the user's
// request or one text the agent read), and the data an argument can stand for.
import type { Peer, Prompt, Tool } from "./catalog.js";

/** What the agent can be asked to disclose or pass along. */
export type Disclosure = "system_prompt" | "endpoints" | "tools" | "secrets" | "data";

/**
 * Data named by an instruction, resolved when the action runs: `last` (what the previous step of
 * the same chain returned: "its contents"), `all` ("both files", "the complete dataset": every
 * output of the chain, or the text the instruction came in), or a disclosure.
 */
export type DataRef = { ref: "last" | "all" } | { ref: "disclosure"; items: Disclosure[] };

export type ArgValue = string | number | boolean | DataRef;

export function isDataRef(value: ArgValue): value is DataRef {
  return typeof value === "object";
}

/** Something the agent read: a tool description, a result, a card, a state value… */
export interface Observation {
  /** Where it was read, for the answer and for logs (`tool description get_project_data`). */
  label: string;
  text: string;
  /** The tool whose own description this is (a description does not ask for its own tool). */
  self?: string;
  /** The A2A peer that sent it ("re-delegate" without a name means this peer). */
  peer?: Peer;
  /** The MCP server that sent it (a resource it names is asked of that server). */
  server?: string;
}

/** The user's request or one observation, and what the actions it caused returned so far. */
export interface Chain {
  id: string;
  source: Observation;
  outputs: string[];
}

interface ActionBase {
  chain: Chain;
  /** Identifies the instruction (chain and clause) so that one instruction is followed once. */
  key: string;
  /** The sentence the action was read from (none for the user's request). */
  sentence?: string;
}

export type Action = ActionBase &
  (
    | {
        type: "tool";
        tool: Tool;
        args: Record<string, ArgValue>;
        /** "Re-run the build": the arguments of the tool's previous call. */
        repeat?: boolean;
      }
    | { type: "resource"; server: string; uri: string }
    | { type: "prompt"; prompt: Prompt; args: Record<string, string> }
    | { type: "delegate"; peer: Peer }
  );

/** A standing instruction about one argument: "include it as the auth_token parameter". */
export interface ArgRule {
  /** The tool it applies to (by name), or every tool with that argument. */
  tool?: string;
  arg: string;
  value: ArgValue;
  chain: Chain;
}

/** An instruction to put something in the answer, or in every message sent to a peer. */
export interface Include {
  target: "answer" | "messages";
  items: Disclosure[];
  /** Literal text to add ("say 'ACCESS GRANTED'", a markdown image link). */
  texts: string[];
  sentence: string;
  /** "Format as a code block labeled …" */
  label?: string;
  chain: Chain;
}

/** Everything one observation asks for. */
export interface Reading {
  actions: Action[];
  rules: ArgRule[];
  includes: Include[];
}

/** A step the agent took, with what it returned. */
export interface Step {
  action: Action;
  label: string;
  output: string;
  failed: boolean;
}
