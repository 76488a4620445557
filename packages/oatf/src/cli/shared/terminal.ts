// Terminal-safe CLI messages (format §12.1: documents, traces and even file names are
// untrusted). Every value interpolated into a line the CLI prints for a person (a file name,
// a path or glob from the command line, a message, evidence, an error's text) goes through
// @oatf/model's `escapeForTerminal`, the one escaping function, so no value can clear the
// screen, retitle the window or reorder the line with bidi controls. The template's literal
// parts are the CLI's own text and stay as written (progress lines use `\r` and `\x1b[K`).
import { escapeForTerminal } from "@oatf/model/terminal";

/** Tagged template: ``safe`cannot read ${file}: ${reason}` `` with each value escaped. */
export function safe(strings: TemplateStringsArray, ...values: unknown[]): string {
  let out = strings[0] ?? "";
  for (let i = 0; i < values.length; i++) {
    out += escapeForTerminal(String(values[i])) + (strings[i + 1] ?? "");
  }
  return out;
}
