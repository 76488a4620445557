// The HTML report's pictures of each run's recorded exchange. @oatf/diagrams (the
// playground's sequence view) is not on main yet: until it is, the report has no pictures and
// says so. With it, this module is one call:
//   import { sequenceSvg } from "@oatf/diagrams";
//   export const REPORT_PICTURES: ReportPictures = { sequence: (messages, o) => sequenceSvg(messages, o) };
import type { ReportPictures } from "./html.js";

export const REPORT_PICTURES: ReportPictures | undefined = undefined;
