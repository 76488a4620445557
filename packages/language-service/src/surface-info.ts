// What a surface or trigger event is (SDK §2.21, §2.22; format §7.1–§7.3), from the binding
// tables of @oatf/registries: its protocol, which modes observe it and in which direction,
// and what its content is.
import {
  EVENT_MODE_VALIDITY,
  eventsFor,
  extractProtocol,
  isKnownMode,
  KNOWN_MODES,
  PROTOCOL_OPERATIONS,
  parseEventQualifier,
} from "@oatf/registries";

const BINDING_SECTION: Readonly<Record<string, string>> = {
  mcp: "format §7.1",
  a2a: "format §7.2",
  ag_ui: "format §7.3",
};

/** The content an indicator's `target` reads for a surface of this protocol. */
function contentOf(protocol: string, operation: string): string {
  if (protocol === "ag_ui") {
    return operation === "run_agent_input"
      ? "the `RunAgentInput` body the client POSTs (messages, tools, context, state)"
      : "the AG-UI event object of this type, as the agent streams it";
  }
  if (operation === "agent_card/get")
    return "the Agent Card JSON served at `/.well-known/agent-card.json`";
  if (operation.startsWith("notifications/"))
    return "the notification's `params` (one-way: no response)";
  return "`direction: request`: the JSON-RPC request's `params`; `direction: response`: the response's `result`";
}

/** Markdown describing `name` as a surface/event; undefined when no binding defines it. */
export function describeSurface(name: string): string | undefined {
  const base = parseEventQualifier(name).base;
  const protocols = Object.entries(PROTOCOL_OPERATIONS)
    .filter(([, ops]) => (ops as readonly string[]).includes(base))
    .map(([protocol]) => protocol);
  if (protocols.length === 0) return undefined;
  const lines = [`**\`${base}\`** — protocol operation`];
  for (const protocol of protocols) {
    const modes = Object.entries(EVENT_MODE_VALIDITY)
      .filter(
        ([mode, events]) =>
          mode.startsWith(`${protocol}_`) && (events as readonly string[]).includes(base),
      )
      .map(([mode]) => `\`${mode}\``);
    lines.push(
      "",
      `- protocol: \`${protocol}\` (${BINDING_SECTION[protocol] ?? "its binding"})`,
      `- observed by: ${modes.length > 0 ? modes.join(", ") : "no mode as a trigger event"}${directionOf(protocol, base)}`,
      `- content: ${contentOf(protocol, base)}`,
    );
  }
  return lines.join("\n");
}

function directionOf(protocol: string, operation: string): string {
  if (protocol === "ag_ui")
    return operation === "run_agent_input" ? " (client → agent)" : " (agent → client)";
  if (operation.startsWith("notifications/")) return " (one-way notification)";
  return " (server mode: incoming request; client mode: correlated response)";
}

/** Markdown describing a mode (format §7.0 `{protocol}_{role}`): its binding and events. */
export function describeMode(mode: string): string {
  if (!isKnownMode(mode)) {
    return `mode \`${mode}\` is not one the included bindings define (W-002); known: ${KNOWN_MODES.map((m) => `\`${m}\``).join(", ")}`;
  }
  const protocol = extractProtocol(mode);
  const role = mode.slice(protocol.length + 1);
  const events = eventsFor(mode) ?? [];
  return [
    `**\`${mode}\`** — the attacker acts as the ${protocol} ${role} (${BINDING_SECTION[protocol] ?? "its binding"})`,
    "",
    `Trigger events it observes (${events.length}): ${events.map((e) => `\`${e}\``).join(", ")}`,
  ].join("\n");
}
