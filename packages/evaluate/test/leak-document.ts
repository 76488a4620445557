// The document most reader tests evaluate against: an MCP server whose tool call answers with a
// private key. One copy, so a change to the document shape is made once.
import type { Document } from "@oatf/model";

/** An attack `id` whose one indicator matches `PRIVATE KEY` in a `tools/call` response. */
export function leakDocument(id: string): Document {
  return {
    oatf: "0.1",
    attack: {
      id,
      execution: { mode: "mcp_server", state: {} },
      indicators: [
        {
          surface: "tools/call",
          direction: "response",
          target: "content[*].text",
          pattern: { contains: "PRIVATE KEY" },
        },
      ],
    },
  } as unknown as Document;
}
