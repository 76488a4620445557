// Metering of builtins (SDK §6.1, bound evaluation: the cost budget; see guard.ts): every
// function and operator call of a planned expression goes through the environment's function
// resolver, so wrapping it charges the budget before each call, in proportion to the bytes of
// the string and bytes arguments the call may scan. A call whose cost does not fit in the
// budget left is refused before it starts. Builtins that walk lists and maps (equality, `in`, `+`) charge per element
// themselves (builtins.ts, concat.ts): their argument sizes say nothing about nesting.
import type { CelEnv, CelValue } from "@bufbuild/cel";
import { CALL_UNITS, CHAR_UNITS } from "./costs.js";
import { spend } from "./guard.js";

// The part of @bufbuild/cel's function resolver that the planner uses: it looks each function
// up by name once, when it plans the call.
interface FuncGroup {
  call(id: bigint, target: CelValue | undefined, args: CelValue[]): CelValue | undefined;
}

interface FuncResolver {
  find(name: string): FuncGroup | undefined;
}

/** The bytes a call may scan in one argument. */
function scanned(v: CelValue | undefined): number {
  if (typeof v === "string") return v.length * CHAR_UNITS;
  if (v instanceof Uint8Array) return v.length * CHAR_UNITS;
  return 0;
}

function meteredGroup(group: FuncGroup): FuncGroup {
  return {
    call(id, target, args) {
      let units = CALL_UNITS + scanned(target);
      for (const arg of args) units += scanned(arg);
      spend(units);
      return group.call(id, target, args);
    },
  };
}

/**
 * The same environment with every function call charged to the budget. Create it once per
 * evaluator: @bufbuild/cel caches its planner per environment object.
 */
export function meteredEnv(env: CelEnv): CelEnv {
  const inner = env.funcs as unknown as FuncResolver;
  const funcs: FuncResolver = {
    find(name) {
      const group = inner.find(name);
      return group && meteredGroup(group);
    },
  };
  return {
    namespace: env.namespace,
    registry: env.registry,
    variables: env.variables,
    funcs,
  } as unknown as CelEnv;
}
