// @oatf/diagrams: two pictures of OATF as SVG markup strings, pure functions with no DOM, for
// browsers and Node alike (the playground, an HTML report): a document's actors and phases as
// a timeline, and a trace as a sequence diagram between the agent and the actors with the
// messages that matched an indicator marked and linked to their evidence.
export { evidenceId, messageId } from "./ids.js";
export { type SequenceMessage, summarizeMessage } from "./message.js";
export { type SequenceOptions, sequenceSvg } from "./sequence.js";
export type { SequenceMatch } from "./sequence-rows.js";
export { type TimelineOptions, timelineSvg } from "./timeline.js";
