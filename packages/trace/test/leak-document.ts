// The documents the reader tests evaluate against: an MCP server whose tool call answers with a
// private key, and an A2A agent whose task artifact carries a secret. One copy of each, so a
// change to the document shape is made once.
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

/** An A2A client attack whose one indicator matches `SECRET` in a `task/artifact` item. */
export const ARTIFACT_DOCUMENT = {
  oatf: "0.1",
  attack: {
    id: "FUZZ-A2A",
    execution: { mode: "a2a_client", state: {} },
    indicators: [
      {
        surface: "task/artifact",
        target: "artifact.parts[*].text",
        pattern: { contains: "SECRET" },
      },
    ],
  },
} as unknown as Document;
