// The functions this evaluator declares (`functions()`, an SDK extension beyond SDK §6.1), for
// validate's check of calls: every function of the environment that CEL source can name (not
// the operators, `_+_`, `@in`, ..., nor this package's internal `@oatf_deadline`), the macros
// the parser expands, and the global `matches(s, re)` that compile.ts rewrites.
import type { CelEnv, CelFunc } from "@bufbuild/cel";
import type { CelFunctionDeclaration } from "@oatf/model";

const MACROS: CelFunctionDeclaration[] = [
  { name: "has", receiver: false, arity: 1 },
  { name: "all", receiver: true, arity: 2 },
  { name: "exists", receiver: true, arity: 2 },
  { name: "exists_one", receiver: true, arity: 2 },
  { name: "filter", receiver: true, arity: 2 },
  { name: "map", receiver: true, arity: 2 },
  { name: "map", receiver: true, arity: 3 },
  { name: "matches", receiver: false, arity: 2 },
];

/** A name CEL source can call (operators are named `_+_`, `!_`, `@in`, ...). */
const CALLABLE = /^[A-Za-z_][\w.]*$/;

/** One declaration per name and call shape, sorted by name. */
export function declaredFunctions(env: CelEnv): CelFunctionDeclaration[] {
  const byShape = new Map<string, CelFunctionDeclaration>();
  const add = (d: CelFunctionDeclaration) => byShape.set(`${d.name}/${d.receiver}/${d.arity}`, d);
  for (const f of env.funcs as unknown as Iterable<CelFunc>) {
    if (CALLABLE.test(f.name)) {
      add({ name: f.name, receiver: f.target !== undefined, arity: f.arguments.length });
    }
  }
  for (const macro of MACROS) add(macro);
  return [...byShape.values()].sort(
    (a, b) =>
      a.name.localeCompare(b.name) || Number(a.receiver) - Number(b.receiver) || a.arity - b.arity,
  );
}
