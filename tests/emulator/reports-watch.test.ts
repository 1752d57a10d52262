/** The reports API through googleapis: activities.watch and channels.stop, the command line, shutdown. */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { admin_reports_v1 } from "googleapis/build/src/apis/admin/reports_v1";
import { makeTestCa, startHttpsReceiver, writeCaFile } from "../support/tls";
import { apis } from "../../emulator/apis";
import { parseCommandLine } from "../../emulator/command-line";
import { startEmulator, TOKEN } from "./helpers";
import {
  OTHER_USER_TOKEN,
  OTHER_CLIENT_TOKEN,
  SERVICE_TOKEN,
  ca,
  emulator,
  reports,
  receiver,
  clientFor,
  expectSchema,
  until,
  addActivity,
  watchBody,
  settledDeliveries,
} from "./reports-harness";

describe("activities.watch and channels.stop", () => {
  it("sends the sync message, then a notification with the activity for each new matching activity", async () => {
    const watched = await reports.activities.watch({ userKey: "all", applicationName: "token", eventName: "authorize", requestBody: watchBody("audit-1") });
    expectSchema("Channel", watched.data);
    expect(watched.data).toEqual(expect.objectContaining({ kind: "api#channel", id: "audit-1", token: "target=audit" }));
    const sync = await until("the sync message", () => receiver.received[0]);
    expect(sync.headers).toEqual(
      expect.objectContaining({
        "x-svc-channel-id": "audit-1",
        "x-svc-message-number": "1",
        "x-svc-resource-state": "sync",
        "x-svc-resource-id": watched.data.resourceId,
        "x-svc-resource-uri": watched.data.resourceUri,
        "x-svc-channel-token": "target=audit",
        "x-svc-channel-expiration": new Date(Number(watched.data.expiration)).toUTCString(),
      }),
    );
    expect(await addActivity([{ name: "revoke" }])).toBe(0);
    expect(await addActivity([{ name: "request" }, { name: "authorize" }])).toBe(1);
    expect(await addActivity([{ name: "authorize", parameters: { app_name: "New App" } }])).toBe(1);
    await until("two notifications", () => (receiver.received.length >= 3 ? true : undefined));
    const [first, second] = receiver.received
      .slice(1)
      .map((message) => ({ headers: message.headers, activity: JSON.parse(message.body) as admin_reports_v1.Schema$Activity }));
    expect(first?.headers["x-svc-resource-state"]).toBe("authorize");
    expect(first?.activity.events?.map((event) => event.name)).toEqual(["request", "authorize"]);
    expectSchema("Activity", first?.activity);
    const numbers = [sync, ...receiver.received.slice(1)].map((message) => Number(message.headers["x-svc-message-number"]));
    expect(numbers[1]! - numbers[0]!).toBeGreaterThan(1);
    expect(numbers[2]! - numbers[1]!).toBeGreaterThan(1);
    expect(second?.activity.events?.[0]?.parameters).toContainEqual({ name: "app_name", value: "New App" });
    // Notifications concern only the watched user when one is named.
    await reports.activities.watch({ userKey: "carol@example.test", applicationName: "token", requestBody: watchBody("audit-carol") });
    expect(await addActivity([{ name: "activity" }], "dave@example.test")).toBe(0);
    expect(await addActivity([{ name: "authorize" }], "carol@example.test")).toBe(2);
  });

  it("retries 500, 502, 503 and 504 with backoff; any other status is a failed delivery", async () => {
    receiver.answers.set("retried", [503, 500]);
    await reports.activities.watch({ userKey: "all", applicationName: "token", requestBody: watchBody("retried") });
    await until("the sync after two retries", () =>
      receiver.received.filter((m) => m.headers["x-svc-channel-id"] === "retried").length >= 3 ? true : undefined,
    );
    receiver.answers.set("retried", [404]);
    await addActivity([{ name: "authorize" }]);
    const settled = await settledDeliveries(2);
    expect(settled.map(({ state, attempts, outcome }) => ({ state, attempts, outcome }))).toEqual([
      { state: "sync", attempts: [503, 500, 200], outcome: "delivered" },
      { state: "authorize", attempts: [404], outcome: "failed" },
    ]);
  });

  it("checks the channel: web_hook, HTTPS, unique id, id and token lengths; expiration is the more restrictive", async () => {
    const watch = (body: Record<string, unknown>): Promise<{ status: number; body: { error?: { message: string } } & Record<string, unknown> }> =>
      emulator.request("POST", "/admin/reports/v1/activity/users/all/applications/token/watch", { body });
    expect((await watch({ id: "a", type: "web_hook", address: "http://127.0.0.1/hook" })).status).toBe(400);
    expect((await watch({ id: "a", type: "email", address: `${receiver.url}/hook` })).status).toBe(400);
    expect((await watch({ id: "x".repeat(65), type: "web_hook", address: `${receiver.url}/hook` })).status).toBe(400);
    const longToken = await watch({ id: "a", type: "web_hook", address: `${receiver.url}/hook`, token: "t".repeat(257) });
    expect(longToken.status).toBe(400);
    expect(JSON.stringify(longToken.body)).not.toContain("t".repeat(257));
    const soon = Date.now() + 60_000;
    const first = await watch({ id: "a", type: "web_hook", address: `${receiver.url}/hook`, expiration: String(soon) });
    expect(first.status).toBe(200);
    expect(first.body["expiration"]).toBe(String(soon));
    expect(first.body["token"]).toBeUndefined();
    expect((await watch({ id: "a", type: "web_hook", address: `${receiver.url}/hook` })).status).toBe(400);
    const capped = await watch({ id: "b", type: "web_hook", address: `${receiver.url}/hook`, expiration: String(Date.now() + 30 * 24 * 3600_000) });
    expect(Number(capped.body["expiration"])).toBeLessThanOrEqual(Date.now() + 21_600_000);
    const byTtl = await watch({ id: "c", type: "web_hook", address: `${receiver.url}/hook`, params: { ttl: "30" } });
    expect(Number(byTtl.body["expiration"])).toBeLessThanOrEqual(Date.now() + 30_000);
    expect((await watch({ id: "d", type: "web_hook", address: `${receiver.url}/hook`, params: { ttl: "soon" } })).status).toBe(400);
  });

  it("stops a channel only for the same user and client (any user of the client for a service account); a wrong resourceId is 404", async () => {
    const made = (await reports.activities.watch({ userKey: "all", applicationName: "token", requestBody: watchBody("owned") })).data;
    const stop = (token: string, body: Record<string, unknown>): Promise<{ status: number; body: { error?: { message: string } } }> =>
      emulator.request("POST", "/admin/reports_v1/channels/stop", { body, token });
    expect((await stop(TOKEN, { id: "owned", resourceId: "wrong" })).status).toBe(404);
    const otherUser = await stop(OTHER_USER_TOKEN, { id: "owned", resourceId: made.resourceId });
    expect(otherUser.status).toBe(403);
    expect(otherUser.body.error?.message).toContain("created by another user or OAuth client");
    expect((await stop(OTHER_CLIENT_TOKEN, { id: "owned", resourceId: made.resourceId })).status).toBe(403);
    const stopped = await clientFor(TOKEN).channels.stop({ requestBody: { id: "owned", resourceId: made.resourceId } });
    expect(stopped.status).toBe(204);
    expect((await stop(TOKEN, { id: "owned", resourceId: made.resourceId })).status).toBe(404);
    expect(await addActivity([{ name: "authorize" }])).toBe(0);

    const robot = (await clientFor(SERVICE_TOKEN).activities.watch({ userKey: "all", applicationName: "token", requestBody: watchBody("robot") })).data;
    expect((await stop(OTHER_CLIENT_TOKEN, { id: "robot", resourceId: robot.resourceId })).status).toBe(403);
    expect((await stop(OTHER_USER_TOKEN, { id: "robot", resourceId: robot.resourceId })).status).toBe(204);
  });

  it("never records a channel token in the request log, and counts a receiver of an untrusted CA as a failed delivery", async () => {
    const stranger = makeTestCa("stranger CA");
    const untrusted = await startHttpsReceiver(stranger, (_request, response) => response.end());
    try {
      await reports.activities.watch({
        userKey: "all",
        applicationName: "token",
        requestBody: { ...watchBody("untrusted"), address: `${untrusted.url}/hook` },
      });
      const { body } = await emulator.request<{ requests: Array<{ body: unknown }> }>("GET", "/_emulator/requests?method=POST", { token: null });
      expect(JSON.stringify(body.requests)).not.toContain("target=audit");
      const [record] = await settledDeliveries(1);
      expect(record).toEqual(
        expect.objectContaining({ channelId: "untrusted", outcome: "failed", attempts: [expect.stringMatching(/CERT|SELF_SIGNED|UNABLE/)] }),
      );
    } finally {
      await untrusted.close();
    }
  });
});

describe("command line", () => {
  it("reads --trust-ca files and the reports flags into the options", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "svc-ca-"));
    try {
      const file = writeCaFile(ca, path.join(dir, "ca.pem"));
      const parsed = parseCommandLine(
        [
          "--trust-ca",
          file,
          "--reports-seed-activities",
          "10",
          "--reports-channel-max-ttl",
          "60",
          "--reports-owner",
          "tk=alice@example.test:cli:service",
          "--reports-non-admins",
          "u1,u2",
        ],
        apis,
      );
      expect(parsed).not.toBe("help");
      if (parsed === "help") return;
      expect(parsed.emulatorOptions.trustCa).toEqual([ca.caPem]);
      expect(parsed.emulatorOptions.reports).toEqual({
        seedActivities: 10,
        channelMaxTtlSeconds: 60,
        owners: { tk: { user: "alice@example.test", client: "cli", serviceAccount: true } },
        nonAdmins: ["u1", "u2"],
      });
      writeFileSync(path.join(dir, "not.pem"), "hello");
      expect(() => parseCommandLine(["--trust-ca", path.join(dir, "not.pem")], apis)).toThrow(/must be a PEM certificate/);
      expect(() => parseCommandLine(["--reports-owner", "tk=alice"], apis)).toThrow(/<token>=<user>:<oauth client>/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("shutdown", () => {
  it("closes without waiting for deliveries under way (a receiver that never receiver.answers)", async () => {
    let arrived = false;
    const stuck = await startHttpsReceiver(ca, () => void (arrived = true));
    const own = await startEmulator({ trustCa: ca.caPem });
    try {
      const watched = await own.request("POST", "/admin/reports/v1/activity/users/all/applications/token/watch", {
        body: { id: "stuck", type: "web_hook", address: `${stuck.url}/hook` },
      });
      expect(watched.status).toBe(200);
      await until("the sync to reach the receiver", () => (arrived ? true : undefined));
      const started = Date.now();
      await own.close();
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      await stuck.close();
    }
  });
});
