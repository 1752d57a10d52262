/**
 * The web console in a real browser (headless Chromium), after `pulumi up` of examples/dns-zone
 * and examples/calendar-acl through the end-to-end harness: the objects pages hold the zone, its
 * record sets and the calendar's ACL rules with the values the API holds; the request log shows
 * the up's requests live and filters to 4xx; a 100 ms latency and a 429 fault set from the
 * controls show in the next requests; nothing on the page moves while requests stream in; the
 * token appears nowhere in the pages or the console's traffic; axe-core finds no serious violation. Screenshots go to build/screenshots/;
 * with SVC_UPDATE_SCREENSHOTS=1 to emulator/screenshots/ (the README's pictures), so a test run
 * leaves the tracked pictures as they are.
 */
import * as path from "node:path";
import type { Page } from "playwright-core";
import { CONSOLE_PREFIX } from "../../emulator/console/paths";
import { REDACTED } from "../../emulator/console/scrub";
import { openBrowser, seriousViolations, type TestBrowser } from "../support/browser";
import { startEmulator, type RunningEmulator } from "../support/emulatorControl";
import { openStack, type TestStack } from "../support/stacks";
import { REPO_ROOT, requireEngine } from "../support/toolchain";

const SCREENSHOTS =
  process.env["SVC_UPDATE_SCREENSHOTS"] === "1" ? path.join(REPO_ROOT, "emulator", "screenshots") : path.join(REPO_ROOT, "build", "screenshots");
const ZONES = "/dns/v1/projects/e2e-project/managedZones";

let emulator: RunningEmulator;
let browser: TestBrowser | undefined;
const stacks: TestStack[] = [];
/** Every body and address the browser exchanged with the console, and the raw event stream. */
const traffic: string[] = [];
const events = new AbortController();
let stream = "";

beforeAll(async () => {
  requireEngine();
  emulator = await startEmulator();
  browser = await openBrowser();
  browser.page.on("request", (request) => {
    traffic.push(request.url(), request.postData() ?? "");
  });
  browser.page.on("response", (response) => {
    if (response.headers()["content-type"]?.startsWith("text/event-stream") === true) return;
    void response.text().then(
      (text) => traffic.push(text),
      () => undefined,
    );
  });
  void fetch(`${emulator.url}${CONSOLE_PREFIX}/events`, { signal: events.signal })
    .then(async (response) => {
      for await (const chunk of response.body ?? []) stream += Buffer.from(chunk as Uint8Array).toString("utf8");
    })
    .catch(() => undefined);
});

afterAll(async () => {
  events.abort();
  await browser?.close();
  for (const stack of stacks) await stack.dispose();
  await emulator?.close();
});

async function visit(page: Page, where: string): Promise<void> {
  await page.goto(`${emulator.url}${CONSOLE_PREFIX}${where}`);
  await expectNoToken(page);
}

async function expectNoToken(page: Page): Promise<void> {
  expect(await page.content()).not.toContain(emulator.token);
}

const shoot = (page: Page, name: string): Promise<Buffer> => page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });

/** Waits until the page's JavaScript expression is true (the tests have no DOM types: the expression is the page's). */
async function until(page: Page, expression: string): Promise<void> {
  await page.waitForFunction(expression, undefined, { timeout: 300_000 });
}

/** Waits until an element holds the text. */
async function holds(page: Page, selector: string, text: string): Promise<void> {
  await page.locator(selector).filter({ hasText: text }).first().waitFor({ timeout: 60_000 });
}

async function statuses(page: Page): Promise<string[]> {
  return page.evaluate<string[]>(`[...document.querySelectorAll("#rows tr[data-id] .status")].map((cell) => cell.textContent)`);
}

it("shows the up's requests live, the objects with the API's values, filters, controls, and never the token", async () => {
  const page = browser!.page;
  await visit(page, "/requests");
  await page.evaluate(() => ((globalThis as unknown as { marker: number }).marker = 1));
  // Every layout shift while requests stream in (the browser's own measure, as Core Web Vitals count it).
  await page.evaluate(
    `window.shifts = 0; new PerformanceObserver((list) => { for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.shifts += entry.value; }).observe({ type: "layout-shift", buffered: true })`,
  );

  const zone = await openStack("dns-zone", emulator, { zoneName: { value: "console-site" }, domain: { value: "console-site.example." } });
  stacks.push(zone);
  const up = zone.stack.up();
  // Rows arrive while the up runs, on the page as it was loaded (no reload: the marker stays).
  await until(page, `document.querySelector("#rows").textContent.includes("/managedZones/console-site")`);
  expect((await up).summary.resourceChanges).toEqual({ create: 6 });
  expect(await page.evaluate(() => (globalThis as unknown as { marker?: number }).marker)).toBe(1);
  expect(await page.evaluate<number>("window.shifts")).toBe(0);

  const team = await openStack("calendar-acl", emulator, { "svc:calendarToken": { value: emulator.token, secret: true } });
  stacks.push(team);
  const calendarUp = await team.stack.up();
  expect(calendarUp.summary.resourceChanges).toEqual({ create: 6 });
  await until(page, `document.querySelector("#rows").textContent.includes("/calendar/v3/")`);
  await page.locator("#rows a", { hasText: "/changes" }).first().click();
  await holds(page, "#detail", "Response body");
  await expectNoToken(page);
  await shoot(page, "requests");
  expect(await seriousViolations(page)).toEqual([]);

  await visit(page, "/objects");
  expect(await seriousViolations(page)).toEqual([]);

  // The zone and its record sets, as the API lists them.
  await visit(page, "/objects/dns");
  await holds(page, "main", "console-site (console-site.example.)");
  await page.locator("main a", { hasText: "console-site (console-site.example.)" }).click();
  await page.waitForSelector("h1");
  const listed = await emulator.api("GET", `${ZONES}/console-site/rrsets`);
  const rrsets = (listed.body as { rrsets: Array<{ name: string; type: string; ttl: number; rrdatas: string[] }> }).rrsets;
  expect(rrsets.length).toBe(6);
  const zoneText = await page.locator("main").innerText();
  for (const rrset of rrsets) expect(zoneText).toContain(`${rrset.name} ${rrset.type} ttl ${rrset.ttl}: ${rrset.rrdatas.join(", ")}`);
  await expectNoToken(page);
  await shoot(page, "zone");
  expect(await seriousViolations(page)).toEqual([]);
  await page.locator("main a", { hasText: "www.console-site.example. CNAME" }).click();
  await holds(page, "pre.json", '"ttl": 300');
  await holds(page, ".touched", "POST");

  // The team calendar's ACL rules, as the API lists them (a rule naming the token's user shows it redacted).
  const calendarId = calendarUp.outputs["calendarId"]?.value as string;
  await visit(page, "/objects/calendar");
  await page.locator("main a", { hasText: calendarId }).first().click();
  await page.waitForSelector("h1");
  const acl = await emulator.api("GET", `/calendar/v3/calendars/${encodeURIComponent(calendarId)}/acl`);
  const rules = (acl.body as { items: Array<{ id: string; role: string }> }).items;
  expect(rules.length).toBe(3);
  const calendarText = await page.locator("main").innerText();
  for (const rule of rules) expect(calendarText).toContain(`${rule.id.replace(emulator.token, REDACTED)} ${rule.role}`);
  await expectNoToken(page);
  await shoot(page, "calendar");
  expect(await seriousViolations(page)).toEqual([]);

  // A 4xx among the requests; the status filter keeps only those.
  expect((await emulator.api("GET", `${ZONES}/no-such-zone`)).status).toBe(404);
  await visit(page, "/requests");
  await page.selectOption("select[name=status]", "4xx");
  await until(page, `[...document.querySelectorAll("#rows tr[data-id] .status")].every((cell) => cell.textContent.startsWith("4"))`);
  await holds(page, "#rows", `${ZONES}/no-such-zone`);
  expect((await statuses(page)).length).toBeGreaterThan(0);
  await shoot(page, "requests-4xx");

  // Latency and a 429 from the controls, through the internal endpoints; the next requests show both.
  await visit(page, "/controls");
  expect(await seriousViolations(page)).toEqual([]);
  // Nothing is set yet: the page says so in words.
  await holds(page, "#faults-now", "none");
  await holds(page, "#speed-now", "none");
  const speed = page.locator("form[data-kind=speed]");
  await speed.locator("input[name=latencyMs]").fill("100");
  await speed.locator("button[type=submit]").click();
  await holds(page, "#control-status", "Speed in effect.");
  const faults = page.locator("form[data-kind=faults]");
  await faults.locator("select[name=api]").selectOption({ label: "dns" });
  await faults.locator("input[name=rate429]").fill("1");
  await faults.locator("input[name=count]").fill("2");
  await faults.locator("button[type=submit]").click();
  await holds(page, "#control-status", "Faults in effect.");
  await holds(page, "#faults-now", '"remaining": 2');
  await shoot(page, "controls");
  const answers = [];
  for (let i = 0; i < 3; i++) answers.push((await emulator.api("GET", `${ZONES}/console-site`)).status);
  expect(answers).toEqual([429, 429, 200]);
  await visit(page, "/requests?api=dns");
  await until(page, `document.querySelectorAll("#rows tr[data-id]").length >= 3`);
  const newest = await page.evaluate<Array<{ status: string; ms: number; text: string }>>(
    `[...document.querySelectorAll("#rows tr[data-id]")].slice(0, 3).map((row) => ({ status: row.querySelector(".status").textContent, ms: Number(row.cells[4].textContent), text: row.textContent }))`,
  );
  expect(newest.map((row) => row.status)).toEqual(["200", "429", "429"]);
  for (const row of newest) expect(row.ms).toBeGreaterThanOrEqual(100);
  expect(newest[1]?.text).toContain("rateLimited");
  await page.locator("#rows a").first().focus();
  await page.keyboard.press("j");
  await page.keyboard.press("Enter");
  await until(page, `document.querySelector("#detail-title").textContent.startsWith("Request ")`);
  await holds(page, "#detail", "429");
  await emulator.clearFaults();

  // Nowhere: not in a page, an address, a body the browser fetched, or the raw event stream.
  for (const text of traffic) expect(text).not.toContain(emulator.token);
  expect(stream).toContain("/managedZones/console-site");
  expect(stream).not.toContain(emulator.token);
});
