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

interface ExpressionNode {
  operator?: unknown;
  logical?: unknown;
  left?: unknown;
  right?: unknown;
  token?: { index?: unknown };
}

const SKIPPED_KEYS = new Set(["environment", "token", "input"]);

/**
 * The offset of a comparison whose operand is itself a comparison or logical expression
 * (`$[?(@.a == 1) == true]`, `$[?@.a < 1 < 2]`), or -1 without a known offset. json-p3
 * parses these; RFC 9535 does not (comparison-expr compares two `comparable`s: a literal,
 * a singular query or a function). Walks json-p3's parsed query, which is a tree.
 */
function nestedComparison(node: unknown, depth = 0): number | undefined {
  if (typeof node !== "object" || node === null || depth > 256) return undefined;
  const expression = node as ExpressionNode;
  // json-p3 marks its infix nodes `logical: true` (&&, ||) or `false` (comparisons).
  if (expression.logical === false) {
    for (const operand of [expression.left, expression.right] as ExpressionNode[]) {
      if (typeof operand === "object" && operand !== null && typeof operand.operator === "string") {
        const index = expression.token?.index;
        return typeof index === "number" ? index : -1;
      }
    }
  }
  for (const [key, child] of Object.entries(node)) {
    if (SKIPPED_KEYS.has(key)) continue;
    const found = nestedComparison(child, depth + 1);
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
      const nested = nestedComparison(query.segments);
      if (nested !== undefined) {
        const message =
          "invalid JSONPath: a comparison operand must be a literal, a singular query or a function";
        return err(nested >= 0 ? { message, offset: nested } : { message });
      }
      return ok(wrap(source, query));
    } catch (thrown) {
      const offset = (thrown as { token?: { index?: unknown } })?.token?.index;
      const message = `invalid JSONPath: ${describeThrown(thrown)}`;
      return err(typeof offset === "number" ? { message, offset } : { message });
    }
  });
}
