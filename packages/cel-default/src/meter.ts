// Metering of builtins (SDK §6.1, bound evaluation: the cost budget; see guard.ts): every
// function and operator call of a planned expression goes through the environment's function
// resolver, so wrapping it (dispatch.ts) charges the budget before each call: a fixed cost (more for a type
// conversion), the characters of its string and bytes arguments (more for `bytes` and
// `string`, which encode and decode them into a new value, on fresh pages when large), and
// the timestamps and durations it reads. A call whose cost does not fit in the budget left is
// refused before it starts; what it made (an error, a time value) is charged after it.
// Builtins that walk lists and maps (equality, `in`, `+`) charge per element themselves
// (builtins.ts, concat.ts): their argument sizes say nothing about nesting.
import type { CelEnv } from "@bufbuild/cel";
import { CALL_UNITS, CHAR_UNITS, CODEC_UNITS, CONVERSION_UNITS } from "./costs.js";
import { type FuncGroup, fastGroup, type Group } from "./dispatch.js";

const CONVERSIONS = new Set([
  "int",
  "uint",
  "double",
  "string",
  "bytes",
  "bool",
  "dyn",
  "type",
  "timestamp",
  "duration",
]);
const CODECS = new Set(["bytes", "string"]);

// The part of @bufbuild/cel's function resolver that the planner uses: it looks each function
// up by name once, when it plans the call.
interface FuncResolver<G> {
  find(name: string): G | undefined;
}

/**
 * The same environment with every function call charged to the budget. Create it once per
 * evaluator: @bufbuild/cel caches its planner per environment object. The functions of
 * `direct`, this package's internal ones, charge their own calls.
 */
export function meteredEnv(env: CelEnv, direct: ReadonlyMap<string, FuncGroup>): CelEnv {
  const inner = env.funcs as unknown as FuncResolver<Group>;
  const funcs: FuncResolver<FuncGroup> = {
    find(name) {
      const own = direct.get(name);
      if (own !== undefined) return own;
      const group = inner.find(name);
      if (group === undefined) return undefined;
      const fixed = CALL_UNITS + (CONVERSIONS.has(name) ? CONVERSION_UNITS : 0);
      const codec = CODECS.has(name);
      return fastGroup(group, {
        fixed,
        charUnits: CHAR_UNITS + (codec ? CODEC_UNITS : 0),
        builds: codec,
      });
    },
  };
  return {
    namespace: env.namespace,
    registry: env.registry,
    variables: env.variables,
    funcs,
  } as unknown as CelEnv;
}
