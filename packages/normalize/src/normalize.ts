// SDK §3.3 normalize: N-001..N-008 applied in order to a copy of the document.
import type { Document, NormalizedDocument } from "@oatf/model";
import { carryExtensionAnchors, checkPlainTree } from "@oatf/model/internal";
import { deepCopy } from "./copy.js";
import { isObject } from "./shape.js";
import { applyDefaults } from "./steps/n001-defaults.js";
import { expandSeverity } from "./steps/n002-severity.js";
import { generateIndicatorIds } from "./steps/n003-indicator-ids.js";
import { materializeTargets } from "./steps/n004-targets.js";
import { expandPatternShorthand } from "./steps/n005-pattern-shorthand.js";
import { wrapSinglePhase } from "./steps/n006-single-phase.js";
import { wrapMultiPhase } from "./steps/n007-multi-phase.js";
import { normalizeTags } from "./steps/n008-tags.js";

/** Each step edits the working copy in place; every step is a no-op on its own output. */
const STEPS: readonly ((document: Document) => void)[] = [
  applyDefaults, // N-001
  expandSeverity, // N-002
  generateIndicatorIds, // N-003
  materializeTargets, // N-004
  expandPatternShorthand, // N-005
  wrapSinglePhase, // N-006
  wrapMultiPhase, // N-007
  normalizeTags, // N-008
];

/**
 * The canonical, fully expanded form of a validated document (SDK §3.3).
 * Returns a new document; the input is never modified. Idempotent.
 * The type states the SDK §3.3 guarantees, which hold for documents that pass `validate`;
 * an invalid document is normalized as far as its shape allows. A document that is not a
 * plain tree (cyclic, nested deeper than 256 levels, or too large: see `checkPlainTree`),
 * which `validate` reports as V-020, is returned as it is, without throwing.
 */
export function normalize(document: Document): NormalizedDocument {
  if (checkPlainTree(document) !== undefined) return document as NormalizedDocument;
  const copy = deepCopy(document);
  // serialize writes each `x-` field after the field it followed in the source (SDK §3.4).
  carryExtensionAnchors(document, copy);
  // A document without the basic shape comes back as an unchanged copy.
  if (!isObject(copy) || !isObject(copy.attack) || !isObject(copy.attack.execution)) {
    return copy as NormalizedDocument;
  }
  for (const step of STEPS) step(copy);
  return oatfFirst(copy);
}

/**
 * The canonical form has `oatf` as its first key (format §4.1): a document built in code is
 * read in insertion order, so one parsed with `oatf` last drew W-001 once normalized.
 */
function oatfFirst(document: Document): NormalizedDocument {
  const keys = Object.keys(document);
  if (keys[0] === "oatf" || !keys.includes("oatf")) return document as NormalizedDocument;
  const { oatf, ...rest } = document;
  return { oatf, ...rest } as NormalizedDocument;
}
