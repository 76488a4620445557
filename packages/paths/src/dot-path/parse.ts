import { err, ok, type PathError, type PathResult } from "../types.js";

/**
 * One segment of an OATF dot-path (SDK §5.1): a field name, optionally followed by
 * `[*]`, which fans out over the elements of the array found under that name.
 */
export interface PathSegment {
  name: string;
  wildcard: boolean;
}

/** Why a dot-path failed to parse. Stable phrases, safe to switch on. */
export type DotPathErrorReason =
  | "empty segment"
  | "invalid character"
  | "numeric index"
  | "unclosed bracket"
  | "unsupported bracket"
  | "wildcard not allowed"
  | "wildcard without field name"
  | "repeated wildcard"
  | "not a string";

const DETAIL: Record<DotPathErrorReason, string> = {
  "empty segment": "segments must be non-empty: no leading, trailing or doubled '.'",
  "invalid character": "segments may only contain [a-zA-Z0-9_-]",
  "numeric index": "numeric indices are not supported; use a CEL expression for positional access",
  "unclosed bracket": "'[' must be closed as '[*]'",
  "unsupported bracket": "the only bracket form is the '[*]' wildcard suffix",
  "wildcard not allowed": "simple dot-paths do not support '[*]' wildcards",
  "wildcard without field name": "'[*]' is a suffix and must follow a field name",
  "repeated wildcard": "a segment takes at most one '[*]' suffix",
  "not a string": "a path must be a string",
};

/**
 * Parses a simple dot-path (SDK §5.1.1, backs V-026 and V-027).
 * `""` is the root and parses to no segments.
 */
export function parseSimplePath(path: string): PathResult<PathSegment[]> {
  return parseDotPath(path, false);
}

/**
 * Parses a wildcard dot-path (SDK §5.1.2, backs V-021).
 * `""` is the root and parses to no segments.
 */
export function parseWildcardPath(path: string): PathResult<PathSegment[]> {
  return parseDotPath(path, true);
}

function isSegmentChar(c: number): boolean {
  return (
    (c >= 97 && c <= 122) || // a-z
    (c >= 65 && c <= 90) || // A-Z
    (c >= 48 && c <= 57) || // 0-9
    c === 95 || // _
    c === 45 // -
  );
}

// One left-to-right scan, no recursion and no regular expressions.
function parseDotPath(path: string, allowWildcard: boolean): PathResult<PathSegment[]> {
  const fail = (position: number, reason: DotPathErrorReason) =>
    err(dotPathError(path, allowWildcard, position, reason));
  if (typeof path !== "string") return fail(0, "not a string");
  const segments: PathSegment[] = [];
  if (path === "") return ok(segments);
  const n = path.length;
  let i = 0;
  for (;;) {
    const start = i;
    while (i < n && isSegmentChar(path.charCodeAt(i))) i++;
    if (i === start) {
      if (i === n || path[i] === ".") return fail(i, "empty segment");
      if (path[i] === "[") {
        const bracket = bracketReason(path, i, allowWildcard);
        return fail(i, bracket === "wildcard" ? "wildcard without field name" : bracket);
      }
      return fail(i, "invalid character");
    }
    const name = path.slice(start, i);
    let wildcard = false;
    if (path[i] === "[") {
      const bracket = bracketReason(path, i, allowWildcard);
      if (bracket !== "wildcard") return fail(i, bracket);
      wildcard = true;
      i += 3;
      if (path[i] === "[") return fail(i, "repeated wildcard");
    }
    segments.push({ name, wildcard });
    if (i === n) return ok(segments);
    if (path[i] !== ".") return fail(i, "invalid character");
    i++;
  }
}

/** Classifies the bracket that starts at `i`: a usable `[*]`, or why it is not. */
function bracketReason(
  path: string,
  i: number,
  allowWildcard: boolean,
): "wildcard" | DotPathErrorReason {
  let close = i + 1;
  while (close < path.length && path[close] !== "]" && path[close] !== "." && path[close] !== "[") {
    close++;
  }
  if (path[close] !== "]") return "unclosed bracket";
  const inner = path.slice(i + 1, close);
  if (inner === "*") return allowWildcard ? "wildcard" : "wildcard not allowed";
  if (/^-?\d+$/.test(inner)) return "numeric index";
  return "unsupported bracket";
}

function dotPathError(
  path: string,
  wildcard: boolean,
  position: number,
  reason: DotPathErrorReason,
): PathError {
  const kind = wildcard ? "wildcard dot-path" : "simple dot-path";
  const text = typeof path === "string" ? JSON.stringify(path) : "(not a string)";
  const message = `invalid ${kind} ${text} at position ${position}: ${reason}; ${DETAIL[reason]}`;
  return { message, position, reason };
}
