// @oatf/trace/internal: what the SDK's packages share with the readers so they read alike,
// not part of the wire-format API: A2A v1.0 traffic read as the binding's v0.3 messages
// (a2a.ts), which @oatf/run applies to what its A2A actors record, so a run's verdict is the
// verdict of its trace. No semver promise beyond the SDK's own packages: a tool uses the
// main entry, and no `oatf` entry re-exports these.
export { a2aResult, a2aV1 } from "./jsonrpc/a2a.js";
