// Build-time stand-in for `@bufbuild/re2` (bundle-aliases.ts points it here): @bufbuild/cel
// imports that copy of RE2 for its own `matches`, which this package replaces with re2js
// (builtins.ts). Pointing the import at re2js keeps a single RE2 engine in every bundle.
export { RE2JS } from "re2js";
