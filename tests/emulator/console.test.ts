/**
 * The web console over HTTP, without a browser: every API's objects render with their values,
 * large collections page, a gone object is a 404 page, the log filters and pages, the detail masks
 * what the request log masks and the tokens the token endpoints answer with, the event stream
 * carries each answered request, faults stop after `count`, and no page holds a token.
 */
import { CONSOLE_PREFIX } from "../../emulator/console/paths";
import { startEmulator, type TestEmulator } from "./helpers";

const TOKEN = "console-token-6e0b94";
const ZONES = "/dns/v1/projects/console/managedZones";
let emulator: TestEmulator;
const seen: string[] = [];

beforeAll(async () => {
  emulator = await startEmulator({ tokens: [TOKEN] });
});

afterAll(async () => {
  await emulator.close();
});

/** A console page's text; every one is checked for the token. */
async function ui(path: string, status = 200): Promise<string> {
  const response = await fetch(`${emulator.baseUrl}${CONSOLE_PREFIX}${path}`);
  const text = await response.text();
  expect(response.status).toBe(status);
  expect(text).not.toContain(TOKEN);
  seen.push(text);
  return text;
}

const api = (method: string, path: string, body?: unknown) => emulator.request(method, path, { token: TOKEN, ...(body !== undefined && { body }) });

/** The href of the first link whose text holds `label`. */
function linkTo(html: string, label: string): string {
  const index = html.indexOf(label);
  const start = html.lastIndexOf('href="', index);
  if (index === -1 || start === -1) throw new Error(`no link to ${label}`);
  return html.slice(start + 6, html.indexOf('"', start + 6)).replace(CONSOLE_PREFIX, "");
}

it("shows a zone's record sets page by page, with the values the API holds and the requests that touched one", async () => {
  expect((await api("POST", ZONES, { name: "paged", dnsName: "paged.example.", description: "" })).status).toBe(200);
  const additions = Array.from({ length: 120 }, (_, i) => ({
    name: `h${String(i).padStart(3, "0")}.paged.example.`,
    type: "A",
    ttl: 60,
    rrdatas: [`192.0.2.${i}`],
  }));
  expect((await api("POST", `${ZONES}/paged/changes`, { additions })).status).toBe(200);
  const dns = await ui("/objects/dns");
  const zone = await ui(linkTo(dns, "paged (paged.example.)"));
  expect(zone).toContain('record sets <span class="count">(122)</span>');
  expect(zone).toContain("page 1 of 3");
  expect(zone).toContain('h000.paged.example. A</a> <span class="summary">ttl 60: 192.0.2.0</span>');
  const last = await ui(`${linkTo(dns, "paged (paged.example.)")}?group=record%20sets&page=3`);
  expect(last).toContain("page 3 of 3");
  expect(last).toContain("paged.example. SOA");
  const recordSet = await ui(linkTo(zone, "h001.paged.example. A"));
  expect(recordSet).toContain("&#34;rrdatas&#34;: [\n    &#34;192.0.2.1&#34;");
  expect(recordSet).toMatch(/Requests that touched it[\s\S]*POST<\/span> \/dns\/v1\/projects\/console\/managedZones\/paged\/changes/);
  await ui("/objects/dns/nothing/here", 404);
  await ui("/objects/nope", 404);
});

it("shows every API's objects: calendar rules and events, CI keys and follows, quota preferences, issues", async () => {
  const calendar = (await api("POST", "/calendar/v3/calendars", { summary: "Console team" })).body as { id: string };
  const calendarPath = `/calendar/v3/calendars/${encodeURIComponent(calendar.id)}`;
  await api("POST", `${calendarPath}/acl`, { scope: { type: "domain", value: "example.com" }, role: "reader" });
  await api("POST", `${calendarPath}/events`, { summary: "Retro", start: { dateTime: "2030-01-07T09:00:00Z" }, end: { dateTime: "2030-01-07T10:00:00Z" } });
  await emulator.request("POST", "/api/v1.1/project/vcs-a/acme/api-service/checkout-key", {
    token: null,
    headers: { "ci-token": TOKEN },
    body: { type: "deploy-key" },
  });
  await api("POST", "/v1/projects/console/locations/global/quotaPreferences?quotaPreferenceId=cpus", {
    service: "compute.googleapis.com",
    quotaId: "CPUS-per-project-region",
    dimensions: { region: "us-central1" },
    quotaConfig: { preferredValue: "1000" },
  });
  await api("POST", "/codehost/repos/acme/widgets/issues", { title: "console issue" });

  const calendars = await ui("/objects/calendar");
  const team = await ui(linkTo(calendars, "Console team"));
  expect(team).toContain('domain:example.com</a> <span class="summary">reader</span>');
  expect(team).toContain("Retro");
  // Without --calendar-users the token's user is `<token>@example.test`: shown redacted.
  expect(team).toContain("[REDACTED]@example.test");
  const ci = await ui("/objects/ci");
  expect(ci).toMatch(/vcs-a\/acme\/api-service[\s\S]*checkout key/);
  expect(await ui("/objects/quotas")).toContain("preferred 1000, granted");
  expect(await ui("/objects/codehost")).toContain("acme/widgets#1");
  expect(await ui("/objects/reports")).toContain("recent activities");
});

it("filters and pages the log, masks secrets in the detail, and streams answered requests", async () => {
  const stream = new AbortController();
  let events = "";
  const reading = fetch(`${emulator.baseUrl}${CONSOLE_PREFIX}/events?status=4xx`, { signal: stream.signal }).then(async (response) => {
    for await (const chunk of response.body ?? []) events += Buffer.from(chunk as Uint8Array).toString("utf8");
  });
  await api("GET", `${ZONES}/missing`);
  const token = await emulator.request("GET", "/computeMetadata/v1/instance/service-accounts/default/token", {
    token: null,
    headers: { "metadata-flavor": "Google" },
  });
  const issued = (token.body as { access_token: string }).access_token;
  const rows = async (query: string) =>
    (JSON.parse(await ui(`/data/requests?${query}`)) as { rows: Array<{ id: number; status: number; path: string; method: string }> }).rows;
  const failures = await rows("status=4xx");
  expect(failures.map((row) => row.status)).toEqual(failures.map(() => 404));
  expect(failures[0]?.path).toBe(`${ZONES}/missing`);
  expect((await rows("api=codehost")).map((row) => row.path)).toEqual(["/codehost/repos/acme/widgets/issues"]);
  expect((await rows("method=POST&q=changes")).map((row) => row.path)).toEqual([`${ZONES}/paged/changes`]);
  const newest = await rows("");
  expect(newest.length).toBeLessThanOrEqual(50);
  const older = await rows(`before=${newest[0]!.id}`);
  expect(older[0]?.id).toBe(newest[1]?.id);

  const tokenRow = (await rows("q=service-accounts/default/token"))[0]!;
  const detail = await ui(`/data/requests/${tokenRow.id}`);
  expect(detail).not.toContain(issued);
  expect(JSON.parse(detail)).toEqual(expect.objectContaining({ responseBody: expect.objectContaining({ access_token: "[REDACTED]" }) }));
  expect(await ui(`/requests?selected=${tokenRow.id}`)).toContain("[REDACTED]");

  for (let waited = 0; !events.includes("/missing") && waited < 100; waited++) await new Promise((resolve) => setTimeout(resolve, 50));
  stream.abort();
  await reading.catch(() => undefined);
  expect(events).toContain(`"path":"${ZONES}/missing"`);
  expect(events).not.toContain("/codehost/");
});

it("injects faults for the next N requests only, then clears them", async () => {
  // Nothing set: the controls say so in words, not as JSON's null or {}.
  const idle = await ui("/controls");
  expect(idle).toContain('id="faults-now" tabindex="0">none</pre>');
  expect(idle).toMatch(/id="speed-now" tabindex="0" data-speed="\{\}">none<\/pre>/);
  const configured = await fetch(`${emulator.baseUrl}/_emulator/faults`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ rate429: 1, pathPrefix: "/dns/v1/", count: 2 }),
  });
  expect(((await configured.json()) as { faults: { remaining: number } }).faults.remaining).toBe(2);
  const statuses = [];
  for (let i = 0; i < 3; i++) statuses.push((await api("GET", ZONES)).status);
  expect(statuses).toEqual([429, 429, 200]);
  expect(await (await fetch(`${emulator.baseUrl}/_emulator/faults`)).json()).toEqual({ faults: null });
  expect(await ui("/controls")).toContain("only the next N requests");
  expect(await ui("/controls")).toContain('id="faults-now" tabindex="0">none</pre>');
});

it("never showed the token", () => {
  expect(seen.length).toBeGreaterThan(10);
  for (const text of seen) expect(text).not.toContain(TOKEN);
});
