// @oatf/model/terminal: human-readable output of diagnostics for terminals (format §12.1:
// text from documents and traces is untrusted). Code frames, the ESLint-`stylish` summary and
// the escaping both use. It serves the CLI and the playground, so it is off the main entry:
// a library that only parses and validates does not carry it.

export { escapeForTerminal, jsonForTerminal } from "./escape.js";
export {
  type FormatOptions,
  formatDiagnostics,
  formatStylish,
} from "./format.js";
