// Functions, closures and methods longer than a limit (issue 34 §6: no function over about
// 80 lines where a state machine hides), found with the TypeScript compiler API in the
// sources of packages/*/src and apps/*/src. A function's lines run from its first token to
// its closing brace, its nested closures included (a closure is listed on its own as well
// when it is long itself).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";

function* sources(dir) {
  for (const name of readdirSync(dir)) {
    if (name === "node_modules" || name === "dist") continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sources(path);
    else if (/\.(ts|tsx|mts)$/.test(name) && !name.endsWith(".d.ts")) yield path;
  }
}

function nameOf(node, file) {
  if (ts.isConstructorDeclaration(node)) return "constructor";
  if (node.name) return node.name.getText(file);
  const parent = node.parent;
  if (
    ts.isVariableDeclaration(parent) ||
    ts.isPropertyAssignment(parent) ||
    ts.isPropertyDeclaration(parent)
  )
    return parent.name.getText(file);
  if (ts.isCallExpression(parent)) return `<argument of ${parent.expression.getText(file)}>`;
  return "<anonymous>";
}

/** Every function of `source` (a file's text) longer than `limit` lines. */
export function longFunctionsIn(path, source, limit) {
  const file = ts.createSourceFile(path, source, ts.ScriptTarget.Latest, true);
  const found = [];
  const visit = (node) => {
    if (ts.isFunctionLike(node) && node.body !== undefined) {
      const start = file.getLineAndCharacterOfPosition(node.getStart(file)).line;
      const end = file.getLineAndCharacterOfPosition(node.end).line;
      if (end - start + 1 > limit)
        found.push({
          name: nameOf(node, file),
          file: path,
          line: start + 1,
          lines: end - start + 1,
        });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** Every function over `limit` lines in the workspace at `root`, longest first. */
export function longFunctions(root, limit = 80) {
  const found = [];
  for (const top of ["packages", "apps"]) {
    for (const dir of readdirSync(join(root, top))) {
      const src = join(root, top, dir, "src");
      if (!statSync(src, { throwIfNoEntry: false })?.isDirectory()) continue;
      for (const path of sources(src))
        found.push(...longFunctionsIn(relative(root, path), readFileSync(path, "utf8"), limit));
    }
  }
  return found.sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file));
}
