// Issue 13: the published entries bundle for the browser (esbuild, platform browser) with no
// Node built-in in the graph, and parse, validate, normalize, serialize, pattern and CEL
// evaluateIndicator and evaluateTrace give in headless Chromium what they give in Node.
// Needs the packages built (`pnpm build`) and Chromium (test/chromium.ts).
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { builtinModules } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build, type Plugin } from "esbuild";
import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../chromium.js";
import { type Inputs, runScenarios } from "./scenarios.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const example = (name: string) => readFileSync(join(root, "examples", name), "utf8");
const inputs: Inputs = {
  patternDocument: example("mcp-rug-pull.yaml"),
  patternTrace: example("mcp-rug-pull.trace.jsonl"),
  celDocument: example("a2a-skill-poisoning.yaml"),
  celTrace: example("a2a-skill-poisoning.trace.jsonl"),
};

/** Records every Node built-in the bundle reaches, and who imports it, instead of failing on the first. */
function nodeBuiltins(found: string[]): Plugin {
  const names = new Set(builtinModules);
  return {
    name: "no-node-builtins",
    setup(b) {
      b.onResolve({ filter: /.*/ }, (args) => {
        const bare = args.path.replace(/^node:/, "").split("/")[0]!;
        if (!args.path.startsWith("node:") && !names.has(bare)) return undefined;
        found.push(`${args.path} (imported by ${args.importer.replace(root, "")})`);
        return { path: args.path, external: true };
      });
    },
  };
}

async function bundle(): Promise<{ code: string; builtins: string[] }> {
  const builtins: string[] = [];
  const result = await build({
    entryPoints: [fileURLToPath(new URL("./page.ts", import.meta.url))],
    bundle: true,
    platform: "browser",
    format: "iife",
    write: false,
    logLevel: "silent",
    plugins: [nodeBuiltins(builtins)],
  });
  return { code: result.outputFiles[0]!.text, builtins: [...new Set(builtins)] };
}

/** The inputs of the entry chunk when `oatf` is bundled with code splitting, as apps do. */
async function entryChunkInputs(): Promise<string[]> {
  const result = await build({
    stdin: { contents: 'export * from "oatf";', resolveDir: root, loader: "ts" },
    bundle: true,
    platform: "browser",
    format: "esm",
    splitting: true,
    outdir: join(tmpdir(), "oatf-split"),
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  const entry = Object.values(result.metafile.outputs).find((output) => output.entryPoint);
  return Object.keys(entry?.inputs ?? {});
}

let context: BrowserContext | undefined;
let userDataDir: string | undefined;

afterAll(async () => {
  await context?.close();
  if (userDataDir) rmSync(userDataDir, { recursive: true, force: true });
});

describe("oatf in headless Chromium", () => {
  let bundled: { code: string; builtins: string[] };
  let ran: Awaited<ReturnType<typeof runScenarios>> | undefined;
  /** The results from Chromium; they exist only when the bundle was browser-safe. */
  const inBrowser = () => {
    if (!ran) throw new Error("not run in Chromium: the bundle has Node built-ins (first test)");
    return ran;
  };

  beforeAll(async () => {
    bundled = await bundle();
    if (bundled.builtins.length > 0) return; // the first test reports them
    userDataDir = mkdtempSync(join(tmpdir(), "oatf-chromium-"));
    context = await launchChromium(userDataDir);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.addScriptTag({ content: bundled.code });
    ran = await page.evaluate(
      (given) =>
        (globalThis as unknown as { runScenarios: typeof runScenarios }).runScenarios(given),
      inputs,
    );
    expect(errors).toEqual([]);
  }, 120_000);

  it("bundles for the browser without any Node built-in in the graph", () => {
    expect(bundled.builtins, "Node built-ins in the browser bundle").toEqual([]);
  });

  it("keeps CEL out of the entry chunk: it loads only through loadDefaultCel", async () => {
    const inputs = await entryChunkInputs();
    expect(inputs.some((path) => path.includes("packages/oatf/"))).toBe(true);
    expect(inputs.filter((path) => /cel-default|@bufbuild/.test(path))).toEqual([]);
  });

  it("reports a CEL error, not a silent skip, before loadDefaultCel in the browser", () => {
    expect(inBrowser().beforeLoad).toEqual({
      result: "error",
      evidence: expect.stringContaining("loadDefaultCel"),
    });
  });

  it("gives the results Node gives once CEL is loaded", async () => {
    const { beforeLoad: _, ...inNode } = await runScenarios(inputs);
    const { beforeLoad: __, ...inChromium } = inBrowser();
    expect(inChromium).toEqual(inNode);
  });

  it("draws @oatf/diagrams' pictures as SVG that Chromium's XML parser reads", async () => {
    const { timeline, sequence, messages } = inBrowser().pictures;
    const page = await (context as BrowserContext).newPage();
    const counted = await page.evaluate(
      (svgs) =>
        svgs.map((markup) => {
          const parsed = new DOMParser().parseFromString(markup, "image/svg+xml");
          if (parsed.querySelector("parsererror")) return "not well-formed";
          return parsed.querySelectorAll("g.oatf-lane, g.oatf-message").length;
        }),
      [timeline, sequence],
    );
    await page.close();
    expect(counted).toEqual([1, messages]);
  });

  it("parses and validates the example", () => {
    expect(inBrowser().parse).toEqual({ errors: 0, warnings: 0 });
  });

  it("reports a validation error with its line and column", () => {
    const { expectedLine, errors } = inBrowser().invalid;
    expect(errors).toEqual([
      expect.objectContaining({
        rule: "V-017",
        path: "attack.severity.confidence",
        line: expectedLine,
      }),
    ]);
    expect(errors[0]?.column).toBeGreaterThan(1);
  });

  it("normalizes and serializes to a stable canonical form", () => {
    expect(inBrowser().roundTrip).toEqual({
      stable: true,
      startsWith: expect.stringContaining("oatf:"),
    });
  });

  it("evaluates pattern and CEL indicators", () => {
    // Every pattern indicator of the rug-pull example matches a message of its trace.
    for (const { id, method, results } of inBrowser().patternIndicator) {
      expect(method).toBe("pattern");
      expect(results, id).toContain("matched");
    }
    // The CEL indicator matches the compliant task (last) and none of the benign trace.
    const cel = inBrowser().celIndicator.find((i) => i.method === "expression");
    expect(cel?.results.at(-1)).toBe("matched");
    expect(cel?.results.slice(0, -1)).not.toContain("matched");
    expect(cel?.results).toContain("not_matched");
  });

  it("evaluates traces to attack verdicts", () => {
    expect(inBrowser().patternTrace.result).toBe("exploited");
    // Read by the SDK's trace reader: evidence names the 1-based source line.
    expect(inBrowser().patternTrace.evidence[0]).toMatch(/^line 5 \(mcp tools\/list response/);
    // The A2A example's trace is of an agent that did not comply.
    expect(inBrowser().celTrace).toMatchObject({ result: "not_exploited" });
    expect(inBrowser().celTrace.indicators).toContain("OATF-015-01:not_matched");
  });
});
