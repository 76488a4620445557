// Headless Chromium for the browser suites (test/browser, apps/playground): Debian's package at
// /usr/bin/chromium (CHROMIUM_PATH overrides), no network side traffic, a fresh profile directory.
import { type BrowserContext, chromium } from "playwright-core";

const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** A persistent context on `profileDir` (Playwright passes it as --user-data-dir). */
export function launchChromium(
  profileDir: string,
  options: Omit<
    Parameters<typeof chromium.launchPersistentContext>[1],
    "executablePath" | "args"
  > = {},
): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profileDir, {
    ...options,
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: FLAGS,
  });
}
