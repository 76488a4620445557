// policy/ (own fixtures): multi-agent policy path expressions (seeds/002), one adapter per
// file name (adapters.ts) like primitives/. Results are compared exactly; errors by their
// stable code or reason, never by message text.
import type { ExecutionPolicy, InputMapping, PolicyContext } from "@oatf/paths";
import {
  checkPolicyPaths,
  parsePolicyPath,
  resolveBatchMapping,
  resolveInputMapping,
  resolvePolicyPath,
} from "../sdk.js";
import { fields, str } from "../shape.js";
import { type Adapter, adapterSuite } from "./adapters.js";

type PathResult =
  | { ok: true; value: unknown }
  | { ok: false; error: { code?: string; reason?: string } };

/** `{value}` on success, `{error: code}` on failure: the shape policy fixtures expect. */
function outcome(result: PathResult): unknown {
  return result.ok ? { value: result.value } : { error: result.error.code ?? result.error.reason };
}

const ADAPTERS: Record<string, Adapter> = {
  "parse-policy-path": (input) => {
    const f = fields(input, "input", ["expression"]);
    const result = parsePolicyPath(str(f.expression, "input.expression")) as PathResult;
    if (!result.ok) return { error: result.error.reason };
    const { expression: _e, ...parsed } = result.value as Record<string, unknown>;
    return { value: parsed };
  },
  "check-policy-paths": (input) => {
    const f = fields(input, "input", ["policy"]);
    const issues = checkPolicyPaths(f.policy as ExecutionPolicy) as {
      code: string;
      location: string;
    }[];
    return { issues: issues.map((i) => ({ code: i.code, location: i.location })) };
  },
  "resolve-policy-path": (input) => {
    const f = fields(input, "input", ["expression", "context"]);
    return outcome(
      resolvePolicyPath(
        str(f.expression, "input.expression"),
        f.context as PolicyContext,
      ) as PathResult,
    );
  },
  "resolve-input-mapping": (input) => {
    const f = fields(input, "input", ["mapping", "context"]);
    return outcome(
      resolveInputMapping(f.mapping as InputMapping, f.context as PolicyContext) as PathResult,
    );
  },
  "resolve-batch-mapping": (input) => {
    const f = fields(input, "input", ["mapping", "context"]);
    return outcome(
      resolveBatchMapping(f.mapping as InputMapping, f.context as PolicyContext) as PathResult,
    );
  },
};

export const runPolicy = adapterSuite("policy", ADAPTERS);
