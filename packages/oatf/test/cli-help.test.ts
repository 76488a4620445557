// Help text wraps at word boundaries to the terminal width: never mid-word, every word kept in
// order, table rows continued under their description column.

import { TRACE_FORMATS } from "@oatf/trace";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EVALUATE_USAGE } from "../src/cli/evaluate/command.js";
import { LSP_USAGE } from "../src/cli/lsp/command.js";
import { runCli, USAGE } from "../src/cli/main.js";
import { MONITOR_USAGE } from "../src/cli/monitor/command.js";
import { NORMALIZE_USAGE } from "../src/cli/normalize/command.js";
import { PUBLISH_USAGE } from "../src/cli/publish/command.js";
import { RECORD_USAGE } from "../src/cli/record/command.js";
import { SCHEMA_USAGE } from "../src/cli/schema/command.js";
import { terminalWidth, wrapText } from "../src/cli/shared/help.js";
import { VALIDATE_USAGE } from "../src/cli/validate/command.js";

const words = (text: string) => text.split(/\s+/).filter(Boolean);
const HELP = [
  USAGE,
  VALIDATE_USAGE,
  NORMALIZE_USAGE,
  EVALUATE_USAGE,
  MONITOR_USAGE,
  PUBLISH_USAGE,
  RECORD_USAGE,
  LSP_USAGE,
  SCHEMA_USAGE,
];

describe("wrapText", () => {
  it("keeps every help text's words in order, never splits one, and fits the width", () => {
    for (const text of HELP) {
      for (const width of [30, 40, 60, 80, 100, 132]) {
        const wrapped = wrapText(text, width);
        expect(words(wrapped)).toEqual(words(text));
        for (const line of wrapped.split("\n")) {
          // Longer only when the line is one word that could not fit anywhere.
          if (line.length > width) expect(words(line), `${width}: ${line}`).toHaveLength(1);
        }
      }
    }
  });

  it("continues a table row under its description", () => {
    const row = "  --max-warnings <n>        exit 1 when there are more than n warnings in all";
    expect(wrapText(row, 56).split("\n")).toEqual([
      "  --max-warnings <n>        exit 1 when there are more",
      "                            than n warnings in all",
    ]);
  });

  it("continues prose at its indent, a row a little in when its column is too narrow", () => {
    expect(wrapText("  one two three four", 10).split("\n")).toEqual([
      "  one two",
      "  three",
      "  four",
    ]);
    expect(wrapText("  --a-long-option   alpha beta gamma", 30).split("\n")).toEqual([
      "  --a-long-option   alpha beta",
      "      gamma",
    ]);
    // A term wider than the terminal wraps as words too.
    expect(wrapText("  validate <files or globs...>   Validate", 12).split("\n")).toEqual([
      "  validate",
      "      <files",
      "      or",
      "      globs...>",
      "      Validate",
    ]);
  });

  it("holds for any text and width (property)", () => {
    const word = fc.stringMatching(/^[a-z<>|.-]{1,12}$/);
    const line = fc.tuple(fc.nat(6), fc.array(word, { minLength: 1, maxLength: 30 }));
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 6 }),
        fc.integer({ min: 1, max: 120 }),
        (lines, width) => {
          const text = lines.map(([indent, ws]) => " ".repeat(indent) + ws.join(" ")).join("\n");
          const wrapped = wrapText(text, width);
          expect(words(wrapped)).toEqual(words(text));
          for (const out of wrapped.split("\n")) {
            if (out.length > width) expect(words(out)).toHaveLength(1);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("terminalWidth", () => {
  it("is the terminal's columns, else COLUMNS, else 80", () => {
    expect(terminalWidth({ columns: 100 }, { COLUMNS: "50" })).toBe(100);
    expect(terminalWidth({}, { COLUMNS: "50" })).toBe(50);
    expect(terminalWidth({}, {})).toBe(80);
    expect(terminalWidth({}, { COLUMNS: "wide" })).toBe(80);
    expect(terminalWidth({ columns: 0 }, {})).toBe(80);
  });
});

describe("oatf evaluate --help", () => {
  // CONTRIBUTING "Add a trace format": the help shows a line of each format it reads.
  it("shows a line of every trace format", () => {
    const section = EVALUATE_USAGE.slice(EVALUATE_USAGE.indexOf("Trace formats, a line of each:"));
    for (const format of TRACE_FORMATS) {
      expect(section, format).toMatch(new RegExp(`\\n  ${format} +\\S`));
    }
  });
});

describe("a command's help", () => {
  const COMMANDS = {
    validate: VALIDATE_USAGE,
    normalize: NORMALIZE_USAGE,
    evaluate: EVALUATE_USAGE,
    record: RECORD_USAGE,
    monitor: MONITOR_USAGE,
    publish: PUBLISH_USAGE,
    lsp: LSP_USAGE,
    schema: SCHEMA_USAGE,
  };
  async function cli(argv: string[], columns: number) {
    let stdout = "";
    let stderr = "";
    const code = await runCli(argv, {
      stdout: { columns, write: (s: string) => (stdout += s) },
      stderr: { columns, write: (s: string) => (stderr += s) },
      env: {},
    });
    return { code, stdout, stderr };
  }

  it("is printed by oatf help <command> and by <command> --help alike, wrapped to the terminal", async () => {
    for (const [name, usage] of Object.entries(COMMANDS)) {
      const asked = await cli(["help", name], 60);
      expect(asked, name).toEqual({ code: 0, stdout: wrapText(usage, 60), stderr: "" });
      expect((await cli([name, "--help"], 60)).stdout).toBe(asked.stdout);
      expect(asked.stdout).not.toBe(wrapText(USAGE, 60));
    }
  });

  it("has no prose broken by hand: lsp and schema fill a wide terminal", async () => {
    for (const [name, paragraphs] of [
      ["lsp", 4],
      ["schema", 3],
    ] as const) {
      const wide = (await cli(["help", name], 1000)).stdout.split("\n");
      // Each paragraph is one line on a wide terminal; at 60 columns no line is ragged (a line
      // ends early only where the next word would not fit).
      expect(wide.filter((l) => l !== "").length, name).toBe(paragraphs);
      const lines = (await cli([name, "--help"], 60)).stdout.split("\n");
      for (const [i, line] of lines.entries()) {
        const next = lines[i + 1]?.trim().split(" ")[0] ?? "";
        if (line === "" || next === "") continue;
        expect(line.length + 1 + next.length, `${name}: ${line}`).toBeGreaterThan(60);
      }
    }
  });

  it("of an unknown command is a usage error with a suggestion", async () => {
    const r = await cli(["help", "valdate"], 80);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^oatf help: unknown command 'valdate'; did you mean validate\?/);
  });
});
