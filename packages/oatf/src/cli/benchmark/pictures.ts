// The HTML report's pictures, drawn by @oatf/diagrams (the playground's views): each
// document's actors and phases as a timeline, each run's recorded exchange as a sequence
// diagram. Both escape and bound every text from the document and the trace themselves.
import { sequenceSvg, timelineSvg } from "@oatf/diagrams";
import type { ReportPictures } from "./html.js";

export const REPORT_PICTURES: ReportPictures = {
  sequence: (messages, options) => sequenceSvg(messages, options),
  timeline: (document) => timelineSvg(document),
};
