// Help text wraps at word boundaries to the terminal width: never mid-word, every word kept in
// order, table rows continued under their description column.

import { TRACE_FORMATS } from "@oatf/trace";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EVALUATE_USAGE } from "../src/cli/evaluate/command.js";
import { USAGE } from "../src/cli/main.js";
import { MONITOR_USAGE } from "../src/cli/monitor/command.js";
import { NORMALIZE_USAGE } from "../src/cli/normalize/command.js";
import { PUBLISH_USAGE } from "../src/cli/publish/command.js";
import { RECORD_USAGE } from "../src/cli/record/command.js";
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
