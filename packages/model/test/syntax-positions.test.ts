// A YAML syntax error points where the author can fix it: an unclosed quote or flow collection
// at the line that opened it (not where `yaml` gave up, often an empty line at the end), and a
// code frame that shows that line.
import { describe, expect, it } from "vitest";
import { type ParseError, parse } from "../src/index.js";
import { formatDiagnostics } from "../src/terminal/index.js";
import { at } from "./at.js";

function errorsOf(text: string): ParseError[] {
  const result = parse(text);
  if (result.ok) throw new Error("expected a parse error");
  return result.error;
}

/** A 12-line document whose line 12 opens a string it never closes. */
const UNTERMINATED = [
  'oatf: "0.1"',
  "attack:",
  "  name: x",
  "  execution:",
  "    mode: mcp_server",
  "    phases:",
  "      - name: p1",
  "        state: {}",
  "  indicators:",
  "    - surface: tools/list",
  '      target: "x"',
  '      description: "unterminated',
  "      tier: ingested",
  "",
].join("\n");

describe("syntax errors at their real position", () => {
  it("an unterminated double quote: where it opened, with the line in the code frame", () => {
    const [error, ...rest] = errorsOf(UNTERMINATED);
    expect(rest).toEqual([]);
    expect(error).toMatchObject({
      rule: "parse/syntax",
      ...at(12, 20),
      message:
        'missing closing " quote: the string opened at 12:20 runs on to the end of the input',
    });
    expect(error!.range!.end).toMatchObject({ line: 12, column: 33 });
    const frame = formatDiagnostics(UNTERMINATED, [error!], { contextLines: 0 });
    expect(frame).toContain('> 12 |       description: "unterminated\n');
    expect(frame).toContain(`     |${" ".repeat(20)}${"^".repeat(13)}\n`);
  });

  it.each([
    ["a single quote", "a: 1\nb: 'x\nc: 2\n", 2, 4, "missing closing ' quote"],
    ["a flow sequence", "a: [1, 2\nb: 3\n", 1, 4, "unclosed flow sequence: the `[` opened at 1:4"],
    ["a flow map", "a: {x: 1\n", 1, 4, "unclosed flow map: the `{` opened at 1:4"],
  ])("%s: where it opened", (_, text, line, column, message) => {
    const [error] = errorsOf(text);
    expect(error).toMatchObject(at(line, column));
    expect(error!.message).toContain(message);
  });

  it("a quote that a later line's quote seems to close: still where it opened", () => {
    const text =
      'oatf: "0.1"\nattack:\n  description: "unterminated\n  name: "x"\n  execution: {}\n';
    const [error] = errorsOf(text);
    expect(error).toMatchObject({
      ...at(3, 16),
      message: 'missing closing " quote: the string opened at 3:16 is not closed',
    });
  });

  it("an error reported past the last line break belongs to the last character", () => {
    // `yaml` reports this one at the end of the input; the frame must not show an empty line.
    const text = "a:\n  - b\n  c: [\n\n\n";
    for (const error of errorsOf(text)) {
      expect(error.range?.start.line).toBeLessThanOrEqual(3);
      const frame = formatDiagnostics(text, [error], { contextLines: 0 });
      expect(frame.split("\n")[1]).toMatch(/^> \d \| +\S/);
    }
  });

  it("other errors keep yaml's own position", () => {
    const [error] = errorsOf('a: "x\\q"\n');
    expect(error).toMatchObject({ ...at(1, 6), message: "Invalid escape sequence \\q" });
  });
});
