/**
 * `svc.reports.notificationHandler` on a plain HTTP server: the token check
 * (401, body not read), sync as initialisation, the typed activity, repeats
 * dropped by message number, and 200 only once the callback resolved (500
 * while it throws, so the service retries).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { notificationHandler, type ActivityNotification } from "../../provider/apis/reports/notificationHandler";

const TOKEN = "target=audit&k=42";
const ACTIVITY = {
  kind: "admin#reports#activity",
  id: { time: "2026-01-01T00:00:00.000Z", uniqueQualifier: "-123", applicationName: "token", customerId: "C1" },
  actor: { email: "alice@example.test", profileId: "1001" },
  events: [
    {
      type: "auth",
      name: "authorize",
      parameters: [
        { name: "app_name", value: "Calendar Sync" },
        { name: "client_id", value: "1-x.apps.googleusercontent.com" },
        { name: "client_type", value: "WEB" },
        { name: "scope", value: "https://www.googleapis.com/auth/calendar" },
      ],
    },
  ],
};

let server: http.Server;
let url: string;
const notifications: ActivityNotification[] = [];
const syncs: number[] = [];
let failuresLeft = 0;

beforeAll(async () => {
  const handler = notificationHandler({
    token: TOKEN,
    onSync: (message) => void syncs.push(message.messageNumber),
    onNotification: async (notification) => {
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        throw new Error("the database is down");
      }
      notifications.push(notification);
    },
  });
  server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function post(number: number, state: string, body?: string, token: string | null = TOKEN): Promise<number> {
  return fetch(url, {
    method: "POST",
    headers: {
      "X-Svc-Channel-ID": "audit-1",
      "X-Svc-Message-Number": String(number),
      "X-Svc-Resource-ID": "res-1",
      "X-Svc-Resource-State": state,
      "X-Svc-Resource-URI": "https://admin.example.test/admin/reports/v1/activity/users/all/applications/token",
      ...(token !== null && { "X-Svc-Channel-Token": token }),
      ...(body !== undefined && { "Content-Type": "application/json" }),
    },
    ...(body !== undefined && { body }),
  }).then((response) => response.status);
}

it("rejects a wrong or missing token with 401 without reading the body", async () => {
  expect(await post(7, "authorize", "{not json", "target=audit&k=43")).toBe(401);
  expect(await post(7, "authorize", "{not json", null)).toBe(401);
  expect(notifications).toEqual([]);
});

it("takes the sync as initialisation, then delivers each notification once with its typed activity", async () => {
  expect(await post(1, "sync")).toBe(200);
  expect(syncs).toEqual([1]);
  expect(await post(4, "authorize", JSON.stringify(ACTIVITY))).toBe(200);
  expect(await post(4, "authorize", JSON.stringify(ACTIVITY))).toBe(200);
  expect(notifications).toHaveLength(1);
  expect(notifications[0]).toEqual(expect.objectContaining({ channelId: "audit-1", messageNumber: 4, resourceState: "authorize" }));
  expect(notifications[0]?.activity?.events[0]?.token).toEqual(expect.objectContaining({ event: "authorize", client_type: "WEB", app_name: "Calendar Sync" }));
  expect(await post(9, "authorize", JSON.stringify({ ...ACTIVITY, id: { ...ACTIVITY.id, uniqueQualifier: "x" } }))).toBe(400);
});

it("answers 500 while the callback throws, so the service retries, and 200 once it succeeds", async () => {
  notifications.length = 0;
  failuresLeft = 1;
  expect(await post(12, "authorize", JSON.stringify(ACTIVITY))).toBe(500);
  expect(notifications).toEqual([]);
  expect(await post(12, "authorize", JSON.stringify(ACTIVITY))).toBe(200);
  expect(notifications.map((n) => n.messageNumber)).toEqual([12]);
});
