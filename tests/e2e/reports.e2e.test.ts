/**
 * Activity reports end to end with the real Pulumi engine (examples/reports-watch):
 * the conformance run of ActivityWatchChannel with a real HTTPS receiver built
 * with `notificationHandler` (sync, a notification per added activity, 401 for a
 * wrong token, retries while the callback throws), a replacement that starts the
 * new channel before stopping the old, import by `{channelId}/{resourceId}`,
 * destroy as one stop; expiration (refresh drops, up recreates); getActivities
 * paging and typing; bad input at preview; the token never in plain text.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import https from "node:https";
import { notificationHandler, type ActivityNotification } from "../../provider/apis/reports/notificationHandler";
import { runConformance } from "../support/conformance";
import { startEmulator, type RunningEmulator } from "../support/emulatorControl";
import { openStack, type TestStack } from "../support/stacks";
import { makeTestCa, startHttpsReceiver, type HttpsReceiver, type TestCa } from "../support/tls";
import { requireEngine } from "../support/toolchain";

const CHANNEL_TOKEN = "target=e2e-audit&k=7f3a9c1d2e";
const STOP_PATH = "/admin/reports_v1/channels/stop";
const ACTIVITIES_PATH = "/admin/reports/v1/activity/users/all/applications/token";

interface Message {
  path: string;
  channelId: string;
  state: string;
  at: number;
  notification?: ActivityNotification;
}

let emulator: RunningEmulator;
let testCa: TestCa;
let receiver: HttpsReceiver;
const messages: Message[] = [];
let callbackFailures = 0;

beforeAll(async () => {
  requireEngine();
  const ca = (testCa = makeTestCa());
  emulator = await startEmulator("e2e-reports-token", { trustCa: ca.caPem, channelDelivery: { retryBaseMs: 200 } });
  const handle = (path: string) =>
    notificationHandler({
      token: CHANNEL_TOKEN,
      onSync: (message) => void messages.push({ path, channelId: message.channelId, state: "sync", at: Date.now() }),
      onNotification: (notification) => {
        if (callbackFailures > 0) {
          callbackFailures -= 1;
          throw new Error("the audit database is down");
        }
        messages.push({ path, channelId: notification.channelId, state: notification.resourceState, at: Date.now(), notification });
      },
    });
  const handlers = new Map([
    ["/a", handle("/a")],
    ["/b", handle("/b")],
  ]);
  receiver = await startHttpsReceiver(ca, (request: IncomingMessage, response: ServerResponse) => {
    const handler = handlers.get(request.url ?? "");
    if (handler === undefined) {
      response.statusCode = 404;
      response.end();
      return;
    }
    handler(request, response);
  });
});

afterAll(async () => {
  await emulator?.close();
  await receiver?.close();
});

beforeEach(async () => {
  await emulator.reset();
  messages.length = 0;
});

async function until<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function addAuthorize(appName: string): Promise<{ uniqueQualifier: string }> {
  const response = await fetch(`${emulator.url}/_emulator/reports/activities`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ activities: [{ events: [{ name: "authorize", parameters: { app_name: appName } }] }] }),
  });
  const body = (await response.json()) as { added: Array<{ activity: { id: { uniqueQualifier: string } } }> };
  return { uniqueQualifier: body.added[0]!.activity.id.uniqueQualifier };
}

async function deliveries(): Promise<Array<{ channelId: string; state: string; attempts: unknown[]; outcome: string }>> {
  const response = await fetch(`${emulator.url}/_emulator/reports/channels`);
  return ((await response.json()) as { deliveries: [] }).deliveries;
}

function open(config: Record<string, string>): Promise<TestStack> {
  const values = Object.fromEntries(Object.entries(config).map(([key, value]) => [key, { value }]));
  return openStack("reports-watch", emulator, {
    "svc:reportsToken": { value: emulator.token, secret: true },
    channelToken: { value: CHANNEL_TOKEN, secret: true },
    ...values,
  });
}

/** A POST to the test receiver, trusting the test CA as the emulator does. */
function postTo(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = https.request(url, { method: "POST", ca: testCa.caPem, headers: { ...headers, "Content-Type": "application/json" } }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on("error", reject);
    request.end("{}");
  });
}

function expectNoPlainToken(text: string): void {
  expect(text).not.toContain(CHANNEL_TOKEN);
}

describe("an activity watch channel (examples/reports-watch)", () => {
  let test: TestStack | undefined;

  afterEach(async () => {
    await test?.dispose();
    test = undefined;
  });

  it("goes through the conformance run with a live receiver: notifications, retries, new-before-old replacement, import, one stop", async () => {
    test = await open({ address: `${receiver.url}/a` });
    let firstChannel = "";
    await runConformance(test, emulator, {
      created: 2,
      afterUp: async (outputs) => {
        firstChannel = String(outputs["channelId"]?.value);
        expect(firstChannel).toMatch(/^token-audit-[0-9a-f]{8}$/);
        await until("the sync message", () => messages.find((m) => m.channelId === firstChannel && m.state === "sync"));

        const added = await addAuthorize("Audit Probe");
        const delivered = await until("the notification", () => messages.find((m) => m.state === "authorize"));
        expect(delivered.notification?.activity?.id.uniqueQualifier).toBe(added.uniqueQualifier);
        expect(delivered.notification?.activity?.events[0]?.token).toEqual(expect.objectContaining({ event: "authorize", app_name: "Audit Probe" }));
        expect(messages.filter((m) => m.state === "authorize")).toHaveLength(1);

        const forged = await postTo(`${receiver.url}/a`, {
          "X-Svc-Channel-ID": firstChannel,
          "X-Svc-Message-Number": "999",
          "X-Svc-Resource-ID": "forged",
          "X-Svc-Resource-State": "authorize",
          "X-Svc-Channel-Token": "target=forged",
        });
        expect(forged).toBe(401);
        expect(messages.filter((m) => m.state === "authorize")).toHaveLength(1);

        callbackFailures = 1;
        const retried = await addAuthorize("Flaky Callback");
        const arrived = await until("the notification after a retry", () =>
          messages.find((m) => m.notification?.activity?.id.uniqueQualifier === retried.uniqueQualifier),
        );
        expect(arrived.channelId).toBe(firstChannel);
        const record = (await deliveries()).filter((d) => d.state === "authorize").at(-1);
        expect(record).toEqual(expect.objectContaining({ attempts: [500, 200], outcome: "delivered" }));

        // getActivities in the program: 250 seeded activities, 100 a request, three requests.
        expect(outputs["activityCount"]?.value).toBe(250);
        const pages = (await emulator.requests({ method: "GET", pathPrefix: ACTIVITIES_PATH })).filter((r) => r.query["maxResults"] === "100");
        expect(pages).toHaveLength(3);
        expect(outputs["callsByProduct"]?.value).toEqual(expect.objectContaining({ CALENDAR: expect.any(Number), MAIL: expect.any(Number) }));
        for (const message of outputs["latestMessages"]?.value as string[]) {
          expect(message).toMatch(/ (called .+ on behalf of|authorized access to|requested access to|revoked access to) /);
        }
        const revokeNames = outputs["revokeEventNames"]?.value as string[][];
        expect(revokeNames.length).toBeGreaterThan(0);
        expect(revokeNames.every((names) => names.includes("revoke"))).toBe(true);
      },
      updates: [],
      replaces: [
        {
          what: "a new address replaces the channel: the new one is watched before the old one is stopped",
          config: { address: { value: `${receiver.url}/b` } },
          changes: { same: 1, replace: 1 },
          verify: async () => {
            const writes = (await emulator.requests({ method: "POST" })).filter((r) => r.path.endsWith("/watch") || r.path === STOP_PATH);
            const [watch, stop] = writes.slice(-2);
            expect(watch?.path).toMatch(/\/watch$/);
            expect(stop).toEqual(expect.objectContaining({ path: STOP_PATH, body: expect.objectContaining({ id: firstChannel }) }));
            const next = (watch?.body as { id: string }).id;
            expect(next).not.toBe(firstChannel);
            // The new channel reached the receiver (at /b) while the old one still lived: no gap.
            await until("the new channel's sync", () => messages.find((m) => m.channelId === next && m.state === "sync" && m.path === "/b"));
            const live = (await emulator.objects())["reports"] as { channels: Array<{ id: string; address: string }> };
            expect(live.channels).toEqual([expect.objectContaining({ id: next, address: `${receiver.url}/b` })]);
          },
        },
      ],
      imports: [{ what: "import by {channelId}/{resourceId}", urnSuffix: "::token-audit", configKey: "importId" }],
      nothingLeft: (objects) => expect((objects["reports"] as { channels: unknown[] }).channels).toEqual([]),
    });
    // One stop for the replacement, one for destroy.
    expect(await emulator.requests({ method: "POST", pathPrefix: STOP_PATH })).toHaveLength(2);
    expectNoPlainToken(await test.stateText());
    expectNoPlainToken(test.output.join("\n"));
    expectNoPlainToken(JSON.stringify(await emulator.requests()));
  });

  it("drops a channel past its expiration at refresh, and the next up makes a new one", async () => {
    test = await open({ address: `${receiver.url}/a`, ttlSeconds: "2" });
    const first = await test.stack.up();
    const expiration = Date.parse(String(first.outputs["effectiveExpiration"]?.value));
    expect(expiration - Date.now()).toBeLessThanOrEqual(2_000);
    await until("the expiration", () => (Date.now() > expiration + 100 ? true : undefined), 10_000);
    expect((await test.stack.refresh()).summary.resourceChanges).toEqual({ same: 1, delete: 1 });
    const second = await test.stack.up();
    expect(second.summary.resourceChanges).toEqual({ same: 1, create: 1 });
    expect(second.outputs["channelId"]?.value).not.toBe(first.outputs["channelId"]?.value);
    expectNoPlainToken(await test.stateText());
  });

  it("fails at preview on bad input, naming each property, with no watch sent", async () => {
    const longToken = `t=${"x".repeat(300)}`;
    test = await open({ address: "http://hooks.example.test/a", userKey: "not-a-user", channelId: "c".repeat(65), filters: '["app_name"]' });
    await test.stack.setConfig("channelToken", { value: longToken, secret: true });
    const failure = await test.stack.preview().then(
      () => "",
      (error: unknown) => String(error),
    );
    for (const property of ["address", "token", "channelId", "filters", "userKey"]) expect(failure).toMatch(new RegExp(`property ${property}\\b`));
    expect(failure).toMatch(/https:\/\/ URL/);
    expect(failure).toMatch(/<parameter>=<value>/);
    expect(failure).not.toContain(longToken);
    expect((await emulator.requests({ method: "POST" })).filter((r) => r.path.endsWith("/watch"))).toEqual([]);
  });
});
