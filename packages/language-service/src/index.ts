// @oatf/language-service: OATF authoring support as LSP-shaped data (diagnostics, hover,
// completion, definition, references, quick fixes, outline), browser-safe; `oatf lsp` is
// its stdio transport and the playground's editor uses it directly.
export type { DiagnosticData } from "./diagnostics.js";
export { closest, editDistance } from "./distance.js";
export {
  createLanguageService,
  type DocumentInput,
  type LanguageService,
  type LanguageServiceOptions,
} from "./service.js";
