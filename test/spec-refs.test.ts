// Spec references in source are written one way: `SDK §x.y` (the SDK specification) or
// `format §x.y` (the format specification), or another named document (`core-types §2.13`,
// `YAML 1.2 §5.1`, `HAR 1.2 §entries`, `WHATWG HTML §9.2`, `RFC 9535 §2.6`, `seeds/003 §4`). A list or range continues the name it
// starts with (`SDK §5.5, §5.5a`, `format §4.2–§4.4`). A bare `§` is ambiguous and fails here.
// `spec_ref` values of the rule table are data (what a diagnostic carries), not prose: written
// `spec_ref: "…"` or as a table entry `error("…")` / `warning("…")`.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("..", import.meta.url));
const SECTION = "§[0-9A-Za-z][0-9A-Za-z.]*";
const NAMED = new RegExp(
  String.raw`(?:SDK|[Ff]ormat|core-types|YAML 1\.2|HAR 1\.2|WHATWG HTML|RFC \d+|seeds/\d+|issue \d+|FIXTURE-SCHEMA(?:\.md)?) ${SECTION}(?:(?:, | and |–|-|/| or )${SECTION})*`,
  "g",
);
const DATA = /spec_ref: "[^"]*"|\b(?:error|warning)\("[^"]*"\)/g;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === "node_modules" || e.name === "dist" ? [] : sources(path);
    return e.name.endsWith(".ts") ? [path] : [];
  });
}

/** Lines of `text` that still hold a `§` once every named reference is taken out. */
function bareReferences(text: string): string[] {
  return text.split("\n").filter((line) => line.replace(DATA, "").replace(NAMED, "").includes("§"));
}

describe("spec references", () => {
  const files = [
    ...readdirSync(join(root, "packages")).flatMap((p) =>
      sources(join(root, "packages", p, "src")),
    ),
    ...sources(join(root, "conformance", "src")),
  ];

  it("name their specification everywhere in src", () => {
    const bare = files.flatMap((file) =>
      bareReferences(readFileSync(file, "utf8")).map(
        (line) => `${relative(root, file)}: ${line.trim()}`,
      ),
    );
    expect(bare).toEqual([]);
  });

  it("tell a bare § from a named one", () => {
    expect(bareReferences("// SDK §5.5, §5.5a and format §4.2–§4.4")).toEqual([]);
    expect(bareReferences("// see §7.1.2")).toEqual(["// see §7.1.2"]);
    expect(bareReferences('  "V-001": { spec_ref: "§11.1.1" },')).toEqual([]);
    expect(bareReferences('  "V-001": error("§11.1.1"),')).toEqual([]);
    expect(bareReferences('  "W-001": warning("§11.1.2"),')).toEqual([]);
    expect(bareReferences('  "X-001": terror("§11.1.2"),')).toHaveLength(1);
  });
});
