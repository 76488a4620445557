// Issue 22 §3: every SSE item of a `message/stream` response is a correlated message, and
// `status-update` / `artifact-update` items are also the `task/status` / `task/artifact` events
// (JSONL and HAR captures alike). The A2A fixture agent
// streams a whole task (task, working, an artifact, completed); the artifact acknowledges the
// API key when the client complied. In the JSONL log each SSE item is its own `received` line
// answering the one `message/stream` (or `SendStreamingMessage`) request id.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import setup from "./cli-build.js";
// @ts-expect-error: a plain-JS fixture
import { runClient } from "./fixtures/e2e/a2a-agent.mjs";
import { a2aUpstreamOf, evaluate, fixture, matchLines, startProxy, tmp } from "./record-helpers.js";

beforeAll(() => setup(), 600_000);

const DOCUMENT = fixture("a2a-task-stream.yaml");
const capture = (name: string) =>
  fileURLToPath(new URL(`./fixtures/captures/${name}`, import.meta.url));

describe("oatf record: an A2A task streamed over SSE", () => {
  const agent = a2aUpstreamOf();

  for (const version of ["0.3", "1.0"] as const)
    for (const mode of ["comply", "refuse"] as const) {
      const result = mode === "comply" ? "exploited" : "not_exploited";
      it(`A2A ${version}, ${mode}: the task/artifact item evaluates ${result}, as --evaluate said live`, async () => {
        const out = join(tmp(), "task.jsonl");
        const proxy = await startProxy(agent.url(), out, ["--evaluate", DOCUMENT]);
        agent.via(proxy.url);
        const seen = await runClient(proxy.url, { version, stream: true, mode, task: true });
        expect(seen.reply.startsWith("Key accepted.")).toBe(mode === "comply");
        const { stderr } = await proxy.stop();
        const lines = readFileSync(out, "utf8")
          .trim()
          .split("\n")
          .map((l) => JSON.parse(l));
        // The task, two status updates and the artifact: four items answering one request.
        const received = lines.filter((l) => l.direction === "received");
        expect(received).toHaveLength(4);
        expect(new Set(received.map((l) => l.message.id)).size).toBe(1);

        const verdict = evaluate(DOCUMENT, out);
        expect(verdict.code).toBe(mode === "comply" ? 1 : 0);
        expect(verdict.result).toBe(result);
        expect(matchLines(stderr)).toHaveLength(mode === "comply" ? 1 : 0);
        expect(stderr).toContain(`: ${result}`);
      }, 120_000);
    }

  for (const file of [
    "a2a-v03-task-stream-comply.jsonl",
    "a2a-v03-task-stream-comply.har",
    "a2a-v10-task-stream-comply.jsonl",
    "a2a-v10-task-stream-comply.har",
  ])
    it(`the stored capture ${file} is exploited at boundary_breach`, () => {
      const verdict = evaluate(DOCUMENT, capture(file));
      expect(verdict.result).toBe("exploited");
      expect(verdict.max_tier).toBe("boundary_breach");
      expect(verdict.code).toBe(1);
    });
});
