// Terminal safety of every CLI message (format §12.1): file names, globs, options, paths and
// messages are user-controlled, so none may carry a raw control or Bidi_Control character to
// the terminal. Each case drives one message of the CLI with a hostile name and checks that the
// name is shown (escaped) and that nothing printed carries such a character.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCaptured } from "./cli-capture.js";

// Retitles the window (OSC 0 … BEL), clears the screen (CSI 2J), then reorders what follows.
const HOSTILE = "\x1b]0;pwned\x07\x1b[2J\u202e\u2066\u200e\u200f\u061cgnp";
const SHOWN = "\\x1b]0;pwned\\x07\\x1b[2J\\u202e\\u2066\\u200e\\u200f\\u061cgnp";
// Every character escapeForTerminal escapes (C0, DEL, C1, U+2028/9 and Bidi_Control).
const RAW = /[\p{Cc}\p{Bidi_Control}\u2028\u2029]/u;

const dir = mkdtempSync(join(tmpdir(), "oatf-terminal-"));
const NO_INDICATORS = `oatf: "0.1"\nattack:\n  execution:\n    mode: mcp_server\n    state:\n      tools: []\n`;
const INVALID = NO_INDICATORS.replace("attack:\n", "attack:\n  severity: extreme\n");
const NOT_CANONICAL = NO_INDICATORS.replace('"0.1"', "'0.1'");
const MESSAGE = JSON.stringify({ protocol: "mcp", direction: "request", operation: "ping" });
const file = (name: string, text: string) => {
  writeFileSync(join(dir, name), text);
  return name;
};
const doc = file(`${HOSTILE}.yaml`, NO_INDICATORS);
const invalid = file(`${HOSTILE}-invalid.yaml`, INVALID);
const notCanonical = file(`${HOSTILE}-nc.yaml`, NOT_CANONICAL);
const trace = file(`${HOSTILE}.jsonl`, `${MESSAGE}\n`);
const badTrace = file(`${HOSTILE}-bad.jsonl`, `${MESSAGE}\n{not json\n`);
const emptyTrace = file(`${HOSTILE}-empty.jsonl`, "");

const oatf = (args: string[]) => runCaptured(args, dir, { env: {} });

const CASES: [string, string[]][] = [
  ["an unknown command", [HOSTILE]],
  ["an unknown option", ["evaluate", doc, "--trace", trace, `--${HOSTILE}`]],
  ["an option's bad value", ["validate", doc, "--format", HOSTILE]],
  ["evaluate: a glob matching nothing", ["evaluate", `${HOSTILE}*.nothing`, "--trace", trace]],
  ["evaluate: a missing document", ["evaluate", `${HOSTILE}.missing`, "--trace", trace]],
  ["evaluate: a missing trace", ["evaluate", doc, "--trace", `${HOSTILE}.missing`]],
  ["evaluate: an invalid document", ["evaluate", invalid, "--trace", trace]],
  ["evaluate: a verdict's diagnostics", ["evaluate", doc, "--trace", trace]],
  ["evaluate: a bad trace line", ["evaluate", doc, "--trace", badTrace]],
  ["evaluate: an empty trace", ["evaluate", doc, "--trace", emptyTrace]],
  ["evaluate: the summary table", ["evaluate", doc, invalid, "--trace", trace]],
  ["validate: a glob matching nothing", ["validate", `${HOSTILE}*.nothing`]],
  ["validate: a missing file", ["validate", `${HOSTILE}.missing`]],
  ["validate: an invalid document (text)", ["validate", invalid]],
  ["validate: an invalid document (stylish)", ["validate", invalid, "--format", "stylish"]],
  ["normalize: a missing file", ["normalize", `${HOSTILE}.missing`]],
  ["normalize: an invalid document", ["normalize", invalid]],
  ["normalize --check: not canonical", ["normalize", notCanonical, "--check"]],
];

describe("CLI messages with a hostile name", () => {
  it.each(CASES)("%s: shown escaped, never raw", async (_, args) => {
    const r = await oatf(args);
    expect(r.code).not.toBe(0);
    expect(`${r.stderr}${r.stdout}`).toContain(SHOWN);
    // Line ends are the CLI's own (the name carries none); stdout here is human-readable too.
    expect(r.stderr.replace(/\n/g, "")).not.toMatch(RAW);
    expect(r.stdout.replace(/\n/g, "")).not.toMatch(RAW);
  });
});
