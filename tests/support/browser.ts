/**
 * Headless Chromium for the console's browser tests: Debian's `chromium` (scripts/chromium.sh
 * installs it; no browser download), driven by playwright-core, in a new empty profile with the
 * switches a closed network needs (no QUIC, no background or component traffic). A missing
 * browser fails the test saying what to install, never skips it.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";

const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export function chromiumPath(): string {
  const candidate = process.env["CHROMIUM_BIN"] ?? "/usr/bin/chromium";
  if (!existsSync(candidate)) {
    throw new Error(
      `No headless Chromium at ${candidate}: install Debian's chromium package (\`bash scripts/chromium.sh ensure\` as root; ` +
        "`npm test` runs the setup that does), or set CHROMIUM_BIN to a Chromium binary.",
    );
  }
  return candidate;
}

export interface TestBrowser {
  readonly context: BrowserContext;
  readonly page: Page;
  close(): Promise<void>;
}

export async function openBrowser(): Promise<TestBrowser> {
  const executablePath = chromiumPath();
  const profile = mkdtempSync(path.join(os.tmpdir(), "svc-chromium-"));
  let context: BrowserContext;
  try {
    context = await chromium.launchPersistentContext(profile, { executablePath, headless: true, args: ARGS, viewport: { width: 1400, height: 900 } });
  } catch (error) {
    rmSync(profile, { recursive: true, force: true });
    throw error;
  }
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    async close() {
      await context.close().catch(() => undefined);
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown[] }>;
}

/** Runs axe-core (from npm, injected into the page) and returns the serious and critical violations. */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  const source = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
  await page.addScriptTag({ content: source });
  // An expression of the page's: the tests are compiled without the DOM's types.
  const result = await page.evaluate<{ violations: AxeViolation[] }>("axe.run(document)");
  return result.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(({ id, impact, help, nodes }) => ({ id, impact, help, nodes: nodes.map(({ target }) => ({ target })) }));
}
