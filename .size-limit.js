// Bundle-size budgets (issue 13), checked by `pnpm size` (after `pnpm build`) in CI: each
// check bundles what a consumer imports for the browser with esbuild, minified, and
// measures it uncompressed. Where a budget sits above the goal, the comment says
// which engines make up the floor.
const check = (name, imports, limit) => ({
  name,
  // size-limit resolves `import` keys against this directory: the root's workspace links.
  import: Object.fromEntries(
    Object.entries(imports).map(([pkg, names]) => [`node_modules/${pkg}`, names]),
  ),
  limit,
  gzip: false,
  brotli: false,
});

export default [
  // Goal 400 kB; measured 638 kB. Floor: re2js 151 + @bufbuild/cel 116 + @bufbuild/protobuf 106
  // + yaml 97 + json-p3 53 kB are the mandated engines; the SDK's own code is ~120 kB
  // (with the trace readers and the streaming evaluator, ~11 kB, issue 14).
  check("oatf: everything", { oatf: "*" }, "665 kB"),
  // The oatf entry points wire the default CEL evaluator in synchronously, so CEL is in
  // the graph; a pattern-only consumer that must not ship CEL imports the packages below.
  check(
    "pattern-only: @oatf/validate + @oatf/evaluate (no CEL)",
    {
      "@oatf/validate": "{ validate }",
      "@oatf/evaluate": "{ evaluateIndicator, evaluateTrace }",
      "@oatf/model": "{ parse }",
    },
    "375 kB",
  ),
  // Goal 220 kB. Floor: re2js 151 + json-p3 53 kB; yaml (34 kB) comes with @oatf/model's
  // single-file build even though evaluate uses none of it. The trace readers and the
  // streaming evaluator (issue 14) add ~11 kB.
  check("@oatf/evaluate", { "@oatf/evaluate": "*" }, "295 kB"),
  check("@oatf/validate", { "@oatf/validate": "*" }, "285 kB"),
  check("@oatf/model", { "@oatf/model": "*" }, "125 kB"),
  check("@oatf/normalize", { "@oatf/normalize": "*" }, "46 kB"),
  check("@oatf/paths", { "@oatf/paths": "*" }, "13 kB"),
  check("@oatf/registries", { "@oatf/registries": "*" }, "4 kB"),
  // Its browser entry: @bufbuild/cel and @bufbuild/protobuf (222 kB) and re2js (151 kB, the one
  // RE2 engine, shared with @oatf/evaluate in a whole-SDK bundle) are the floor.
  check("@oatf/cel-default", { "@oatf/cel-default": "*" }, "440 kB"),
];
