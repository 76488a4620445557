// Which documents are OATF documents. Editors attach a language server to a file type, and an
// OATF document is a YAML file like a CI workflow or a compose file: a server that answered for
// every YAML file would flag each of those for its missing `oatf` field. A document is OATF when
// its first YAML document is a mapping with a top-level `oatf` key, or when its path matches one
// of the globs the user configured (`*.oatf.yaml`), which also covers a file still empty.
import picomatch from "picomatch/posix.js";
import type { DocumentInput } from "./service.js";
import { topLevelKeys } from "./top-level-keys.js";

export interface DocumentFilterOptions {
  /**
   * Globs of paths that are OATF documents whatever their content (picomatch syntax). A glob
   * without `/` matches the file name (`*.oatf.yaml`), one with `/` the whole path
   * (`**\/attacks/*.yaml`). One glob or a list; an entry that is not a string (the value may come
   * from a client's settings) or that picomatch cannot compile is listed in `ignored`.
   */
  globs?: string | readonly string[];
  /** How much of the text is searched for the `oatf` key. Default 1,048,576 (the service's `maxBytes`). */
  maxBytes?: number;
}

export interface DocumentFilter {
  /** Whether the language service should answer for `document`. */
  accepts(document: DocumentInput): boolean;
  /** The globs that were ignored (not strings, or not compilable), for the caller to report. */
  ignored: readonly unknown[];
}

const DEFAULT_MAX_BYTES = 1024 * 1024;

/** A filter deciding, per document, whether it is an OATF document. Globs compile once. */
export function createDocumentFilter(options: DocumentFilterOptions = {}): DocumentFilter {
  const matchers: ((path: string) => boolean)[] = [];
  const ignored: unknown[] = [];
  const given: unknown = options.globs;
  const globs: readonly unknown[] =
    given === undefined ? [] : Array.isArray(given) ? given : [given];
  for (const glob of globs) {
    try {
      if (typeof glob !== "string" || glob === "") throw new TypeError("not a glob");
      const matches = picomatch(glob, { dot: true });
      // (picomatch's own `basename` option also applies to globs with '/', which then never match.)
      matchers.push(
        glob.includes("/") ? matches : (path) => matches(path.slice(path.lastIndexOf("/") + 1)),
      );
    } catch {
      ignored.push(glob);
    }
  }
  const maxBytes =
    typeof options.maxBytes === "number" && options.maxBytes > 0
      ? options.maxBytes
      : DEFAULT_MAX_BYTES;
  return {
    accepts(document) {
      const text = "getText" in document ? document.getText() : document.text;
      if (matchers.length > 0) {
        const path = uriPath(document.uri);
        if (matchers.some((matches) => matches(path))) return true;
      }
      return hasOatfKey(text.length > maxBytes ? text.slice(0, maxBytes) : text);
    },
    ignored,
  };
}

/**
 * Whether the first YAML document of `text` is a mapping (block or flow, JSON included) with a
 * top-level key `oatf`. Most YAML files never mention `oatf` and are not lexed at all; an OATF
 * document names it first, and lexing stops there.
 */
export function hasOatfKey(text: string): boolean {
  if (!text.includes("oatf")) return false;
  for (const key of topLevelKeys(text)) if (key === "oatf") return true;
  return false;
}

/** The path of a document URI (`file:///a/b%20c.yaml` → `/a/b c.yaml`), else the URI itself. */
function uriPath(uri: string): string {
  try {
    return decodeURIComponent(new URL(uri).pathname);
  } catch {
    return uri;
  }
}
