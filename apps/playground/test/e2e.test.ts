// End-to-end: the built playground in headless Chromium, served from 127.0.0.1.
// Screenshots of each state go to test-output/ (a CI artifact).
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deflateRawSync } from "node:zlib";
import { evaluateTrace, normalize, parse, readTraceText, validate } from "oatf";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../../../test/chromium.js";
import { type StaticServer, serveStatic } from "./static-server.js";

const app = join(import.meta.dirname, "..");
const repo = join(app, "..", "..");
const output = join(app, "test-output");
const fixture = (name: string) => readFileSync(join(app, "test", "fixtures", name), "utf8");

/**
 * Traces pasted by hand, in two formats the SDK reader detects: a JSON-RPC log of MCP
 * `tools/list` and `tools/call` (responses correlated with requests by id) and OATF JSON Lines.
 */
const PASTED = [
  { file: "pasted-trace.jsonrpc.jsonl", format: "jsonrpc", messages: 4 },
  { file: "pasted-trace.oatf.jsonl", format: "oatf", messages: 2 },
].map((trace) => ({
  ...trace,
  example: "mcp-rug-pull",
  result: "exploited",
  max_tier: "ingested",
}));

const BROKEN = `oatf: "0.1"
attack:
  name: Broken
  severity: extreme
  execution:
    mode: mcp_server
  indicators:
    - surface: tools/call
      pattern:
        regex: "("
`;

let server: StaticServer;
let browser: BrowserContext;
let page: Page;
let profile: string;
const requests: string[] = [];
const errors: string[] = [];

beforeAll(async () => {
  mkdirSync(output, { recursive: true });
  server = await serveStatic(join(app, "dist"));
  profile = mkdtempSync(join(tmpdir(), "playground-chromium-"));
  // A fresh profile directory per run (Playwright passes it as --user-data-dir).
  browser = await launchChromium(profile, { viewport: { width: 1400, height: 1000 } });
  // Every page's and worker's requests, for the last test.
  browser.on("request", (request) => requests.push(request.url()));
  page = browser.pages()[0] ?? (await browser.newPage());
  // Script errors and console errors (a Content-Security-Policy violation logs one).
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

const editor = (id: "document-editor" | "trace-editor") => page.locator(`#${id} .cm-content`);

async function replaceEditorText(id: "document-editor" | "trace-editor", text: string) {
  await editor(id).click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.insertText(text);
}

const attackResult = () => page.getByTestId("attack-result");
/** The on-demand chunk that holds the default CEL evaluator (@oatf/cel-default's browser entry). */
const isCelChunk = (url: string) => /\/assets\/browser-[^/]*\.js$/.test(url);

describe("playground", () => {
  it("renders and opens with the first example evaluated", async () => {
    await page.goto(`${server.origin}/`);
    await expect.poll(() => attackResult().textContent()).toBe("exploited");
    const timing = await page.evaluate(() => ({
      firstContentfulPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
      ready: performance.getEntriesByName("playground-ready")[0]?.startTime,
    }));
    console.log(
      `first contentful paint ${timing.firstContentfulPaint?.toFixed(0)} ms,`,
      `editors ready ${timing.ready?.toFixed(0)} ms`,
    );
    // Shown, not bounded: a time limit here flips with the load of the machine. What the first
    // render costs is held by the page's script budget (scripts/check-size.mjs, in the build).
    expect(timing.firstContentfulPaint).toBeGreaterThan(0);
    expect(timing.ready).toBeGreaterThan(0);
    // The first example has no expression indicator: the CEL chunk is not downloaded.
    expect(requests.filter(isCelChunk)).toEqual([]);
    await page.screenshot({ path: join(output, "01-initial.png"), fullPage: true });
  });

  it("shows diagnostics of a broken document, with rule ids and lines", async () => {
    await replaceEditorText("document-editor", BROKEN);
    const items = page.locator("#diagnostics li[data-rule]");
    // Every problem in one pass: parse problems and the rules still checkable together.
    await expect.poll(() => items.count()).toBe(4);
    const found = await items.evaluateAll((list) =>
      list.map((li) => `${(li as HTMLElement).dataset.rule}@${(li as HTMLElement).dataset.line}`),
    );
    expect(found).toEqual(["V-005@4", "V-030@5", "parse/missing-field@8", "V-013@10"]);
    // Underlined in the editor; hovering shows rule, message and spec reference.
    await expect.poll(() => page.locator("#document-editor .cm-lintRange-error").count()).toBe(4);
    // Each underline covers the diagnostic's own range, not the rest of its line.
    const underlined = await page
      .locator("#document-editor .cm-lintRange-error")
      .evaluateAll((marks) => marks.map((mark) => mark.textContent));
    const { errors } = validate(BROKEN);
    expect(underlined).toEqual(
      errors.map((e) => BROKEN.slice(e.range!.start.offset, e.range!.end.offset)),
    );
    expect(underlined).toContain('"("');
    await page.locator("#document-editor .cm-lintRange-error").first().hover();
    const tooltip = page.locator(".cm-tooltip-lint");
    await expect.poll(() => tooltip.textContent()).toMatch(/V-005.*severity.*spec §11\.1\.5/s);
    // The rule id once (CodeMirror's own `source` line would repeat it).
    expect((await tooltip.textContent())?.match(/V-005/g)).toHaveLength(1);
    // The list shows line and column, and backtick-quoted names as code, not raw backticks.
    // (The entry's first button; quick fixes, when the service has one, follow it.)
    const listed = await items.evaluateAll((list) =>
      list.map((li) => {
        const entry = li.querySelector("button");
        return { text: entry?.textContent, code: entry?.querySelectorAll("code").length };
      }),
    );
    expect(listed).toEqual(
      errors.map((e) => ({
        text: `line ${e.range!.start.line}:${e.range!.start.column} · error ${e.rule}: ${e.message.replaceAll("`", "")}`,
        code: (e.message.match(/`[^`\n]+`/g) ?? []).length,
      })),
    );
    expect(listed.some((l) => (l.code ?? 0) > 0)).toBe(true);
    // The language service's fix for the missing field (pictures.e2e.test.ts applies one).
    await expect
      .poll(() => page.locator('li[data-rule="parse/missing-field"] .fix').textContent())
      .toBe("Fix: Add required field target");
    await expect.poll(() => page.locator("#verdict").textContent()).toMatch(/fix the document/);
    await page.screenshot({ path: join(output, "02-diagnostics.png"), fullPage: true });
  });

  it("loads each example with one click and shows the verdict the SDK computes in Node", async () => {
    expect(requests.filter(isCelChunk)).toEqual([]);
    for (const slug of ["a2a-skill-poisoning", "ag-ui-injection", "cross-protocol-chain"]) {
      await page.locator(`[data-example="${slug}"]`).click();
      const expected = verdictInNode(
        readExample(slug),
        readFileSync(join(repo, "examples", `${slug}.trace.jsonl`), "utf8"),
      );
      await expect.poll(() => indicatorResults()).toEqual(expected.indicators);
      expect(await attackResult().textContent()).toBe(expected.result);
    }
    await page.locator('[data-example="mcp-rug-pull"]').click();
    await expect.poll(() => attackResult().textContent()).toBe("exploited");
    expect(await page.getByTestId("max-tier").textContent()).toBe("boundary_breach");
    await page.locator("summary").click();
    expect(await page.locator("#normalized").textContent()).toMatch(/^oatf: "0\.1"/);
    await page.screenshot({ path: join(output, "03-example.png"), fullPage: true });
    // a2a-skill-poisoning has an expression indicator, which the worker loaded CEL for, once.
    expect(requests.filter(isCelChunk)).toHaveLength(1);
  });

  for (const pasted of PASTED) {
    it(`evaluates a pasted ${pasted.format} trace`, async () => {
      await page.locator(`[data-example="${pasted.example}"]`).click();
      await expect.poll(() => attackResult().textContent()).toBe("exploited");
      await replaceEditorText("trace-editor", fixture(pasted.file));
      await expect.poll(() => page.getByTestId("max-tier").textContent()).toBe(pasted.max_tier);
      expect(await attackResult().textContent()).toBe(pasted.result);
      expect(await page.locator("#verdict").textContent()).toContain(
        `${pasted.messages} message(s) read as ${pasted.format}.`,
      );
      expect(verdictInNode(readExample(pasted.example), fixture(pasted.file))).toEqual({
        result: pasted.result,
        indicators: await indicatorResults(),
      });
      await page.screenshot({
        path: join(output, `04-pasted-${pasted.format}.png`),
        fullPage: true,
      });
    });
  }

  it("shows the reader's line diagnostics next to the verdict", async () => {
    const lines = fixture("pasted-trace.jsonrpc.jsonl").split("\n");
    lines.splice(1, 0, "{not json");
    await replaceEditorText("trace-editor", lines.join("\n"));
    const list = page.getByTestId("trace-diagnostics");
    await expect.poll(() => list.locator("li").count()).toBe(1);
    expect(await list.textContent()).toMatch(/^error T-JSON: line 2: not JSON/);
    expect(await attackResult().textContent()).toBe("exploited");
    // The line is marked in the trace editor, and the verdict warns it covers only the rest.
    const marked = page.locator("#trace-editor .cm-lintRange-error");
    await expect.poll(() => marked.count()).toBe(1);
    expect(await marked.textContent()).toBe("{not json");
    expect(await page.getByTestId("trace-warning").textContent()).toMatch(
      /^Warning: 1 trace line\(s\) could not be read .*oatf evaluate exits 3/,
    );
    // Fixed, the mark and the warning go.
    await replaceEditorText("trace-editor", fixture("pasted-trace.jsonrpc.jsonl"));
    await expect.poll(() => page.getByTestId("trace-warning").count()).toBe(0);
    expect(await marked.count()).toBe(0);
  });

  it("warns when an indicator's target never resolved (issue 22 §5)", async () => {
    const blind = readExample("mcp-rug-pull").replace(
      /indicators:\n/,
      'indicators:\n    - id: OATF-003-09\n      surface: tools/call\n      target: response.content\n      pattern: { contains: "x" }\n',
    );
    await replaceEditorText("document-editor", blind);
    await replaceEditorText("trace-editor", fixture("pasted-trace.oatf.jsonl"));
    // The example's OATF-003-03 (`arguments.note`) has nothing to resolve in this trace either.
    const warnings = page.getByTestId("coverage-warning");
    const warning = page.locator('[data-testid="coverage-warning"][data-indicator="OATF-003-09"]');
    await expect.poll(() => warning.count()).toBe(1);
    expect(await warning.textContent()).toMatch(
      /^Warning: indicator OATF-003-09: target response\.content never resolved in 1 eligible message\.$/,
    );
    expect(await warnings.count()).toBe(2);
    await page.screenshot({ path: join(output, "04b-coverage-warning.png"), fullPage: true });
    await replaceEditorText("document-editor", readExample("mcp-rug-pull"));
    await expect.poll(() => warning.count()).toBe(0);
    expect(await warnings.count()).toBe(1);
  });

  it("wraps long lines in the document editor instead of scrolling sideways", async () => {
    const long = `# ${"a long comment that goes on ".repeat(20)}\n${readExample("mcp-rug-pull")}`;
    await replaceEditorText("document-editor", long);
    await expect.poll(() => attackResult().textContent()).toBe("exploited");
    const scroller = page.locator("#document-editor .cm-scroller");
    const { scrollWidth, clientWidth } = await scroller.evaluate((el) => ({
      scrollWidth: el.scrollWidth,
      clientWidth: el.clientWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    // Back to the document the next tests share (the pasted trace stays).
    await replaceEditorText("document-editor", readExample("mcp-rug-pull"));
  });

  it("shares the document and trace through the URL fragment", async () => {
    await page.getByRole("button", { name: "Share link" }).click();
    const link = page.getByLabel("Link to this document and trace");
    await expect.poll(() => link.inputValue()).toMatch(/#v1=/);
    const shared = await browser.newPage();
    await shared.goto(await link.inputValue());
    await expect.poll(() => shared.getByTestId("max-tier").textContent()).toBe(PASTED[0]!.max_tier);
    expect(await shared.locator("#trace-editor .cm-content").textContent()).toContain(
      "IMPORTANT SYSTEM UPDATE",
    );
    await shared.close();
  });

  it("refuses a share link that inflates past its limit (a deflate bomb), saying why", async () => {
    // 32 MiB of one letter in a ~43 kB link: the page stops inflating at 8 MiB.
    const json = Buffer.from(JSON.stringify(["a".repeat(32 * 1024 * 1024), ""]));
    const bomb = deflateRawSync(json, { level: 9 }).toString("base64url");
    const shared = await browser.newPage();
    await shared.goto(`${server.origin}/#v1=${bomb}`);
    await expect
      .poll(() => shared.locator("#status").textContent())
      .toBe(
        "This share link was not opened: it holds more than 8 MiB once decompressed (the limit for a shared document and trace).",
      );
    expect(await shared.locator("#document-editor .cm-content").textContent()).toBe("");
    await shared.close();
  });

  it("stops a pathological expression at the time limit while the page stays responsive", async () => {
    // 200 messages x 5 expressions that each end in the cost budget: about 15 ms each in
    // Node since the CEL dispatch got faster (40 messages ran 3.0 s, racing the 3 s limit).
    const messages = Array.from({ length: 200 }, (_, i) =>
      JSON.stringify({
        protocol: "mcp",
        direction: "request",
        operation: "tools/call",
        content: { name: "calc", arguments: { i } },
      }),
    );
    await replaceEditorText("trace-editor", messages.join("\n"));
    await replaceEditorText("document-editor", fixture("slow-expression.yaml"));
    // While the worker is busy, the page answers: the main thread runs a script before the
    // evaluation has ended (it runs past 3 s; no wall-clock bound, which a loaded machine breaks).
    await page.waitForTimeout(1000);
    const answered = await page.evaluate(() => ({
      status: document.getElementById("status")?.textContent,
      stopped: document.querySelector('[data-testid="timeout"]') !== null,
    }));
    expect(answered).toEqual({ status: "Evaluating…", stopped: false });
    await expect
      .poll(() => page.getByTestId("timeout").textContent(), { timeout: 10_000 })
      .toMatch(/Timeout: evaluation ran longer than 3000 ms/);
    await page.screenshot({ path: join(output, "05-timeout.png"), fullPage: true });
    // The restarted worker serves the next edit.
    await replaceEditorText("document-editor", BROKEN);
    await expect.poll(() => page.locator("#diagnostics li[data-rule]").count()).toBe(4);
  });

  it("is readable in the dark colour scheme", async () => {
    await page.emulateMedia({ colorScheme: "dark" });
    await page.locator('[data-example="cross-protocol-chain"]').click();
    await expect.poll(() => attackResult().textContent()).toBe("partial");
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe("rgb(21, 24, 29)");
    await page.screenshot({ path: join(output, "06-dark.png"), fullPage: true });
  });

  it("works from the keyboard, with every control labelled", async () => {
    await editor("document-editor").click();
    await page.keyboard.press("Tab"); // the editors do not trap Tab
    expect(await page.evaluate(() => document.activeElement?.closest(".cm-editor"))).toBeNull();
    await page.locator('[data-example="mcp-rug-pull"]').focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByTestId("max-tier").textContent()).toBe("boundary_breach");
    const unlabelled = await page.evaluate(() =>
      [...document.querySelectorAll("button, input, [contenteditable=true]")]
        .filter((el) => {
          const labelled = el.getAttribute("aria-label") || (el as HTMLInputElement).labels?.length;
          return !labelled && !el.textContent?.trim();
        })
        .map((el) => el.outerHTML.slice(0, 80)),
    );
    expect(unlabelled).toEqual([]);
  });

  it("logged no errors", () => {
    expect(errors).toEqual([]);
  });

  it("made no request beyond the local server", () => {
    expect(requests.length).toBeGreaterThan(0);
    const foreign = requests.filter((url) => !url.startsWith(`${server.origin}/`));
    expect(foreign).toEqual([]);
  });
});

const readExample = (slug: string) => readFileSync(join(repo, "examples", `${slug}.yaml`), "utf8");

/** The verdict the SDK computes in Node, reading the trace with its own reader. */
function verdictInNode(documentText: string, traceText: string) {
  const parsed = parse(documentText);
  if (!parsed.ok) throw new Error("example does not load in Node");
  const document = normalize(parsed.value);
  const records = readTraceText(traceText, { documents: [document] });
  const messages = records.flatMap((r) => (r.kind === "message" ? [r.message] : []));
  if (messages.length !== records.length) throw new Error("trace does not read in Node");
  const verdict = evaluateTrace(document, messages);
  return {
    result: verdict.result,
    indicators: verdict.indicator_verdicts.map((v) => `${v.indicator_id}:${v.result}`),
  };
}

async function indicatorResults(): Promise<string[]> {
  return page
    .locator("#verdict tbody tr")
    .evaluateAll((rows) =>
      (rows as HTMLTableRowElement[]).map(
        (row) => `${row.dataset.indicator}:${row.cells[1]?.textContent}`,
      ),
    );
}
