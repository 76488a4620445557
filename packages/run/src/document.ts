// The document a run executes: parsed, validated and normalized with the SDK (SDK §3.5, the
// steps of `load`), then read for what this runner does and does not execute (format §11.3
// item 13, format §11.5): unsupported modes are skipped with a warning, keys outside a binding are
// either a documented extension or a warning, never silently ignored, and `synthesize`
// blocks without a provider are said (format §11.3 item 11).
import type { CelEvaluator, Document, NormalizedDocument, Value } from "@oatf/model";
import { parse } from "@oatf/model";
import { normalize } from "@oatf/normalize";
import { validate } from "@oatf/validate";
import type { Diagnostics } from "./diagnostics.js";
import { isObject, type Obj } from "./state.js";

/** The modes this runner executes. */
export const SUPPORTED_MODES = [
  "mcp_server",
  "mcp_client",
  "a2a_server",
  "a2a_client",
  "ag_ui_client",
] as const;

export const isSupportedMode = (mode: string): boolean =>
  (SUPPORTED_MODES as readonly string[]).includes(mode);

/** Each mode's structural state keys (format §7.1.4, §7.1.5, §7.2.4, §7.2.5, §7.3.4). */
const STATE_KEYS: Record<string, readonly string[]> = {
  mcp_server: [
    "protocol_version",
    "server_info",
    "instructions",
    "capabilities",
    "tools",
    "resources",
    "resource_templates",
    "prompts",
    "elicitations",
  ],
  mcp_client: [
    "client_info",
    "capabilities",
    "actions",
    "sampling_responses",
    "elicitation_responses",
    "roots",
  ],
  a2a_server: ["agent_card", "task_responses"],
  a2a_client: ["actions"],
  ag_ui_client: ["run_agent_input", "tool_responses"],
};

/** Keys outside the bindings that the runner executes, and how (the README documents them). */
const EXTENSIONS: Record<string, Record<string, string>> = {
  mcp_server: {
    sampling_requests:
      "each entry is sent as a `sampling/createMessage` request during a matching tools/call or prompts/get, like `elicitations`",
  },
};

/** Loads `input` (YAML text or a parsed document); diagnostics say why it cannot run. */
export function loadDocument(
  input: string | Document,
  cel: CelEvaluator | undefined,
  diagnostics: Diagnostics,
): NormalizedDocument | undefined {
  let document: Document;
  if (typeof input === "string") {
    const parsed = parse(input);
    if (!parsed.ok) {
      for (const error of parsed.error) diagnostics.sdk(error);
      diagnostics.report({
        severity: "error",
        code: "run/document",
        message: "the document could not be parsed",
      });
      return undefined;
    }
    document = parsed.value;
  } else if (isObject(input)) document = input as Document;
  else {
    diagnostics.report({
      severity: "error",
      code: "run/document",
      message: "the document must be YAML text or a parsed OATF document",
    });
    return undefined;
  }
  const { errors, warnings } = validate(document, cel === undefined ? {} : { cel });
  for (const d of [...errors, ...warnings]) diagnostics.sdk(d);
  if (errors.length > 0) {
    diagnostics.report({
      severity: "error",
      code: "run/document",
      message: `the document is not valid (${errors.length} error(s))`,
    });
    return undefined;
  }
  return normalize(document);
}

/** Says, once per place, what of the document's execution the runner will not do as written. */
export function checkExecution(
  document: NormalizedDocument,
  canSynthesize: boolean,
  diagnostics: Diagnostics,
): void {
  document.attack.execution.actors?.forEach((actor, a) => {
    const at = `attack.execution.actors[${a}]`;
    if (!isSupportedMode(actor.mode)) {
      diagnostics.report({
        severity: "warning",
        code: "run/unsupported",
        message: `actor ${actor.name}: mode ${actor.mode} is not executed by this runner (supported: ${SUPPORTED_MODES.join(", ")}); the actor is skipped`,
        actor: actor.name,
        path: `${at}.mode`,
      });
      return;
    }
    actor.phases.forEach((phase, p) => {
      if (!isObject(phase.state)) return;
      const path = `${at}.phases[${p}].state`;
      for (const key of Object.keys(phase.state)) {
        if (STATE_KEYS[actor.mode]!.includes(key)) continue;
        const extension = EXTENSIONS[actor.mode]?.[key];
        diagnostics.report(
          extension
            ? {
                severity: "info",
                code: "run/extension",
                message: `\`${key}\` is not in the ${actor.mode} binding; executed as an extension: ${extension}`,
                actor: actor.name,
                path: `${path}.${key}`,
              }
            : {
                severity: "warning",
                code: "run/unsupported",
                message: `\`${key}\` is not a state key of the ${actor.mode} binding: it is not served`,
                actor: actor.name,
                path: `${path}.${key}`,
              },
        );
      }
      checkEntries(actor.mode, phase.state, path, actor.name, diagnostics);
      if (actor.mode === "mcp_server")
        checkCapabilities(phase.state, path, actor.name, diagnostics);
      if (!canSynthesize)
        for (const place of synthesizePlaces(phase.state, path))
          diagnostics.report({
            severity: "warning",
            code: "run/synthesize",
            message:
              "a `synthesize` block and no generation provider: its entry is not served (static content, when the entry has some, is)",
            actor: actor.name,
            path: place,
          });
    });
  });
}

/** MCP tool `responses` entries: keys beside `when`/`content`/`synthesize` are result fields. */
function checkEntries(
  mode: string,
  state: Obj,
  path: string,
  actor: string,
  diagnostics: Diagnostics,
): void {
  if (mode !== "mcp_server" || !Array.isArray(state.tools)) return;
  state.tools.forEach((tool, t) => {
    if (!isObject(tool) || !Array.isArray(tool.responses)) return;
    tool.responses.forEach((entry, e) => {
      if (!isObject(entry)) return;
      for (const key of Object.keys(entry)) {
        if (key === "when" || key === "content" || key === "synthesize") continue;
        diagnostics.report({
          severity: "info",
          code: "run/extension",
          message: `\`${key}\` beside \`content\` in a tool response entry is not in the MCP binding; executed as an extension: merged into the tools/call result`,
          actor,
          path: `${path}.tools[${t}].responses[${e}].${key}`,
        });
      }
    });
  });
}

/** The server capability each list of an `mcp_server` state needs to be asked for. */
const LIST_CAPABILITIES: [key: string, capability: string][] = [
  ["tools", "tools"],
  ["resources", "resources"],
  ["resource_templates", "resources"],
  ["prompts", "prompts"],
];
/** Client capabilities (MCP): declared by a server, they offer nothing. */
const CLIENT_CAPABILITIES = ["sampling", "elicitation", "roots"];

/**
 * Format §7.1.4: explicit `capabilities` are sent verbatim in the `initialize` (and 2026
 * `server/discover`) answer, the way to play a server that does not declare one. When the same
 * state serves entries under a capability it leaves out, clients that honour declared
 * capabilities (the official MCP SDKs' hosts) never list or call them and the attack cannot
 * happen: said, with the capability that would let them, never a silent `not_exploited`.
 */
function checkCapabilities(state: Obj, path: string, actor: string, diagnostics: Diagnostics) {
  const declared = state.capabilities;
  if (declared === undefined) return; // the binding's defaults declare every list
  const has = (key: string) => isObject(declared) && Object.hasOwn(declared, key);
  const missing = new Map<string, string[]>();
  for (const [key, capability] of LIST_CAPABILITIES) {
    const list = state[key];
    if (!Array.isArray(list) || list.length === 0 || has(capability)) continue;
    missing.set(capability, [...(missing.get(capability) ?? []), key]);
  }
  if (missing.size === 0) return;
  const misplaced = CLIENT_CAPABILITIES.filter(has);
  for (const [capability, keys] of missing)
    diagnostics.report({
      severity: "warning",
      code: "run/capabilities",
      message:
        `the state serves \`${keys.join("`, `")}\` but its \`capabilities\` do not declare \`${capability}\`: ` +
        "sent verbatim (format §7.1.4), so a client that honours declared capabilities never asks for them " +
        `and the attack through them cannot happen; add \`${capability}: {}\` to \`capabilities\` to offer them` +
        (misplaced.length > 0
          ? ` (\`${misplaced.join("`, `")}\` ${misplaced.length > 1 ? "are client capabilities" : "is a client capability"} in MCP: a server declaring it offers nothing)`
          : ""),
      actor,
      path: `${path}.capabilities`,
    });
}

/** Where `synthesize` blocks stand in a state (bounded walk: a state is a parsed document's). */
function synthesizePlaces(value: Value, path: string, depth = 0): string[] {
  if (depth > 16 || typeof value !== "object" || value === null) return [];
  if (Array.isArray(value))
    return value.flatMap((v, i) => synthesizePlaces(v, `${path}[${i}]`, depth + 1));
  const places: string[] = [];
  for (const [key, v] of Object.entries(value)) {
    if (key === "synthesize" && isObject(v)) places.push(`${path}.synthesize`);
    else places.push(...synthesizePlaces(v as Value, `${path}.${key}`, depth + 1));
  }
  return places;
}
