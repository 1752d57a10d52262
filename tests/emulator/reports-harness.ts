/** The reports API tests' shared set-up: an emulator with a CA its channel receivers trust, a recording receiver, googleapis clients per token, and waits for deliveries. */
import path from "node:path";
import { admin_reports_v1 } from "googleapis/build/src/apis/admin/reports_v1";
import { OAuth2Client } from "googleapis-common";
import type { ClientSchemas } from "../support/googleClientSchemas";
import { readClientSchemas, schemaProblems } from "../support/googleClientSchemas";
import type { TestCa } from "../support/tls";
import { makeTestCa, startRecordingReceiver, type RecordingReceiver } from "../support/tls";
import type { TestEmulator } from "./helpers";
import { startEmulator, TOKEN } from "./helpers";

export const OTHER_USER_TOKEN = "other-user-token";
export const OTHER_CLIENT_TOKEN = "other-client-token";
export const SERVICE_TOKEN = "service-account-token";

export let client: ClientSchemas;
export let ca: TestCa;
export let emulator: TestEmulator;
export let reports: admin_reports_v1.Admin;
export let receiver: RecordingReceiver;

beforeAll(async () => {
  client = readClientSchemas({
    declarationFile: path.join(path.dirname(require.resolve("googleapis/package.json")), "build/src/apis/admin/reports_v1.d.ts"),
    namespace: "admin_reports_v1",
    apiClass: "Admin",
  });
  ca = makeTestCa();
  receiver = await startRecordingReceiver(ca);
  emulator = await startEmulator({
    trustCa: ca.caPem,
    channelDelivery: { retryBaseMs: 20, maxAttempts: 4 },
    reports: {
      owners: {
        [TOKEN]: { user: "admin@example.test", client: "console", serviceAccount: false },
        [OTHER_USER_TOKEN]: { user: "bob@example.test", client: "console", serviceAccount: false },
        [OTHER_CLIENT_TOKEN]: { user: "admin@example.test", client: "other-client", serviceAccount: false },
        [SERVICE_TOKEN]: { user: "robot@example.test", client: "console", serviceAccount: true },
      },
      nonAdmins: [OTHER_USER_TOKEN],
    },
  });
  reports = clientFor(TOKEN);
});

afterAll(async () => {
  await emulator.close();
  await receiver.close();
});

beforeEach(async () => {
  await emulator.request("POST", "/_emulator/reset");
  receiver.received.length = 0;
  receiver.answers.clear();
});

export function clientFor(token: string): admin_reports_v1.Admin {
  const auth = new OAuth2Client();
  auth.setCredentials({ access_token: token });
  return new admin_reports_v1.Admin({ rootUrl: `${emulator.baseUrl}/`, auth });
}

export function expectSchema(schema: string, data: unknown): void {
  expect(schemaProblems(client, schema, data)).toEqual([]);
}

export async function until<T>(what: string, probe: () => T | undefined): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export async function addActivity(events: Array<{ name: string; parameters?: Record<string, unknown> }>, actorEmail?: string): Promise<number> {
  const { status, body } = await emulator.request<{ added: Array<{ notifiedChannels: number }> }>("POST", "/_emulator/reports/activities", {
    body: { activities: [{ events, ...(actorEmail !== undefined && { actorEmail }) }] },
    token: null,
  });
  expect(status).toBe(200);
  return body.added[0]?.notifiedChannels ?? -1;
}

export function watchBody(id: string, extra: Record<string, unknown> = {}): admin_reports_v1.Schema$Channel {
  return { id, type: "web_hook", address: `${receiver.url}/hook`, token: "target=audit", ...extra };
}

export async function deliveries(): Promise<Array<{ channelId: string; messageNumber: number; state: string; attempts: unknown[]; outcome: string }>> {
  const { body } = await emulator.request<{ deliveries: [] }>("GET", "/_emulator/reports/channels", { token: null });
  return body.deliveries;
}

/** The delivery log once it holds `count` messages, none of them still under way. */
export async function settledDeliveries(count: number): Promise<Awaited<ReturnType<typeof deliveries>>> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const all = await deliveries();
    if (all.length === count && all.every((record) => record.outcome !== "pending")) return all;
    if (Date.now() > deadline) throw new Error(`deliveries did not settle: ${JSON.stringify(all)}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
