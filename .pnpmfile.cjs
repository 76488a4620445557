// pnpm hooks. beforePacking: the published package.json carries no development-only
// fields (scripts such as build/test/bench, devDependencies); `prepack` still runs locally.
module.exports = {
  hooks: {
    beforePacking(pkg) {
      delete pkg.scripts;
      delete pkg.devDependencies;
      return pkg;
    },
  },
};
