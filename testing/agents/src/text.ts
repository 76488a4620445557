// Lexical helpers over untrusted text: sentences, clauses, words, and the things an instruction
// can name (file paths, URLs, e-mail addresses, quoted literals, numbers, secrets). Every
// pattern is linear (no nested quantifiers) and every input is cut to MAX_TEXT first.

/** Longest text the agents read from one observation; the rest is ignored. */
export const MAX_TEXT = 64 * 1024;

const STOPWORDS = new Set(
  "a an the and or of to in on at for with from by into onto as is are be was were been it its this that these those then than any all each every some your you my me our we us i do does did can could should would will shall may might must please now also just only so if when before after about over under via per there here what which who whom whose how up out not no".split(
    " ",
  ),
);

/** Whitespace collapsed, XML-like wrapper tags (`<IMPORTANT>`) dropped, cut to MAX_TEXT. */
export function clean(text: string): string {
  return text
    .slice(0, MAX_TEXT)
    .replace(/\r\n?/g, "\n")
    .replace(/<\/?[A-Za-z][\w-]{0,40}>/g, " ");
}

export const LIST_ITEM = /^\s*(?:step\s+\d+\s*[:.)-]|\d{1,3}[.)]|[-*•])\s+/i;

/** A CSV or table row (`1,John,john@company.com`) is a block of its own, never joined. */
function isTableRow(line: string): boolean {
  return (
    (line.match(/,\S/g)?.length ?? 0) >= 2 ||
    (line.match(/\|/g)?.length ?? 0) >= 2 ||
    line.includes("\t")
  );
}

/**
 * Sentences of a text. Wrapped lines are joined; a blank line, a table row or a list item (`1.`,
 * `Step 2:`, `-`) starts a new block; a block splits after `.`, `!` or `?` followed by a space and a capital
 * (so `~/.ssh/id_rsa` and `/etc/app/.env` stay whole).
 */
export function sentences(text: string): string[] {
  const blocks: string[] = [];
  let current = "";
  let inRow = false;
  for (const line of clean(text).split("\n")) {
    const trimmed = line.trim();
    const row = isTableRow(trimmed);
    // A list item goes on over lower-case lines; a capital starts a new sentence after it.
    const afterItem = LIST_ITEM.test(current) && /^[A-Z]/.test(trimmed);
    if (trimmed === "" || row || inRow || afterItem || LIST_ITEM.test(line)) {
      if (current !== "") blocks.push(current);
      current = trimmed;
    } else current = current === "" ? trimmed : `${current} ${trimmed}`;
    inRow = row;
  }
  if (current !== "") blocks.push(current);
  return blocks.flatMap(splitBlock);
}

/** A piece that does not end a sentence: a list marker (`1.`) or an abbreviation (`e.g.`). */
const NOT_AN_END =
  /(?:^(?:\d{1,3}|step\s+\d+)[.)]|\b(?:e\.g|i\.e|etc|vs|dr|mr|ms|mrs|no|fig|approx)\.)$/i;

function splitBlock(block: string): string[] {
  const pieces = block.replace(/[ \t]+/g, " ").split(/(?<=[.!?])\s+(?=[A-Z[("'`])/);
  const merged: string[] = [];
  for (const piece of pieces) {
    const last = merged.at(-1);
    if (last !== undefined && NOT_AN_END.test(last)) merged[merged.length - 1] = `${last} ${piece}`;
    else merged.push(piece);
  }
  return merged.map((s) => s.trim()).filter((s) => s.length > 0);
}

/** Words (lower case, letters and digits), with a crude stem so `reports` meets `reporting`. */
export function words(text: string): string[] {
  return (text.toLowerCase().match(/[a-z0-9]+/g) ?? []).map(stem);
}

/** Content words: `words` without stopwords and one-letter words. */
export function keywords(text: string): Set<string> {
  return new Set(words(splitIdentifiers(text)).filter((w) => w.length > 1 && !STOPWORDS.has(w)));
}

/** `get_project_data` and `FinanceReportingAgent` as separate words. */
export function splitIdentifiers(text: string): string {
  return text.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/[_-]+/g, " ");
}

export function stem(word: string): string {
  for (const suffix of ["ing", "ed", "es", "s"]) {
    if (word.length > suffix.length + 3 && word.endsWith(suffix))
      return word.slice(0, -suffix.length);
  }
  return word;
}

/** Letters and digits only, lower case: `analytics-service` and `AnalyticsService` meet. */
export function squash(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, "");
}

/** Whether `name` appears in `text` as a whole identifier (case-insensitive). */
export function mentions(text: string, name: string): boolean {
  if (name.length === 0) return false;
  const lower = text.toLowerCase();
  const needle = name.toLowerCase();
  for (let at = lower.indexOf(needle); at !== -1; at = lower.indexOf(needle, at + 1)) {
    const before = lower[at - 1] ?? " ";
    const after = lower[at + needle.length] ?? " ";
    if (!/[a-z0-9_]/.test(before) && !/[a-z0-9_]/.test(after)) return true;
  }
  return false;
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

const TRAILING = /[.,;:!?)\]}>'"`]+$/;

export function urls(text: string): string[] {
  return (text.match(/\b[a-z][a-z0-9+.-]{1,20}:\/\/[^\s"'<>`)\]]+/gi) ?? []).map((u) =>
    u.replace(TRAILING, ""),
  );
}

export function emails(text: string): string[] {
  return text.match(/[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63})+/g) ?? [];
}

const FILE_EXTENSIONS =
  "json|ya?ml|env|txt|pem|key|csv|conf|cfg|ini|toml|log|db|sqlite|sh|py|js|ts|md|xml|pub|crt|p12|pfx|kdbx";

/**
 * File paths: `~/…`, `./…`, `/abs/…` (starting after a space, quote or bracket, so `CI/CD` and
 * `3/5` are not paths), and bare file names with a known extension (`credentials.json`).
 */
export function filePaths(text: string): string[] {
  // `file:///etc/passwd` names a path; other URLs do not.
  const fileUrls = text.replace(/\bfile:\/\/(?:localhost)?(\/\S+)/gi, " $1");
  const withoutUrls = fileUrls.replace(/\b[a-z][a-z0-9+.-]{1,20}:\/\/\S+/gi, " ");
  const withoutEmails = withoutUrls.replace(/[\w.+-]+@[\w.-]+/g, " ");
  const found: string[] = [];
  const pathPattern = /(?:^|[\s"'`([=:])((?:~|\.{1,2})?\/[\w.\-~@%+]+(?:\/[\w.\-~@%+]*)*)/g;
  for (const match of withoutEmails.matchAll(pathPattern)) {
    const path = match[1]!.replace(TRAILING, "");
    if (path.length > 1 && /[A-Za-z]/.test(path)) found.push(path);
  }
  const bare = new RegExp(
    `(?:^|[\\s"'\`(])([\\w-]{1,64}(?:\\.[\\w-]{1,64}){0,4}\\.(?:${FILE_EXTENSIONS}))\\b`,
    "gi",
  );
  for (const match of withoutEmails.matchAll(bare)) {
    const name = match[1]!;
    if (!found.some((p) => p.endsWith(name))) found.push(name);
  }
  return found;
}

/** Literals in double quotes, backticks or typographic quotes, and in single quotes standing alone. */
export function quoted(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/"([^"\n]{1,500})"|“([^”\n]{1,500})”|`([^`\n]{1,500})`/g))
    found.push((match[1] ?? match[2] ?? match[3])!);
  for (const match of text.matchAll(/(?:^|[\s(:=])'([^'\n]{1,500})'(?=$|[\s).,;:!?])/g))
    found.push(match[1]!);
  return found;
}

/** Numbers standing as words of their own (`15`, `-2.5`), not parts of `Q4` or `v2`. */
export function numbers(text: string): number[] {
  const tokens = text.slice(0, MAX_TEXT).match(/[\w.-]+/g) ?? [];
  return tokens
    .map((token) => token.replace(/\.$/, ""))
    .filter((token) => /^-?\d+(?:\.\d+)?$/.test(token))
    .map(Number);
}

const SECRET_PATTERNS = [
  /-----BEGIN [A-Z ]{0,40}PRIVATE KEY-----[\s\S]{0,8000}?-----END [A-Z ]{0,40}PRIVATE KEY-----/g,
  /\b(?:sk|pk|rk)_(?:live|test)_[A-Za-z0-9]{6,}/g,
  /\bsk-[A-Za-z0-9-]{10,}/g,
  /\bgh[pousr]_[A-Za-z0-9]{8,}/g,
  /\bAKIA[0-9A-Z]{12,}/g,
  /\bxox[abpr]-[\w-]{8,}/g,
  /\b[A-Z][A-Z0-9_]{0,40}(?:KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIALS?)[A-Z0-9_]{0,40}=\S+/g,
  /"(?:api_?key|token|secret|password|access_token)"\s*:\s*"[^"\n]{1,200}"/gi,
  /\b[a-z]+:\/\/[^\s:/@]{1,64}:[^\s@]{1,64}@[^\s]+/g,
];

/** Strings shaped like credentials: private keys, API keys, tokens, passwords in URLs. */
export function secrets(text: string): string[] {
  const found = new Set<string>();
  const bounded = text.slice(0, MAX_TEXT);
  for (const pattern of SECRET_PATTERNS) for (const m of bounded.matchAll(pattern)) found.add(m[0]);
  return [...found];
}

/** The first line of a text, cut to `max` characters. */
export function firstLine(text: string, max = 200): string {
  const line = text.trim().split("\n", 1)[0] ?? "";
  return line.length > max ? `${line.slice(0, max)}…` : line;
}

/** One line: whitespace collapsed, cut to `max` characters. */
export function oneLine(text: string, max = 240): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > max ? `${line.slice(0, max)}…` : line;
}
