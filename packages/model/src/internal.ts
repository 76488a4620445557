// @oatf/model/internal: helpers the SDK's packages share so they behave alike, not part of
// the document model: the bounded LRU cache every compiler caches through, the "did you
// mean" suggestions of parse, validate, the CLI and the language server, the record of
// where `x-` fields stood that `normalize` carries to its copy, and the diagnostic builder of
// code that carries only its own rule table (`diagnosticOf`). No semver promise beyond the
// SDK's own packages; `oatf` re-exports them for tools built on the whole SDK.
export { diagnosticOf } from "./diagnostics.js";
export { carryExtensionAnchors, extensionAnchors } from "./key-order.js";
export { LruCache } from "./lru.js";
export {
  didYouMean,
  editDistance,
  type SuggestOptions,
  suggestionSuffix,
} from "./suggest.js";
