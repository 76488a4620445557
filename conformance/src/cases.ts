// Upstream and own fixture cases for package tests (FIXTURE-SCHEMA.md, suite format). Package
// tests ask here instead of locating the suite themselves. Every reader throws when the suite
// is missing, a file is malformed, or the selection has no case: vitest then fails the test
// file with the message, so an `it.each` can never pass over an empty list.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { FixtureCase } from "./case.js";
import { type Erratum, loadErrata } from "./errata.js";
import { loadSuiteDir } from "./fixtures.js";
import {
  ERRATA_PATH,
  isDir,
  MissingSuiteError,
  missingSuiteMessage,
  OWN_FIXTURES,
  upstreamDir,
} from "./roots.js";

/** A suite case with its origin and, for upstream cases with an erratum, the correction. */
export interface SuiteCase<Input = unknown, Expected = unknown> {
  id: string;
  name: string;
  /** Fixture file relative to its root (`validate/suite.yaml`). */
  file: string;
  origin: "upstream" | "own";
  input: Input;
  expected: Expected;
  /** Case fields beyond name/id/input/expected (`expected_error_kind`). */
  extra: Record<string, unknown>;
  /** Set when conformance/errata.yaml corrects this upstream case. */
  erratum?: { reason: string; expected: Expected };
}

export interface CaseSelection {
  /** Only this file of the directory (`resolve-simple-path.yaml`). */
  file?: string;
}

/** The upstream suite directory, or a thrown MissingSuiteError saying where it was looked for. */
export function requireUpstream(): string {
  const dir = upstreamDir();
  if (!isDir(dir)) throw new MissingSuiteError(missingSuiteMessage(dir));
  return dir;
}

/** Cases of one upstream directory (`validate`), errata attached. */
export function upstreamCases<Input = unknown, Expected = unknown>(
  dir: string,
  selection: CaseSelection = {},
): SuiteCase<Input, Expected>[] {
  return nonEmpty(
    readCases<Input, Expected>(requireUpstream(), dir, "upstream", selection),
    `upstream ${where(dir, selection)}`,
  );
}

/** Cases of one directory under conformance/fixtures. */
export function ownCases<Input = unknown, Expected = unknown>(
  dir: string,
  selection: CaseSelection = {},
): SuiteCase<Input, Expected>[] {
  return nonEmpty(
    readCases<Input, Expected>(OWN_FIXTURES, dir, "own", selection),
    `own ${where(dir, selection)}`,
  );
}

/** Upstream cases then own cases of one directory; each origin must have cases. */
export function allCases<Input = unknown, Expected = unknown>(
  dir: string,
): SuiteCase<Input, Expected>[] {
  return [...upstreamCases<Input, Expected>(dir), ...ownCases<Input, Expected>(dir)];
}

/** Raw text of one upstream file (`parse/invalid/type-mismatch.yaml`). */
export function upstreamText(relative: string): string {
  return readFileSync(join(requireUpstream(), relative), "utf8");
}

/** The `*.yaml` file names of one upstream directory, sorted; never empty. */
export function upstreamFiles(dir: string, options: { exclude?: RegExp } = {}): string[] {
  const names = readdirSync(join(requireUpstream(), dir))
    .filter((f) => f.endsWith(".yaml") && !options.exclude?.test(f))
    .sort();
  return nonEmpty(names, `upstream ${dir}/*.yaml`);
}

function readCases<Input, Expected>(
  root: string,
  dir: string,
  origin: SuiteCase["origin"],
  selection: CaseSelection,
): SuiteCase<Input, Expected>[] {
  const path = join(root, dir);
  if (!isDir(path)) throw new MissingSuiteError(`no fixture directory ${path}`);
  const errata = origin === "upstream" ? loadErrata(ERRATA_PATH) : new Map<string, Erratum>();
  const out: SuiteCase<Input, Expected>[] = [];
  for (const loaded of loadSuiteDir(path, dir)) {
    if ("problem" in loaded) {
      throw new Error(`malformed fixture ${loaded.problem.id}: ${loaded.problem.message}`);
    }
    const c: FixtureCase = loaded.case;
    if (selection.file && c.file !== `${dir}/${selection.file}`) continue;
    const sc: SuiteCase<Input, Expected> = {
      id: c.id,
      name: c.name,
      file: c.file,
      origin,
      input: c.input as Input,
      expected: c.expected as Expected,
      extra: c.extra,
    };
    const erratum = errata.get(c.id);
    if (erratum)
      sc.erratum = { reason: erratum.reason, expected: erratum.correct(c.expected) as Expected };
    out.push(sc);
  }
  return out;
}

function nonEmpty<T>(items: T[], what: string): T[] {
  if (items.length === 0) throw new MissingSuiteError(`no fixture cases in ${what}`);
  return items;
}

function where(dir: string, selection: CaseSelection): string {
  return selection.file ? `${dir}/${selection.file}` : `${dir}/`;
}
