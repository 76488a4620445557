// Regular expressions with RE2 semantics (SDK §5.3): linear time, partial match.
// The engine sits behind `RegexEngine` so native RE2 bindings can replace re2js.
import type { Result } from "@oatf/model";
import { err, ok } from "@oatf/model/internal";
import { RE2JS } from "re2js";
import { clearCaches, registeredLru } from "../base/lru.js";
import { type CompileError, describeThrown } from "./compile-error.js";
import { requiredFoldedLiterals, requiredLiterals } from "./regex-prefilter.js";

/** A compiled pattern. Implementations must be reusable and must not throw. */
export interface CompiledRegex {
  readonly source: string;
  /** Number of capture groups (V-042 needs at least one for regex extractors). */
  readonly groupCount: number;
  /** Partial match: true when the pattern matches anywhere in `input`. */
  test(input: string): boolean;
  /**
   * The first match: `[whole match, group 1, ...]`, or `undefined` when there is none.
   * A group that did not take part in the match is `undefined` (it has no value), unlike
   * one that matched the empty string.
   */
  exec(input: string): (string | undefined)[] | undefined;
}

/** Turns pattern text into a `CompiledRegex`. Must accept exactly the RE2 syntax. */
export interface RegexEngine {
  readonly name: string;
  compile(pattern: string): Result<CompiledRegex, CompileError>;
}

// re2js names the offending fragment but not its position, so find the fragment in the
// pattern; for these errors the fragment does not point at the problem.
const FRAGMENT_IS_NOT_A_POSITION = /missing closing \)|unexpected \)|duplicate capture group name/;

function re2jsError(pattern: string, thrown: unknown): CompileError {
  const description = describeThrown(thrown).replace(/^error parsing regexp: /, "");
  const message = `invalid RE2 regular expression: ${description}`;
  const fragment = (thrown as { input?: unknown })?.input;
  if (
    typeof fragment !== "string" ||
    fragment === "" ||
    FRAGMENT_IS_NOT_A_POSITION.test(description)
  ) {
    return { message };
  }
  const offset = pattern.indexOf(fragment);
  return offset >= 0 ? { message, offset } : { message };
}

/** The default engine: re2js, a pure-JavaScript port of RE2 (works in browsers too). */
export const re2jsEngine: RegexEngine = {
  name: "re2js",
  compile(pattern) {
    let re: RE2JS;
    try {
      re = RE2JS.compile(pattern);
    } catch (thrown) {
      return err(re2jsError(pattern, thrown));
    }
    return ok({
      source: pattern,
      groupCount: re.groupCount(),
      test: (input) => re.test(input),
      exec(input) {
        // re2js gives `undefined` for a group that did not take part; the copy drops
        // RegExp-style extras (`index`, `input`).
        const match = re.exec(input);
        return match === null ? undefined : Array.from(match);
      },
    });
  },
};

let engine: RegexEngine = re2jsEngine;
// Failed compilations are cached too: a bad pattern in a hot loop must not recompile.
const cache = /* @__PURE__ */ registeredLru<string, Result<CompiledRegex, CompileError>>(2048);

/** The engine every regex in the SDK compiles with (conditions, extractors, JSONPath). */
export function getRegexEngine(): RegexEngine {
  return engine;
}

/** Replaces the regex engine for the whole SDK and empties every compile cache. */
export function setRegexEngine(next: RegexEngine): void {
  engine = next;
  clearCaches();
}

/**
 * Whether `input` contains one of `needles` (`ignoreCase`: in either ASCII case). Several
 * needles are one JS RegExp of their escaped text: one scan of the input instead of one
 * `includes` per needle, about twice as fast for the 2–16 literals of an alternation. An
 * alternation of plain literals has no quantifier, so it cannot backtrack: it costs at most
 * what the `includes` calls would. Without the `u` flag, `i` pairs a printable ASCII
 * character with its other ASCII case only (never a non-ASCII character that upper-cases to
 * ASCII), which is RE2's orbit for the fold-safe pieces `ignoreCase` is given; and it needs
 * no lower-cased copy of each input.
 */
function containsAny(needles: string[], ignoreCase = false): (input: string) => boolean {
  if (needles.length === 1 && !ignoreCase) {
    const needle = needles[0] as string;
    return (input) => input.includes(needle);
  }
  const escaped = needles.map((n) => n.replace(/[\\^$.*+?()[\]{}|/]/g, "\\$&"));
  const any = new RegExp(escaped.join("|"), ignoreCase ? "i" : "");
  return (input) => any.test(input);
}

/**
 * `compiled`, made to reject at once the inputs that lack every literal a match must
 * contain (regex-prefilter.ts): `includes` is far cheaper than running the engine.
 */
function withPrefilter(source: string, compiled: CompiledRegex): CompiledRegex {
  const needles = requiredLiterals(source);
  const folded = needles === undefined ? requiredFoldedLiterals(source) : undefined;
  let mayMatch: (input: string) => boolean;
  if (needles !== undefined) {
    mayMatch = containsAny(needles);
  } else if (folded !== undefined) {
    mayMatch = containsAny(folded, true);
  } else {
    return compiled;
  }
  return {
    source: compiled.source,
    groupCount: compiled.groupCount,
    test: (input) => mayMatch(input) && compiled.test(input),
    exec: (input) => (mayMatch(input) ? compiled.exec(input) : undefined),
  };
}

/** Compiles (through a bounded cache) with the current engine. Never throws. */
export function compileRegex(pattern: string): Result<CompiledRegex, CompileError> {
  if (typeof pattern !== "string") return err({ message: "a regular expression must be a string" });
  return cache.getOrCreate(pattern, (source) => {
    try {
      const compiled = engine.compile(source);
      return compiled.ok ? ok(withPrefilter(source, compiled.value)) : compiled;
    } catch (thrown) {
      return err({ message: `invalid regular expression: ${describeThrown(thrown)}` });
    }
  });
}
