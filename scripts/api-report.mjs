// API reports: one `<package>.api.md` per package (in its directory), written from the built
// `.d.ts` of every entry in its package.json `exports`. `--check` fails when the public
// surface differs from the checked-in report, so every API change is a reviewed decision
// (update with `pnpm api:update`, add a changeset). Run after `pnpm build`.
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const root = fileURLToPath(new URL("..", import.meta.url));
const check = process.argv.includes("--check");

/** The package that owns a declaration file: a workspace package or a node_modules one. */
function ownerOf(file) {
  const parts = relative(root, file).split(sep);
  const nm = parts.lastIndexOf("node_modules");
  if (nm >= 0)
    return parts[nm + 1].startsWith("@") ? `${parts[nm + 1]}/${parts[nm + 2]}` : parts[nm + 1];
  if (parts[0] === "packages") {
    return JSON.parse(readFileSync(join(root, "packages", parts[1], "package.json"), "utf8")).name;
  }
  return parts.join("/");
}

function declarationText(node) {
  const target = ts.isVariableDeclaration(node) ? node.parent.parent : node;
  return target
    .getText()
    .replace(/^export /, "")
    .replace(/^declare /, "");
}

function entryReport(program, checker, file, self) {
  const source = program.getSourceFile(file);
  if (!source) throw new Error(`missing ${file}: run pnpm build first`);
  const symbol = checker.getSymbolAtLocation(source);
  const lines = [];
  for (const exported of checker
    .getExportsOfModule(symbol)
    .sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const target =
      exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    const declarations = target.declarations ?? [];
    const owner = declarations[0] ? ownerOf(declarations[0].getSourceFile().fileName) : self;
    if (owner !== self) {
      lines.push(`export { ${exported.name} } from "${owner}";`);
      continue;
    }
    for (const d of declarations) lines.push(`// ${exported.name}\n${declarationText(d)}`);
  }
  return lines.join("\n\n");
}

/** Every `exports` entry as [subpath, condition label, .d.ts path]: the `node` condition too. */
function typeEntries(manifest, pkgDir) {
  const out = [];
  for (const [key, value] of Object.entries(manifest.exports)) {
    // Plain files (`./package.json`, `./schema.json`) have no declarations.
    if (typeof value === "string") continue;
    const subpath = key === "." ? manifest.name : `${manifest.name}${key.slice(1)}`;
    if (value.node) out.push([subpath, " (node)", join(pkgDir, value.node.import.types)]);
    out.push([subpath, value.node ? " (other)" : "", join(pkgDir, value.import.types)]);
  }
  return out;
}

function report(dir) {
  const pkgDir = join(root, "packages", dir);
  const manifest = JSON.parse(readFileSync(join(pkgDir, "package.json"), "utf8"));
  const entries = typeEntries(manifest, pkgDir);
  const files = entries.map(([, , file]) => file);
  const program = ts.createProgram(files, {
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    target: ts.ScriptTarget.ES2022,
    skipLibCheck: true,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const sections = entries.map(([subpath, condition, file]) => {
    const body = entryReport(program, checker, file, manifest.name);
    return `## \`${subpath}\`${condition}\n\n\`\`\`ts\n${body}\n\`\`\`\n`;
  });
  return `# API report: ${manifest.name}\n\n> Written by \`pnpm api:update\` from the built \`.d.ts\`; do not edit. \`pnpm api:check\`\n> fails when the public surface changes without this file being updated.\n\n${sections.join("\n")}`;
}

let stale = 0;
for (const dir of readdirSync(join(root, "packages")).sort()) {
  const path = join(root, "packages", dir, `${dir}.api.md`);
  const text = report(dir);
  const before = existsSync(path) ? readFileSync(path, "utf8") : undefined;
  if (check) {
    if (before !== text) {
      stale++;
      console.error(
        `${relative(root, path)}: the public API changed; review it, run pnpm api:update and add a changeset`,
      );
    }
  } else if (before !== text) {
    writeFileSync(path, text);
    console.log(`wrote ${relative(root, path)}`);
  }
}
if (check)
  console.log(
    stale === 0 ? "api: every report is up to date" : `api: ${stale} report(s) out of date`,
  );
process.exit(stale === 0 ? 0 : 1);
