// What every suite runner works with: a loaded case, and the outcome of running it.

/** One fixture case as loaded from disk (suite format, or a synthesized corpus case). */
export interface FixtureCase {
  id: string;
  name: string;
  /** Fixture file, relative to its fixture root (`validate/suite.yaml`). */
  file: string;
  /** The directory the case belongs to (`validate`, `primitives`, ...). */
  dir: string;
  /** Base name of the file without `.yaml` (`evaluate-condition`). */
  fileStem: string;
  input: unknown;
  expected: unknown;
  /** Fields beyond name/id/input/expected, checked by the runner that knows them. */
  extra: Record<string, unknown>;
  /** Raw file text for corpus cases (`parse/`), read without unwrapping. */
  raw?: string;
}

export type Outcome = { pass: true } | { pass: false; expected: string; actual: string };

export const PASS: Outcome = { pass: true };

export function fail(expected: string, actual: string): Outcome {
  return { pass: false, expected, actual };
}

/** A fixture that does not have the shape its directory defines: a loud failure, never a skip. */
export class FixtureError extends Error {}

/** A suite runner: runs one case. Throwing a FixtureError fails the case as malformed. */
export type SuiteRunner = (c: FixtureCase) => Outcome | Promise<Outcome>;
