// Stable ids that tie a picture to the page around it: the sequence diagram's marked messages
// link to `evidenceId(indicator_id)`, which the host gives the element showing that
// indicator's evidence (a table row, a list item). The same inputs always give the same id, so
// a report can be written in pieces. Any string becomes a valid, unique HTML id token.

/** The prefix every id of a picture starts with, unless the caller gives one. */
export const DEFAULT_ID_PREFIX = "oatf-";

/** Longest indicator id spelled out in an id; a longer one is cut and keeps a hash of the rest. */
const MAX_SPELLED = 64;

/** Characters kept as they are; every other code unit is written `_hhhh` (so `_` itself too). */
const PLAIN = /[A-Za-z0-9-]/;

/** Code units of a long id that its hash reads (with its length): a bounded cost per id. */
const HASHED = 4096;

/** FNV-1a over the first HASHED UTF-16 code units and the length, as 8 hex digits. */
function hash(text: string): string {
  let h = 0x811c9dc5 ^ text.length;
  for (let i = 0; i < Math.min(text.length, HASHED); i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, "0");
}

/** `text` as an id token: injective for texts up to MAX_SPELLED code units; longer ones keep a hash. */
export function token(text: string): string {
  const spelled = text.length > MAX_SPELLED ? text.slice(0, MAX_SPELLED) : text;
  let out = "";
  for (let i = 0; i < spelled.length; i++) {
    const unit = spelled[i] as string;
    out += PLAIN.test(unit) ? unit : `_${unit.charCodeAt(0).toString(16).padStart(4, "0")}`;
  }
  return text.length > MAX_SPELLED ? `${out}_${hash(text)}` : out;
}

/** `prefix` as given when it is a safe id start, else the default (ids must start with a letter). */
export function idPrefixOf(prefix: unknown): string {
  return typeof prefix === "string" && /^[A-Za-z][A-Za-z0-9_-]{0,63}$/.test(prefix)
    ? prefix
    : DEFAULT_ID_PREFIX;
}

/**
 * The id of the element that shows an indicator's evidence, which the sequence diagram's
 * marked messages link to (`href="#…"`). Give each picture of a page its own `idPrefix`.
 */
export function evidenceId(indicatorId: string, idPrefix: string = DEFAULT_ID_PREFIX): string {
  return `${idPrefixOf(idPrefix)}evidence-${token(String(indicatorId))}`;
}

/** The id of a message's arrow in the sequence diagram (`index`: its 0-based trace position). */
export function messageId(index: number, idPrefix: string = DEFAULT_ID_PREFIX): string {
  return `${idPrefixOf(idPrefix)}message-${Math.trunc(index)}`;
}
