// Discovery and loading of fixture files (FIXTURE-SCHEMA.md). Anything the format does not
// define (an unknown directory or file, a case without its four fields) becomes a failing
// entry, so it is reported rather than silently skipped.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { parse as parseYaml } from "yaml";
import type { FixtureCase } from "./case.js";
import { isObject } from "./shape.js";

/** A loaded case, or a problem that stands in for the case(s) it prevents from loading. */
export type Loaded =
  | { case: FixtureCase }
  | { problem: { id: string; dir: string; message: string } };

/** Documentation files a fixture root may carry beside its directories. */
const ROOT_DOCS = /^(README|FIXTURE-SCHEMA|LICENSE|NOTICE)(\.md)?$/;

export function loadRoot(root: string, knownDirs: readonly string[]): Loaded[] {
  const out: Loaded[] = [];
  for (const entry of listDir(root)) {
    const path = join(root, entry);
    if (isDir(path)) {
      if (!knownDirs.includes(entry)) out.push(problem(entry, entry, "unknown fixture directory"));
      else if (entry === "parse") out.push(...loadParseCorpus(path));
      else out.push(...loadSuiteDir(path, entry));
    } else if (!ROOT_DOCS.test(entry)) {
      out.push(problem(entry, "", "unknown fixture file"));
    }
  }
  return out;
}

export function loadSuiteDir(path: string, dir: string): Loaded[] {
  const out: Loaded[] = [];
  for (const entry of listDir(path)) {
    const file = `${dir}/${entry}`;
    if (!entry.endsWith(".yaml") || isDir(join(path, entry))) {
      out.push(problem(file, dir, "unknown fixture file (expected *.yaml)"));
      continue;
    }
    out.push(...loadSuiteFile(join(path, entry), file, dir, entry.slice(0, -5)));
  }
  return out;
}

function loadSuiteFile(path: string, file: string, dir: string, fileStem: string): Loaded[] {
  let data: unknown;
  try {
    data = parseYaml(readFileSync(path, "utf8"));
  } catch (error) {
    return [problem(file, dir, `cannot read fixture file: ${message(error)}`)];
  }
  if (!Array.isArray(data))
    return [problem(file, dir, "a suite file must be a YAML list of cases")];
  return data.map((item, index): Loaded => {
    const where = `${file}[${index}]`;
    if (!isObject(item)) return problem(where, dir, "a case must be a mapping");
    const { id, name, input, expected, ...extra } = item;
    if (typeof id !== "string" || id === "") return problem(where, dir, "case has no string id");
    if (typeof name !== "string") return problem(id, dir, `case ${where} has no string name`);
    if (!("input" in item)) return problem(id, dir, `case ${where} has no input`);
    if (!("expected" in item)) return problem(id, dir, `case ${where} has no expected`);
    return { case: { id, name, file, dir, fileStem, input, expected, extra } };
  });
}

/** `parse/valid/*.yaml` must parse; `parse/invalid/X.yaml` must fail and has an `X.meta.yaml`. */
function loadParseCorpus(path: string): Loaded[] {
  const out: Loaded[] = [];
  for (const sub of listDir(path)) {
    const subPath = join(path, sub);
    if (!isDir(subPath) || (sub !== "valid" && sub !== "invalid")) {
      out.push(
        problem(`parse/${sub}`, "parse", "unknown entry (expected parse/valid or parse/invalid)"),
      );
      continue;
    }
    const entries = listDir(subPath);
    for (const entry of entries) {
      const file = `parse/${sub}/${entry}`;
      const isMeta = entry.endsWith(".meta.yaml");
      if (!entry.endsWith(".yaml") || (isMeta && sub === "valid")) {
        out.push(problem(file, "parse", "unknown fixture file"));
        continue;
      }
      if (isMeta) {
        if (!entries.includes(entry.replace(/\.meta\.yaml$/, ".yaml"))) {
          out.push(problem(file, "parse", "sidecar without its document"));
        }
        continue;
      }
      const stem = entry.slice(0, -5);
      const raw = readFileSync(join(subPath, entry), "utf8");
      let expected: unknown = sub;
      if (sub === "invalid") {
        const meta = readMeta(join(subPath, `${stem}.meta.yaml`));
        if (typeof meta !== "string") {
          out.push(problem(file, "parse", meta.error));
          continue;
        }
        expected = { expected_error: meta };
      }
      out.push({
        case: {
          id: file,
          name: `${sub}: ${stem}`,
          file,
          dir: "parse",
          fileStem: sub,
          input: raw,
          expected,
          extra: {},
          raw,
        },
      });
    }
  }
  return out;
}

function readMeta(path: string): string | { error: string } {
  let meta: unknown;
  try {
    meta = parseYaml(readFileSync(path, "utf8"));
  } catch (error) {
    return { error: `missing or unreadable sidecar: ${message(error)}` };
  }
  if (!isObject(meta)) return { error: "sidecar must be a mapping" };
  const unknown = Object.keys(meta).filter((k) => k !== "expected_error");
  if (unknown.length > 0) return { error: `unknown sidecar field ${unknown.join(", ")}` };
  if (typeof meta.expected_error !== "string")
    return { error: "sidecar has no expected_error string" };
  return meta.expected_error;
}

function problem(id: string, dir: string, text: string): Loaded {
  return { problem: { id, dir, message: text } };
}

function listDir(path: string): string[] {
  return readdirSync(path).sort();
}

function isDir(path: string): boolean {
  return statSync(path).isDirectory();
}

export function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
