// @oatf/evaluate/internal: helpers the SDK's packages share (@oatf/trace's readers keep their
// tables in BoundedTable), with no semver promise of their own.
export { BoundedTable } from "./base/bounded-table.js";
