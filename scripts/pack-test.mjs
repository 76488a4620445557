// `pnpm test:pack` (issue 13): packs every package as it would be published, checks each
// tarball's manifest, installs all tarballs into a scratch project with plain npm (external
// dependencies come from the npm registry), and loads every package through ESM `import` and
// CJS `require`, type-checks a consumer against the published declarations under a matrix of
// compiler settings (strict, `exactOptionalPropertyTypes`, node16 and bundler resolution), then
// runs `npx oatf --version` and `npx oatf validate` on a CEL example. Run after `pnpm build`.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), "oatf-pack-"));
const run = (command, args, cwd) =>
  execFileSync(command, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
const problems = [];

try {
  // The README's recipe ("Use the SDK from another project"): every package packed by pnpm (so
  // workspace:* ranges become versions and the beforePacking hook applies), then all the
  // tarballs installed together with npm.
  run(
    process.execPath,
    [pnpmCli(), "-r", "--filter", "./packages/*", "pack", "--pack-destination", scratch],
    root,
  );
  const packages = readdirSync(join(root, "packages")).map((dir) => {
    const pkgDir = join(root, "packages", dir);
    const { name, version } = JSON.parse(readFileSync(join(pkgDir, "package.json"), "utf8"));
    const tarball = `${name.replace("@", "").replace("/", "-")}-${version}.tgz`;
    checkManifest(
      name,
      JSON.parse(run("tar", ["-xzOf", tarball, "package/package.json"], scratch)),
    );
    const files = run("tar", ["-tzf", tarball], scratch).split("\n");
    if (!files.includes("package/LICENSE")) problems.push(`${name}: the tarball has no LICENSE`);
    // The broker client is never inside the CLI: `oatf publish`/`monitor` import the adapter
    // package on demand, installed beside oatf (a bundler's default would pull it in).
    if (name === "oatf") {
      const unpacked = join(scratch, "oatf-unpacked");
      mkdirSync(unpacked);
      run("tar", ["-xzf", tarball, "-C", unpacked], scratch);
      const dist = join(unpacked, "package", "dist");
      const bundled = readdirSync(dist).filter(
        (f) =>
          f.endsWith(".js") && readFileSync(join(dist, f), "utf8").includes("@ioredis/commands"),
      );
      if (bundled.length > 0)
        problems.push(
          `oatf: ${bundled.join(", ")} bundle ioredis (keep @oatf/redis-streams external)`,
        );
      rmSync(unpacked, { recursive: true, force: true });
    }
    return { name, version, tarball };
  });

  refusesUnbuilt();
  writeFileSync(join(scratch, "package.json"), JSON.stringify({ name: "scratch", private: true }));
  // All tarballs in one install: each @oatf/* dependency is satisfied by its tarball.
  run(
    "npm",
    [
      "install",
      "--no-audit",
      "--no-fund",
      "--loglevel=error",
      ...packages.map((p) => `./${p.tarball}`),
    ],
    scratch,
  );

  for (const { name } of packages) {
    const esm = `import * as m from ${JSON.stringify(name)}; if (Object.keys(m).length === 0) throw new Error("no exports");`;
    const cjs = `const m = require(${JSON.stringify(name)}); if (Object.keys(m).length === 0) throw new Error("no exports");`;
    for (const [kind, args] of [
      ["import", ["--input-type=module", "-e", esm]],
      ["require", ["-e", cjs]],
    ]) {
      try {
        run(process.execPath, args, scratch);
        console.log(`${name}: ${kind} loads`);
      } catch (error) {
        problems.push(`${name}: ${kind} fails: ${error.stderr || error.message}`);
      }
    }
  }
  typecheckConsumer();
  const oatf = packages.find((p) => p.name === "oatf");
  const printed = run("npx", ["--no-install", "oatf", "--version"], scratch).trim();
  if (printed !== oatf?.version)
    problems.push(`npx oatf --version printed "${printed}", expected ${oatf?.version}`);
  else console.log(`npx oatf --version: ${printed}`);
  // A document with a CEL indicator: the CLI loads the installed @oatf/cel-default on demand.
  const celExample = join(root, "examples", "a2a-skill-poisoning.yaml");
  console.log(
    `npx oatf validate: ${run("npx", ["--no-install", "oatf", "validate", celExample], scratch).trim()}`,
  );
  // The language server (bundled into the bin): initialize, shutdown, exit over stdio.
  const frame = (message) => {
    const body = JSON.stringify({ jsonrpc: "2.0", ...message });
    return `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
  };
  const lsp = execFileSync("npx", ["--no-install", "oatf", "lsp", "--stdio"], {
    cwd: scratch,
    encoding: "utf8",
    input: [
      frame({
        id: 1,
        method: "initialize",
        params: { processId: null, rootUri: null, capabilities: {} },
      }),
      frame({ id: 2, method: "shutdown" }),
      frame({ method: "exit" }),
    ].join(""),
  });
  if (!lsp.includes('"hoverProvider":true'))
    problems.push(`npx oatf lsp answered: ${lsp.slice(0, 300)}`);
  else console.log("npx oatf lsp: initialize, shutdown and exit answered");
} catch (error) {
  problems.push(error.stderr || error.message);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

if (problems.length > 0) {
  console.error(problems.join("\n"));
  process.exit(1);
}

/** The published manifest: no development-only fields, the metadata a registry page shows. */
function checkManifest(name, manifest) {
  for (const field of ["scripts", "devDependencies"]) {
    if (field in manifest) problems.push(`${name}: the published package.json has ${field}`);
  }
  for (const field of ["license", "repository", "homepage", "bugs", "keywords", "author"]) {
    if (!(field in manifest)) problems.push(`${name}: the published package.json lacks ${field}`);
  }
  if (manifest.repository?.directory !== `packages/${name.replace("@oatf/", "")}`) {
    problems.push(`${name}: repository.directory is ${manifest.repository?.directory}`);
  }
  if (JSON.stringify(manifest).includes("workspace:")) {
    problems.push(`${name}: the published package.json still has workspace: ranges`);
  }
}

/**
 * The published declarations compile in a consumer's project under common strict settings
 * (issue 25: `NormalizedDocument` failed under `exactOptionalPropertyTypes`), with
 * `skipLibCheck` off so the declarations themselves are checked, not only their use.
 */
function typecheckConsumer() {
  writeFileSync(
    join(scratch, "consumer.ts"),
    `import { type Document, evaluateTrace, load, normalize, parse, type TraceMessage, validate } from "oatf";
import type { NormalizedDocument } from "@oatf/model";
export function run(text: string, trace: TraceMessage[]): string {
  const loaded = load(text);
  if (!loaded.ok) return loaded.error.map((e) => e.message).join("\\n");
  const document: NormalizedDocument = loaded.value.document;
  const plain: Document = document;
  const parsed = parse(text);
  if (parsed.ok) {
    const again: NormalizedDocument = normalize(parsed.value);
    void again;
  }
  void validate(plain).errors.length;
  return evaluateTrace(document, trace).result;
}
`,
  );
  const matrix = [
    { module: "node16", moduleResolution: "node16" },
    { module: "esnext", moduleResolution: "bundler" },
  ].flatMap((resolution) => [
    { ...resolution, strict: true },
    {
      ...resolution,
      strict: true,
      exactOptionalPropertyTypes: true,
      noUncheckedIndexedAccess: true,
    },
  ]);
  const tsc = join(root, "node_modules", "typescript", "bin", "tsc");
  for (const options of matrix) {
    const compilerOptions = {
      ...options,
      target: "es2022",
      noEmit: true,
      skipLibCheck: false,
      resolveJsonModule: true,
      types: [],
    };
    writeFileSync(
      join(scratch, "tsconfig.json"),
      JSON.stringify({ compilerOptions, files: ["consumer.ts"] }),
    );
    const label = Object.entries(options)
      .map(([key, value]) => (value === true ? key : `${key}=${value}`))
      .join(", ");
    try {
      run(process.execPath, [tsc, "-p", "tsconfig.json"], scratch);
      console.log(`consumer typecheck: ${label}`);
    } catch (error) {
      problems.push(`consumer typecheck (${label}) fails:\n${error.stdout || error.message}`);
    }
  }
}

/** `prepack` (scripts/check-built.mjs) fails for a package whose dist/ is missing. */
function refusesUnbuilt() {
  const unbuilt = mkdtempSync(join(scratch, "unbuilt-"));
  writeFileSync(
    join(unbuilt, "package.json"),
    readFileSync(join(root, "packages/oatf/package.json")),
  );
  try {
    run(process.execPath, [join(root, "scripts/check-built.mjs")], unbuilt);
    problems.push("prepack accepted a package without its build output");
  } catch (error) {
    console.log(`prepack refuses an unbuilt package: ${error.stderr.trim()}`);
  }
}

/** The pnpm this repository pins (a root devDependency), run with the current Node. */
function pnpmCli() {
  return join(root, "node_modules", "pnpm", "bin", "pnpm.cjs");
}
