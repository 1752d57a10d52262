/** The calendar client tests' shared set-up. */
import path from "node:path";
import { calendar_v3 } from "googleapis/build/src/apis/calendar/v3";
import { OAuth2Client } from "googleapis-common";
import { createEmulator, type Emulator } from "../../emulator/server";
import type { CalendarStore } from "../../emulator/apis/calendar/store";
import type { ClientSchemas } from "../support/googleClientSchemas";
import { checkedCaller, readClientSchemas } from "../support/googleClientSchemas";

jest.setTimeout(60_000);

/** Section B of the spec, without the watch methods and channels.stop (push channels come with the reports API). */
export const SPEC_METHODS = [
  "acl.delete",
  "acl.get",
  "acl.insert",
  "acl.list",
  "acl.patch",
  "acl.update",
  "calendarList.delete",
  "calendarList.get",
  "calendarList.insert",
  "calendarList.list",
  "calendarList.patch",
  "calendarList.update",
  "calendars.clear",
  "calendars.delete",
  "calendars.get",
  "calendars.insert",
  "calendars.patch",
  "calendars.update",
  "colors.get",
  "events.delete",
  "events.get",
  "events.import",
  "events.insert",
  "events.instances",
  "events.list",
  "events.move",
  "events.patch",
  "events.quickAdd",
  "events.update",
  "freebusy.query",
  "settings.get",
  "settings.list",
];

export const ALICE = "alice-token";
export const BOB = "bob-token";
export const ALICE_EMAIL = "alice@corp.example";
export const BOB_EMAIL = "bob@corp.example";

export let client: ClientSchemas;
export let emulator: Emulator;
export let baseUrl: string;
export let alice: calendar_v3.Calendar;
export let bob: calendar_v3.Calendar;
export const called = new Set<string>();

export function clientFor(token: string): calendar_v3.Calendar {
  const auth = new OAuth2Client();
  auth.setCredentials({ access_token: token });
  return new calendar_v3.Calendar({ rootUrl: `${baseUrl}/`, auth });
}

beforeAll(async () => {
  client = readClientSchemas({
    declarationFile: path.join(path.dirname(require.resolve("googleapis/package.json")), "build/src/apis/calendar/v3.d.ts"),
    namespace: "calendar_v3",
    apiClass: "Calendar",
  });
  emulator = createEmulator({ calendar: { users: { [ALICE]: ALICE_EMAIL, [BOB]: BOB_EMAIL } } });
  baseUrl = await emulator.listen(0);
  alice = clientFor(ALICE);
  bob = clientFor(BOB);
});
afterAll(() => emulator.close());
beforeEach(() => emulator.store.reset());

export const store = (): CalendarStore => emulator.store.api("calendar") as CalendarStore;

export const call = checkedCaller(() => client, called);

export interface ClientError {
  response?: { status: number; data: { error: { code: number; message: string; errors: Array<{ reason: string; domain: string }> } } };
}

export async function refusal(run: () => Promise<unknown>): Promise<{ status: number; reason: string }> {
  try {
    await run();
  } catch (error) {
    const response = (error as ClientError).response;
    if (response === undefined) throw error;
    expect(response.data.error.code).toBe(response.status);
    return { status: response.status, reason: response.data.error.errors[0]?.reason ?? "" };
  }
  throw new Error("the request succeeded");
}
