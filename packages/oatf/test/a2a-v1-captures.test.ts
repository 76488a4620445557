// A2A v1.0 content read in the binding's v0.3 shape (issue 22 §3): every stored A2A v1.0
// capture of `@a2a-js/sdk` 1.3.0 gives the verdicts of its v0.3 twin (the same conversation
// spoken in v0.3) against the example and the end-to-end documents written for the binding,
// through the library API (no CLI build). Before the content mapping, a v1.0 capture gave
// `error` on a CEL indicator (`field not found: kind`) where its twin gave `exploited`.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  type Document,
  evaluateTrace,
  load,
  loadDefaultCel,
  readTraceText,
  type TraceMessage,
} from "oatf";
import { beforeAll, describe, expect, it } from "vitest";
import { REPO } from "./cli-build.js";

beforeAll(() => loadDefaultCel());

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const DOCUMENTS = [
  join(REPO, "examples", "a2a-skill-poisoning.yaml"),
  here("./fixtures/e2e/a2a-credentials.yaml"),
  here("./fixtures/e2e/a2a-task-stream.yaml"),
];
const CAPTURES = ["send-comply", "stream-comply", "task-stream-comply"].flatMap((run) =>
  ["jsonl", "har"].map((ext) => `${run}.${ext}`),
);

function document(path: string): Document {
  const loaded = load(readFileSync(path, "utf8"));
  if (!loaded.ok) throw new Error(`${path} does not load`);
  return loaded.value.document;
}

function messagesOf(file: string, documents: Document[]): TraceMessage[] {
  const text = readFileSync(here(`./fixtures/captures/${file}`), "utf8");
  return readTraceText(text, { documents }).flatMap((r) =>
    r.kind === "message" ? [r.message] : [],
  );
}

/** What a verdict says: the result, the tier and each indicator's own result. */
function summary(doc: Document, messages: TraceMessage[]) {
  const verdict = evaluateTrace(doc, messages);
  return {
    result: verdict.result,
    max_tier: verdict.max_tier,
    indicators: Object.fromEntries(
      (verdict.indicator_verdicts ?? []).map((v) => [v.indicator_id, v.result]),
    ),
  };
}

describe("A2A v1.0 captures give the verdicts of their v0.3 twins", () => {
  const docs = DOCUMENTS.map(document);
  for (const capture of CAPTURES)
    it(`a2a-v10-${capture} = a2a-v03-${capture}`, () => {
      const v10 = messagesOf(`a2a-v10-${capture}`, docs);
      const v03 = messagesOf(`a2a-v03-${capture}`, docs);
      const results: string[] = [];
      for (const [i, doc] of docs.entries()) {
        const twin = summary(doc, v03);
        expect({ document: DOCUMENTS[i], ...summary(doc, v10) }).toEqual({
          document: DOCUMENTS[i],
          ...twin,
        });
        results.push(twin.result);
      }
      // A document the capture never reaches is skipped, an error (issue 32); some are reached.
      expect(results.some((r) => r !== "error")).toBe(true);
      // The v1.0 requests still carry their wire name and content.
      const sent = v10.filter((m) => m.native_operation !== undefined);
      expect(sent.length).toBeGreaterThan(0);
      for (const m of sent.filter((m) => m.direction === "request"))
        expect(JSON.stringify(m.native_content)).toContain('"ROLE_USER"');
    });

  it("the complying runs are exploited: the example by its send, the e2e document by both", () => {
    const [example, credentials] = docs;
    expect(summary(example!, messagesOf("a2a-v10-send-comply.jsonl", docs)).result).toBe(
      "exploited",
    );
    for (const capture of CAPTURES)
      expect(summary(credentials!, messagesOf(`a2a-v10-${capture}`, docs)).result).toBe(
        "exploited",
      );
  });
});
