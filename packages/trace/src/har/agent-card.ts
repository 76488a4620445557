// A2A `agent_card/get` (format §7.2.2) in a HAR: `GET …/.well-known/agent-card.json` (or the
// older `agent.json`) is one message, the card: the binding's CEL context (format §7.2.3) is
// "the full card object", so the body-less GET is no message of its own (an indicator on the
// surface would be evaluated on `{}`), as in the upstream captures.
import type { Value } from "@oatf/model";
import { isObject } from "@oatf/model/rules";
import { problem, type TraceRecord } from "../record.js";
import { unread } from "./body.js";
import { cutBody } from "./complete.js";
import { type HarEntry, pathOf } from "./entry.js";

const CARD = /\/\.well-known\/(agent-card|agent)\.json$/;

const isSuccess = (status: unknown) => typeof status === "number" && status >= 200 && status < 300;

export const isAgentCardFetch = (entry: HarEntry) =>
  entry.method === "GET" && CARD.test(pathOf(entry));

/** The card as the fetch's response; a failed fetch (a 404, a redirect) carries none. */
export function agentCard(entry: HarEntry, out: TraceRecord[]) {
  const { where, line, response, responseBody: card } = entry;
  if (response === undefined || !isSuccess(response.status)) return;
  if (card === undefined) return unread(response, where, line, out);
  cutBody(response.content, "response", where, line, out);
  if (card === null) return;
  const value = card.value;
  if (!isObject(value))
    return problem(out, line, "T-SHAPE", `${where}: the agent card is not a JSON object`);
  const time = entry.received;
  out.push({
    kind: "message",
    message: {
      protocol: "a2a",
      operation: "agent_card/get",
      line,
      direction: "response",
      content: value as Value,
      ...(time ? { timestamp: time } : {}),
      // The entry's run (`_run`), as every other entry's messages: else the card would be a
      // run of its own, apart from the traffic it led to.
      ...(entry.run === undefined ? {} : { run: entry.run }),
    },
  });
}
