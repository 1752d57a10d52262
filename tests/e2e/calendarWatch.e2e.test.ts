/**
 * The calendar's WatchChannel end to end with the real Pulumi engine
 * (examples/calendar-watch), one stack throughout: the conformance run with a
 * live HTTPS receiver (the sync message, then a notification after the
 * program's ACL change, each with the channel id and token; a new address
 * replaces the channel new-before-old; import by `{channelId}/{resourceId}`;
 * destroy as one stop), then a channel past its expiration made anew by the
 * next `up`, then bad input refused at preview with no request sent.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { runConformance } from "../support/conformance";
import { startEmulator, type RunningEmulator } from "../support/emulatorControl";
import { openStack, type TestStack } from "../support/stacks";
import { makeTestCa, startHttpsReceiver, type HttpsReceiver } from "../support/tls";
import { requireEngine } from "../support/toolchain";

const CHANNEL_TOKEN = "target=calendar-acl&k=41c9e0";
const STOP_PATH = "/calendar/v3/channels/stop";

interface Message {
  path: string;
  channelId: string;
  token: string;
  state: string;
  resourceId: string;
}

let emulator: RunningEmulator;
let receiver: HttpsReceiver;
let test: TestStack | undefined;
const messages: Message[] = [];

beforeAll(async () => {
  requireEngine();
  const ca = makeTestCa();
  emulator = await startEmulator("e2e-calendar-watch", { trustCa: ca.caPem, channelDelivery: { retryBaseMs: 200 } });
  receiver = await startHttpsReceiver(ca, (request: IncomingMessage, response: ServerResponse) => {
    const header = (name: string): string => String(request.headers[name] ?? "");
    messages.push({
      path: request.url ?? "",
      channelId: header("x-svc-channel-id"),
      token: header("x-svc-channel-token"),
      state: header("x-svc-resource-state"),
      resourceId: header("x-svc-resource-id"),
    });
    request.resume();
    response.end();
  });
});

afterAll(async () => {
  await test?.dispose();
  await emulator?.close();
  await receiver?.close();
});

async function until<T>(what: string, probe: () => T | undefined, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(messages)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Once every message sent so far has reached the receiver (or failed). */
async function deliveriesSettled(): Promise<void> {
  for (const deadline = Date.now() + 120_000; ;) {
    const response = await fetch(`${emulator.url}/_emulator/calendar/channels`);
    const { deliveries } = (await response.json()) as { deliveries: Array<{ outcome: string }> };
    if (deliveries.every((delivery) => delivery.outcome !== "pending")) return;
    if (Date.now() > deadline) throw new Error(`deliveries still pending: ${JSON.stringify(deliveries)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const watches = async (): Promise<number> => (await emulator.requests({ method: "POST" })).filter((r) => r.path.endsWith("/watch")).length;

it("watches a team calendar's access rules (examples/calendar-watch): conformance, expiration, bad input", async () => {
  await emulator.reset();
  test = await openStack("calendar-watch", emulator, {
    "svc:calendarToken": { value: emulator.token, secret: true },
    channelToken: { value: CHANNEL_TOKEN, secret: true },
    address: { value: `${receiver.url}/a` },
  });
  const { stack } = test;
  let first = { channelId: "", resourceId: "" };
  const notificationsOf = (channelId: string): Message[] => messages.filter((m) => m.channelId === channelId && m.state === "exists");
  let notifiedBefore = 0;

  await runConformance(test, emulator, {
    created: 4,
    afterUp: async (outputs) => {
      first = { channelId: String(outputs["channelId"]?.value), resourceId: String(outputs["resourceId"]?.value) };
      expect(first.channelId).toMatch(/^team-acl-[0-9a-f]{8}$/);
      const sync = await until("the sync message", () => messages.find((m) => m.channelId === first.channelId && m.state === "sync"));
      expect(sync).toEqual({ path: "/a", channelId: first.channelId, token: CHANNEL_TOKEN, state: "sync", resourceId: first.resourceId });
      // The rule is made beside the channel: its insert may or may not have been a notification.
      await deliveriesSettled();
      notifiedBefore = notificationsOf(first.channelId).length;
    },
    updates: [
      {
        what: "the program's role change notifies the channel",
        config: { editorRole: { value: "writer" } },
        changes: { same: 3, update: 1 },
        verify: async () => {
          const notified = await until("the notification of the ACL change", () => notificationsOf(first.channelId)[notifiedBefore]);
          expect(notified).toEqual({ path: "/a", channelId: first.channelId, token: CHANNEL_TOKEN, state: "exists", resourceId: first.resourceId });
        },
      },
    ],
    replaces: [
      {
        what: "a new address replaces the channel: the new one is watched before the old one is stopped",
        config: { address: { value: `${receiver.url}/b` } },
        changes: { same: 3, replace: 1 },
        verify: async () => {
          const writes = (await emulator.requests({ method: "POST" })).filter((r) => r.path.endsWith("/acl/watch") || r.path === STOP_PATH);
          const [watch, stop] = writes.slice(-2);
          expect(watch?.path).toMatch(/\/acl\/watch$/);
          expect(stop).toEqual(expect.objectContaining({ path: STOP_PATH, body: { id: first.channelId, resourceId: first.resourceId } }));
          const next = (watch?.body as { id: string }).id;
          expect(next).not.toBe(first.channelId);
          await until("the new channel's sync", () => messages.find((m) => m.channelId === next && m.state === "sync" && m.path === "/b"));
          const live = (await emulator.objects())["calendar"] as { channels: Array<{ id: string; address: string }> };
          expect(live.channels).toEqual([expect.objectContaining({ id: next, address: `${receiver.url}/b` })]);
        },
      },
    ],
    imports: [{ what: "import by {channelId}/{resourceId}", urnSuffix: "::team-acl", configKey: "importId" }],
    nothingLeft: (objects) => {
      const calendar = objects["calendar"] as { channels: unknown[]; calendars: unknown[]; aclRules: unknown[] };
      expect({ channels: calendar.channels, calendars: calendar.calendars, aclRules: calendar.aclRules }).toEqual({
        channels: [],
        calendars: [],
        aclRules: [],
      });
    },
  });
  // One stop for the replacement (checked above), one for destroy.
  expect(await emulator.requests({ method: "POST", pathPrefix: STOP_PATH })).toHaveLength(2);
  expect(await test.stateText()).not.toContain(CHANNEL_TOKEN);
  expect(test.output.join("\n")).not.toContain(CHANNEL_TOKEN);
  expect(JSON.stringify(await emulator.requests())).not.toContain(CHANNEL_TOKEN);

  // Past its expiration, a channel reads as gone: the next up (with its refresh) makes a new one.
  await stack.removeConfig("importId");
  await stack.setConfig("ttlSeconds", { value: "2" });
  const short = await stack.up();
  const expiration = Date.parse(String(short.outputs["effectiveExpiration"]?.value));
  expect(expiration - Date.now()).toBeLessThanOrEqual(2_000);
  await until("the expiration", () => (Date.now() > expiration + 100 ? true : undefined), 10_000);
  const renewed = await stack.up({ refresh: true });
  expect(renewed.summary.resourceChanges?.["create"]).toBe(1);
  expect(renewed.outputs["channelId"]?.value).not.toBe(short.outputs["channelId"]?.value);
  expect(renewed.outputs["channelId"]?.value).toMatch(/^team-acl-[0-9a-f]{8}$/);

  // Bad input fails at preview, naming each property, and nothing is sent.
  const watchesBefore = await watches();
  const longToken = `t=${"x".repeat(300)}`;
  await stack.setAllConfig({
    address: { value: "http://hooks.example.test/a" },
    channelId: { value: "c".repeat(65) },
    channelToken: { value: longToken, secret: true },
  });
  const failure = await stack.preview().then(
    () => "",
    (error: unknown) => String(error),
  );
  for (const property of ["address", "token", "channelId"]) expect(failure).toMatch(new RegExp(`property ${property}\\b`));
  expect(failure).toMatch(/https:\/\/ URL/);
  expect(failure).toMatch(/at most 256 characters; got 302 characters/);
  expect(failure).not.toContain(longToken);
  expect(await watches()).toBe(watchesBefore);
  // Put back, so the stack's disposal can stop the live channel.
  await stack.setAllConfig({ address: { value: `${receiver.url}/a` }, channelToken: { value: CHANNEL_TOKEN, secret: true } });
  await stack.removeConfig("channelId");
});
