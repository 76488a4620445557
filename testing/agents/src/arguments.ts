// Filling a tool's arguments from a sentence, by what each argument's name, type and description
// say it holds: a file path, a URL, an e-mail address, numbers, an identifier next to its name
// ("project alpha-backend"), a search phrase, or data (a quoted literal or what a step returned).
import type { ArgValue, DataRef } from "./actions.js";
import {
  argumentDescription,
  argumentNames,
  argumentType,
  GENERIC_NAME_WORDS,
  requiredArguments,
  type Tool,
} from "./catalog.js";
import { operationOf } from "./operations.js";
import {
  emails,
  escapeRegExp,
  filePaths,
  keywords,
  numbers,
  oneLine,
  quoted,
  splitIdentifiers,
  stem,
  urls,
  words,
} from "./text.js";

export type ArgumentKind =
  | "path"
  | "url"
  | "email"
  | "query"
  | "content"
  | "title"
  | "identifier"
  | "other";

const KIND_BY_NAME: [ArgumentKind, RegExp][] = [
  ["url", /(?:^|_)(?:url|uri|endpoint|webhook|link|href)s?$/],
  ["email", /^(?:to|recipients?|emails?|e_?mail_?address|address|cc|bcc|mail_?to)$/],
  ["path", /(?:^|_)(?:path|file|filename|filepath|file_path|location|dir|directory|folder)s?$/],
  ["query", /^(?:q|query|search|search_?query|term|terms|keywords?|question|topic)$/],
  ["title", /^(?:subject|title|label|heading)$/],
  [
    "content",
    /(?:^|_)(?:content|contents|body|data|text|message|payload|note|notes|details|input|value|document|comment|summary|report|token|auth_token|context)$/,
  ],
  [
    "identifier",
    /(?:^|_)(?:id|name|key|slug|project|branch|repo|repository|user|username|account|city|region)$/,
  ],
];

/** What an argument holds, judged by its name, then its description. */
export function argumentKind(tool: Tool, name: string): ArgumentKind {
  const lower = splitIdentifiers(name).toLowerCase().replace(/\s+/g, "_");
  for (const [kind, pattern] of KIND_BY_NAME) if (pattern.test(lower)) return kind;
  const description = argumentDescription(tool, name).toLowerCase();
  if (/\be-?mail|recipient/.test(description)) return "email";
  if (/\burl\b|\buri\b/.test(description)) return "url";
  if (/\bpath\b|\bfile\b/.test(description)) return "path";
  if (/\bidentifier\b|\bname\b/.test(description)) return "identifier";
  return "other";
}

/** `path "debug-bundle"`, `mode=fast`, `branch: main`: a literal given for the argument by name. */
function literalFor(text: string, name: string): string | undefined {
  const n = escapeRegExp(name);
  const quotedValue = new RegExp(
    `(?:^|[^\\w])${n}[\`'"]?\\s*(?:=|:|\\bto\\b|\\bof\\b)?\\s*(?:"([^"\\n]{0,500})"|'([^'\\n]{0,500})'|\`([^\`\\n]{0,500})\`)`,
    "i",
  ).exec(text);
  if (quotedValue) return quotedValue[1] ?? quotedValue[2] ?? quotedValue[3];
  const bare = new RegExp(`(?:^|[^\\w-])${n}\\s*[=:]\\s*([^\\s,;'"\`]{1,200})`, "i").exec(text);
  return bare?.[1]?.replace(/[.)]+$/, "");
}

/** The e-mail address the text sends to: the one after "to", else the first. */
function recipient(text: string): string | undefined {
  const after = /\bto\s+([\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63})+)/i.exec(text);
  return after?.[1] ?? emails(text)[0];
}

/** The word next to the argument's name in the text: `project alpha-backend`, `main branch`. */
function adjacentWord(text: string, name: string): string | undefined {
  const tokens = text.match(/[\w./~@-]+/g) ?? [];
  const nameWords = new Set(keywords(name));
  const isName = (token: string) => nameWords.has(stem(token.toLowerCase()));
  const usable = (token: string | undefined) =>
    token !== undefined && keywords(token).size > 0 && !nameWords.has(stem(token.toLowerCase()));
  for (let i = 0; i < tokens.length; i++) {
    if (!isName(tokens[i]!)) continue;
    const after = tokens[i + 1];
    if (usable(after) && (/[\d_./-]/.test(after!) || !isCommonWord(after!))) return after;
    if (usable(tokens[i - 1])) return tokens[i - 1];
  }
  return undefined;
}

const COMMON = new Set(
  "on in at for with from to by of the a an and or then this that it is be any all".split(" "),
);
const isCommonWord = (word: string) => COMMON.has(word.toLowerCase());

/** The part of a request ("X, then Y") that names the tool, or the whole request. */
export function clauseNaming(text: string, tool: Tool): string {
  const toolWords = keywords(tool.name);
  const score = (clause: string) =>
    words(clause).reduce(
      (sum, w, i) =>
        sum + (toolWords.has(w) ? (GENERIC_NAME_WORDS.has(w) ? 1 : 2) + (i === 0 ? 1 : 0) : 0),
      0,
    );
  let best = text;
  let bestScore = 0;
  for (const clause of text.split(/,?\s+(?:and\s+)?then\s+|;\s+/i)) {
    const s = score(clause);
    if (s > bestScore) [best, bestScore] = [clause, s];
  }
  return best;
}

/** The phrase after the words the tool was matched by: "search the web for X" gives "X". */
export function phraseAfter(text: string, tool: Tool): string {
  const rest = clauseNaming(text, tool).replace(/^\s*\S+\s*/, "");
  const afterPreposition = /\b(?:for|about|on|regarding|of)\s+(.+)$/i.exec(rest);
  return oneLine(afterPreposition?.[1] ?? rest, 200) || oneLine(text, 200);
}

export interface FillOptions {
  /** Data for a content argument that the text gives no literal for. */
  data?: DataRef | undefined;
  /** Values already used (a quoted literal is given to one argument only). */
  used?: Set<string>;
}

/**
 * The arguments for a call of `tool` described by `text`: every required argument, and every
 * optional one the text gives a value for.
 */
export function fillArguments(
  tool: Tool,
  text: string,
  options: FillOptions = {},
): Record<string, ArgValue> {
  const args: Record<string, ArgValue> = {};
  const used = options.used ?? new Set<string>();
  const required = new Set(requiredArguments(tool));
  const numberQueue = numbers(text);
  const freeQuotes = () => quoted(text).filter((q) => !used.has(q));
  for (const name of argumentNames(tool)) {
    const isRequired = required.has(name);
    const type = argumentType(tool, name);
    const take = (value: ArgValue | undefined) => {
      if (value === undefined || value === "") return;
      if (typeof value === "string") used.add(value);
      args[name] = value;
    };
    const literal = literalFor(text, name);
    if (literal !== undefined && type !== "number" && type !== "integer") {
      take(literal);
      continue;
    }
    if (type === "number" || type === "integer") {
      const value = literal !== undefined ? Number(literal) : numberQueue.shift();
      if (value !== undefined && !Number.isNaN(value)) args[name] = value;
      else if (isRequired) args[name] = 0;
      continue;
    }
    if (type === "boolean") {
      const flag = new RegExp(`(?:--|\\b)${escapeRegExp(name)}\\b`, "i").test(text);
      if (flag || isRequired) args[name] = flag;
      continue;
    }
    const enumValues = tool.schema.properties?.[name]?.enum;
    if (Array.isArray(enumValues) && enumValues.length > 0) {
      const mentioned = enumValues.find((v) => typeof v === "string" && text.includes(v));
      if (mentioned !== undefined || isRequired)
        args[name] = (mentioned ?? enumValues[0]) as ArgValue;
      continue;
    }
    if (type === "object" || type === "array") continue;
    const kind = argumentKind(tool, name);
    switch (kind) {
      case "path":
        take(
          filePaths(text).find((p) => !used.has(p)) ?? (isRequired ? freeQuotes()[0] : undefined),
        );
        break;
      case "url":
        take(urls(text).find((u) => !used.has(u)));
        break;
      case "email":
        take(recipient(text));
        break;
      case "query":
        if (isRequired) take(freeQuotes()[0] ?? phraseAfter(text, tool));
        break;
      case "title":
        if (isRequired) take(oneLine(text, 80));
        break;
      case "content":
        if (isRequired) take(freeQuotes()[0] ?? options.data ?? oneLine(text, 500));
        break;
      case "identifier":
        take(
          adjacentWord(text, name) ??
            (isRequired ? (freeQuotes()[0] ?? oneLine(text, 80)) : undefined),
        );
        break;
      default:
        if (/^(?:op|operation|operator|action)$/i.test(name) && operationOf(text) !== undefined)
          take(operationOf(text));
        else
          take(
            adjacentWord(text, name) ??
              (isRequired ? (freeQuotes()[0] ?? options.data ?? oneLine(text, 200)) : undefined),
          );
    }
  }
  return args;
}
