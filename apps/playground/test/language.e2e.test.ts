// End-to-end: hover and completion in the built playground's document editor, answered by
// @oatf/language-service in the language worker (the implementation `oatf lsp` serves).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../../../test/chromium.js";
import { type StaticServer, serveStatic } from "./static-server.js";

const app = join(import.meta.dirname, "..");
let server: StaticServer;
let browser: BrowserContext;
let page: Page;
let profile: string;
const errors: string[] = [];

const DOCUMENT = `oatf: "0.1"
attack:
  severity: high
  execution:
    mode: mcp_server
    state: { tools: [] }
  indicators:
    - surface: tools/call
      target: arguments
      pattern: { contains: x }
      tier: `;

beforeAll(async () => {
  server = await serveStatic(join(app, "dist"));
  profile = mkdtempSync(join(tmpdir(), "playground-chromium-"));
  browser = await launchChromium(profile, { viewport: { width: 1400, height: 1000 } });
  page = browser.pages()[0] ?? (await browser.newPage());
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await page.goto(`${server.origin}/`);
  await page.locator("#document-editor .cm-content").click();
  // Hover and completion load on the first use of the editor (off the page's first load).
  await page.locator('#document-editor [data-language-features="ready"]').waitFor();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.insertText(DOCUMENT);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

describe("the document editor's language features", () => {
  it("completes an enum value at the cursor", async () => {
    await page.keyboard.press("Control+Space");
    const options = page.locator(".cm-tooltip-autocomplete li");
    const labels = () =>
      page.locator(".cm-tooltip-autocomplete .cm-completionLabel").allTextContents();
    await expect
      .poll(async () => (await labels()).sort())
      .toEqual(["boundary_breach", "ingested", "local_action"]);
    await options.filter({ hasText: /^ingested/ }).click();
    await expect
      .poll(() => page.locator("#document-editor .cm-content").textContent())
      .toContain("tier: ingested");
  });

  it("shows a surface's protocol on hover", async () => {
    const line = page.locator("#document-editor .cm-line", { hasText: "surface: tools/call" });
    const box = await line.boundingBox();
    if (!box) throw new Error("no surface line");
    // The value: right of `surface: ` (a monospace line; the value starts after 16 characters).
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height / 2);
    await page.mouse.move(box.x + 160, box.y + box.height / 2);
    const tooltip = page.locator(".lsp-hover");
    await expect.poll(() => tooltip.textContent(), { timeout: 10_000 }).toContain("protocol: mcp");
    expect(errors).toEqual([]);
  });
});
