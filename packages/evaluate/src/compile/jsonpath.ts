// RFC 9535 JSONPath (extractors, SDK §5.6) through json-p3: strict, no script
// evaluation, and its match()/search() functions running on the SDK's RE2 engine.
import type { Result, Value } from "@oatf/model";
import { err, ok } from "@oatf/model/internal";
import {
  FunctionExpressionType,
  JSONPathEnvironment,
  type JSONPathQuery,
  type JSONValue,
} from "json-p3";
import { registeredLru } from "../base/lru.js";
import { type CompileError, describeThrown } from "./compile-error.js";
import { compileRegex } from "./regex.js";

/** A compiled selector. `first` and `all` never throw. */
export interface CompiledJsonPath {
  readonly source: string;
  /** The first node in document order (RFC 9535 §2.6), or `undefined` when none matches. */
  first(value: Value): Value | undefined;
  /** Every node in document order. */
  all(value: Value): Value[];
}

/** Bounds the recursive-descent selector (`..`), per format §5.7. */
export const JSONPATH_MAX_RECURSION_DEPTH = 64;

// I-Regexp (RFC 9485) `.` excludes \n and \r; RE2's `.` excludes only \n.
function iRegexpToRe2(pattern: string): string {
  let out = "";
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === "\\") {
      out += c + (pattern[i + 1] ?? "");
      i++;
    } else if (inClass) {
      if (c === "]") inClass = false;
      out += c;
    } else if (c === "[") {
      inClass = true;
      out += c;
    } else out += c === "." ? "[^\\n\\r]" : c;
  }
  return out;
}

function regexFunction(anchor: boolean) {
  return {
    argTypes: [FunctionExpressionType.ValueType, FunctionExpressionType.ValueType],
    returnType: FunctionExpressionType.LogicalType,
    call(s: unknown, pattern: unknown): boolean {
      if (typeof s !== "string" || typeof pattern !== "string") return false;
      const mapped = iRegexpToRe2(pattern);
      const re = compileRegex(anchor ? `^(?:${mapped})$` : mapped);
      return re.ok && re.value.test(s);
    },
  };
}

const environment = new JSONPathEnvironment({
  strict: true,
  maxRecursionDepth: JSONPATH_MAX_RECURSION_DEPTH,
});
environment.functionRegister.set("match", regexFunction(true));
environment.functionRegister.set("search", regexFunction(false));

const cache = /* @__PURE__ */ registeredLru<string, Result<CompiledJsonPath, CompileError>>(1024);

function wrap(source: string, query: JSONPathQuery): CompiledJsonPath {
  return {
    source,
    first(value) {
      try {
        return query.match(value as JSONValue)?.value as Value | undefined;
      } catch {
        return undefined; // e.g. the recursion limit on a hostile document
      }
    },
    all(value) {
      try {
        return query.query(value as JSONValue).values() as Value[];
      } catch {
        return [];
      }
    },
  };
}

interface QueryNode {
  operator?: unknown;
  logical?: unknown;
  left?: unknown;
  right?: unknown;
  token?: { index?: unknown; kind?: unknown; value?: unknown };
}

const SKIPPED_KEYS = new Set(["environment", "token", "input"]);

const NESTED_COMPARISON =
  "invalid JSONPath: a comparison operand must be a literal, a singular query or a function";
const SHORTHAND_HYPHEN =
  "invalid JSONPath: a shorthand member name has no `-`; write the name in brackets, e.g. ['b-c']";

/**
 * What json-p3 parses and RFC 9535 does not, with its offset (-1 when unknown):
 * - a comparison whose operand is itself a comparison or logical expression
 *   (`$[?(@.a == 1) == true]`, `$[?@.a < 1 < 2]`): comparison-expr compares two
 *   `comparable`s, a literal, a singular query or a function;
 * - a shorthand name with a hyphen (`$.a.b-c`): json-p3 allows `-` in name-char, the RFC
 *   does not (the name must be bracketed: `$.a['b-c']`).
 */
function beyondRfc(node: QueryNode): { message: string; offset: number } | undefined {
  const at = (index: unknown) => (typeof index === "number" ? index : -1);
  // json-p3 marks its infix nodes `logical: true` (&&, ||) or `false` (comparisons).
  if (node.logical === false) {
    for (const operand of [node.left, node.right] as QueryNode[]) {
      if (typeof operand === "object" && operand !== null && typeof operand.operator === "string")
        return { message: NESTED_COMPARISON, offset: at(node.token?.index) };
    }
  }
  const { kind, value, index } = node.token ?? {};
  if (kind === "TOKEN_NAME" && typeof value === "string" && value.includes("-")) {
    const offset = typeof index === "number" ? index + value.indexOf("-") : -1;
    return { message: SHORTHAND_HYPHEN, offset };
  }
  return undefined;
}

/** The first node of json-p3's parsed query (a tree) beyond RFC 9535, depth first. */
function findBeyondRfc(node: unknown, depth = 0): ReturnType<typeof beyondRfc> {
  if (typeof node !== "object" || node === null || depth > 256) return undefined;
  const here = beyondRfc(node as QueryNode);
  if (here) return here;
  for (const [key, child] of Object.entries(node)) {
    if (SKIPPED_KEYS.has(key)) continue;
    const found = findBeyondRfc(child, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Compiles an RFC 9535 selector (through a bounded cache). Never throws. */
export function compileJsonPath(selector: string): Result<CompiledJsonPath, CompileError> {
  if (typeof selector !== "string") return err({ message: "a JSONPath selector must be a string" });
  return cache.getOrCreate(selector, (source) => {
    try {
      const query = environment.compile(source);
      const beyond = findBeyondRfc(query.segments);
      if (beyond !== undefined) {
        const { message, offset } = beyond;
        return err(offset >= 0 ? { message, offset } : { message });
      }
      return ok(wrap(source, query));
    } catch (thrown) {
      const offset = (thrown as { token?: { index?: unknown } })?.token?.index;
      const message = `invalid JSONPath: ${describeThrown(thrown)}`;
      return err(typeof offset === "number" ? { message, offset } : { message });
    }
  });
}
