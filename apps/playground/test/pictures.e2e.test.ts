// End-to-end (issue 37 §6): the playground draws the attack and its exchange, offers the
// language service's quick fixes, and reads a pasted HAR file; in headless Chromium, against
// the built page. Screenshots of both pictures go to test-output/ (a CI artifact).
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  createTraceEvaluator,
  type Document,
  normalize,
  parse,
  readTraceText,
  type TraceMessage,
} from "oatf";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../../../test/chromium.js";
import { type StaticServer, serveStatic } from "./static-server.js";

const app = join(import.meta.dirname, "..");
const repo = join(app, "..", "..");
const output = join(app, "test-output");
const example = (name: string) => readFileSync(join(repo, "examples", name), "utf8");
/** A real capture: `oatf record` in front of an AG-UI agent built with the official SDK. */
const HAR = readFileSync(
  join(repo, "packages", "oatf", "test", "fixtures", "captures", "ag-ui-comply.har"),
  "utf8",
);

let server: StaticServer;
let browser: BrowserContext;
let page: Page;
let profile: string;
const errors: string[] = [];

beforeAll(async () => {
  mkdirSync(output, { recursive: true });
  server = await serveStatic(join(app, "dist"));
  profile = mkdtempSync(join(tmpdir(), "playground-chromium-"));
  browser = await launchChromium(profile, { viewport: { width: 1400, height: 1000 } });
  page = browser.pages()[0] ?? (await browser.newPage());
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await page.goto(`${server.origin}/`);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

async function replaceEditorText(id: "document-editor" | "trace-editor", text: string) {
  await page.locator(`#${id} .cm-content`).click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.insertText(text);
}

/** The document's actors and their phases' names, in Node. */
function actorsInNode(yamlText: string): { name: string; phases: string[]; terminal: number }[] {
  const parsed = parse(yamlText);
  if (!parsed.ok) throw new Error("example does not parse");
  const execution = normalize(parsed.value).attack.execution;
  return (execution.actors ?? []).map((actor) => ({
    name: actor.name,
    phases: actor.phases.map((p) => p.name ?? ""),
    terminal: actor.phases.filter((p) => p.trigger === undefined).length,
  }));
}

/** The trace's messages and, per matched indicator, the position of its first matching message. */
function exchangeInNode(yamlText: string, traceText: string) {
  const parsed = parse(yamlText);
  if (!parsed.ok) throw new Error("example does not parse");
  const document: Document = normalize(parsed.value);
  const messages = readTraceText(traceText, { documents: [document] }).flatMap((r) =>
    r.kind === "message" ? [r.message] : [],
  );
  const matched = new Map<number, string[]>();
  let position = 0;
  const evaluator = createTraceEvaluator([document], {
    onMatch: ({ verdict }) =>
      matched.set(position, [...(matched.get(position) ?? []), verdict.indicator_id]),
  });
  for (const message of messages as TraceMessage[]) {
    evaluator.push(message);
    position++;
  }
  return { count: messages.length, matched };
}

const attackResult = () => page.getByTestId("attack-result");

describe("the playground's pictures", () => {
  it("draws the first example's actors and phases as a timeline", async () => {
    await expect.poll(() => attackResult().textContent()).toBe("exploited");
    const timeline = page.locator("#timeline svg.oatf-timeline");
    await timeline.waitFor();
    const lanes = await timeline.locator("g.oatf-lane").evaluateAll((gs) =>
      gs.map((g) => ({
        name: g.getAttribute("data-actor"),
        phases: [...g.querySelectorAll("g.oatf-phase")].map((p) => p.getAttribute("data-phase")),
        terminal: g.querySelectorAll("g.oatf-phase.oatf-terminal").length,
      })),
    );
    expect(lanes).toEqual(actorsInNode(example("mcp-rug-pull.yaml")));
    expect(await timeline.locator("g.oatf-trigger").count()).toBeGreaterThan(0);
    await page.locator("#timeline").screenshot({ path: join(output, "07-timeline.png") });
  });

  it("draws the trace as a sequence diagram, the matched messages marked", async () => {
    const { count, matched } = exchangeInNode(
      example("mcp-rug-pull.yaml"),
      example("mcp-rug-pull.trace.jsonl"),
    );
    const sequence = page.locator("#sequence svg.oatf-sequence");
    await sequence.waitFor();
    expect(await sequence.locator("g.oatf-message").count()).toBe(count);
    const marked = await sequence
      .locator("g.oatf-matched")
      .evaluateAll((gs) => gs.map((g) => Number(g.getAttribute("data-index"))));
    expect(marked).toEqual([...matched.keys()].sort((a, b) => a - b));
    // The agent and the document's actor are the columns.
    expect(await sequence.locator("g.oatf-participant").count()).toBe(2);
    await page.locator("#sequence").screenshot({ path: join(output, "08-sequence.png") });
  });

  it("links a marked message to its indicator's evidence row", async () => {
    const first = page.locator("#sequence a").first();
    const target = (await first.getAttribute("href"))?.slice(1) ?? "";
    const row = page.locator(`#verdict tr[id="${target}"]`);
    expect(await row.count()).toBe(1);
    const indicator = await row.getAttribute("data-indicator");
    const marks = await first.locator("g.oatf-matched").getAttribute("data-evidence");
    expect(marks?.split(" ")).toContain(target);
    const url = page.url();
    await first.click();
    await expect.poll(() => row.getAttribute("class")).toContain("flash");
    expect(page.url()).toBe(url); // the fragment holds share links: left as it was
    expect(indicator).toBeTruthy();
  });

  it("reads a pasted HAR file and draws its exchange", async () => {
    await page.locator('[data-example="ag-ui-injection"]').click();
    await expect.poll(() => attackResult().textContent()).toBe("exploited");
    await replaceEditorText("trace-editor", HAR);
    const { count, matched } = exchangeInNode(example("ag-ui-injection.yaml"), HAR);
    await expect
      .poll(() => page.locator("#verdict").textContent())
      .toContain(`${count} message(s) read as har (one JSON value).`);
    expect(await attackResult().textContent()).toBe("exploited");
    const sequence = page.locator("#sequence svg.oatf-sequence");
    await expect.poll(() => sequence.locator("g.oatf-message").count()).toBe(count);
    expect(
      await sequence
        .locator("g.oatf-matched")
        .evaluateAll((gs) => gs.map((g) => Number(g.getAttribute("data-index")))),
    ).toEqual([...matched.keys()].sort((a, b) => a - b));
    expect(await page.locator("#trace-heading + p").textContent()).toMatch(/a HAR\s+file/);
  });
});

describe("quick fixes", () => {
  it("offers the language service's fix under a diagnostic and applies it", async () => {
    const typo = example("mcp-rug-pull.yaml").replace(/^ {4}level: \w+$/m, "    level: hihg");
    expect(typo).toContain("level: hihg");
    await page.locator('[data-example="mcp-rug-pull"]').click();
    await expect.poll(() => attackResult().textContent()).toBe("exploited");
    await replaceEditorText("document-editor", typo);
    const fix = page.getByTestId("quick-fix").filter({ hasText: "high" });
    await fix.waitFor();
    await page.locator("#diagnostics").screenshot({ path: join(output, "09-quick-fix.png") });
    await fix.click();
    // CodeMirror renders the lines in view: show the top, where the fixed line is.
    await page.locator("#document-editor .cm-scroller").evaluate((e) => e.scrollTo(0, 0));
    await expect
      .poll(() => page.locator("#document-editor .cm-content").textContent())
      .toContain("level: high");
    await expect.poll(() => page.locator("#diagnostics li[data-rule]").count()).toBe(0);
    await expect.poll(() => attackResult().textContent()).toBe("exploited");
  });

  it("logged no errors", () => {
    expect(errors).toEqual([]);
  });
});
