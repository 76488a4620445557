// The runner shared by primitives/ and policy/: one adapter per file name computes the
// actual result of a case from its input, compared exactly with `expected`. A file name
// without an adapter fails every case in it.
import { FixtureError, fail, PASS, type SuiteRunner } from "../case.js";
import { deepEqual, show } from "../compare.js";
import { noExtra } from "../shape.js";

/** Computes the actual result of a case; `expected` is there for the one fixture spelling that needs it. */
export type Adapter = (input: unknown, expected: unknown) => unknown;

/** `kind` names the files in the error for one without an adapter (`unknown primitive file`). */
export function adapterSuite(kind: string, adapters: Record<string, Adapter>): SuiteRunner {
  return (c) => {
    noExtra(c.extra);
    // Own keys only: a file named constructor.yaml has no adapter, it does not find Object.
    const adapter = Object.hasOwn(adapters, c.fileStem) ? adapters[c.fileStem] : undefined;
    if (!adapter) throw new FixtureError(`unknown ${kind} file ${c.fileStem}.yaml (no adapter)`);
    const actual = adapter(c.input, c.expected);
    return deepEqual(actual, c.expected) ? PASS : fail(show(c.expected), show(actual));
  };
}
