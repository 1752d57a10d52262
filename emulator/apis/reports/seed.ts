/**
 * The token audit trail the emulator starts with, and the activities tests
 * add (`POST /_emulator/reports/activities`): deterministic, realistic
 * records of the four token events, with each event's parameters of the spec
 * (app_name, client_id, client_type for all; api_name, method_name,
 * num_response_bytes, product_bucket for `activity`; scope and scope_data for
 * the other three). Every tenth seeded activity holds two events (a request
 * then an authorize), so `eventName` returning whole activities shows.
 */
import { createHash } from "node:crypto";
import type { Activity, ActivityEvent, Parameter } from "./activities";

export const CUSTOMER_ID = "C03az79cb";
export const DOMAIN = "example.test";
export const SEEDED_USERS = ["alice@example.test", "bob@example.test", "carol@example.test", "dave@example.test"] as const;

interface App {
  name: string;
  clientId: string;
  clientType: string;
  api: { name: string; method: string; bucket: string };
  scope: string;
}

const APPS: readonly App[] = [
  {
    name: "Calendar Sync",
    clientId: "651203847213-calsync.apps.googleusercontent.com",
    clientType: "WEB",
    api: { name: "calendar", method: "calendar.events.list", bucket: "CALENDAR" },
    scope: "https://www.googleapis.com/auth/calendar.readonly",
  },
  {
    name: "Mail Archiver",
    clientId: "318846520114-mailarch.apps.googleusercontent.com",
    clientType: "NATIVE_DESKTOP",
    api: { name: "gmail", method: "gmail.users.messages.list", bucket: "MAIL" },
    scope: "https://www.googleapis.com/auth/gmail.readonly",
  },
  {
    name: "Drive Backup",
    clientId: "902117365540-drivebak.apps.googleusercontent.com",
    clientType: "NATIVE_MOBILE_1",
    api: { name: "drive", method: "drive.files.list", bucket: "DRIVE" },
    scope: "https://www.googleapis.com/auth/drive.file",
  },
  {
    name: "Directory Tool",
    clientId: "447190032871-dirtool.apps.googleusercontent.com",
    clientType: "NATIVE_BROWSER_EXTENSION",
    api: { name: "admin", method: "directory.users.list", bucket: "SUITE_ADMIN" },
    scope: "https://www.googleapis.com/auth/admin.directory.user.readonly",
  },
];

export type TokenEventName = "activity" | "authorize" | "request" | "revoke";

/** What a test says about a new activity; everything else is filled in realistically. */
export interface ActivitySpec {
  events: Array<{ name: string; parameters?: Record<string, string | number | boolean | string[]> }>;
  actorEmail?: string;
  ipAddress?: string;
  applicationName?: string;
}

function appParameters(app: App): Parameter[] {
  return [
    { name: "app_name", value: app.name },
    { name: "client_id", value: app.clientId },
    { name: "client_type", value: app.clientType },
  ];
}

function tokenEvent(name: string, app: App, responseBytes: number): ActivityEvent {
  const parameters =
    name === "activity"
      ? [
          { name: "api_name", value: app.api.name },
          { name: "method_name", value: app.api.method },
          { name: "num_response_bytes", intValue: String(responseBytes) },
          { name: "product_bucket", value: app.api.bucket },
          ...appParameters(app),
        ]
      : [
          ...appParameters(app),
          { name: "scope", value: app.scope },
          {
            name: "scope_data",
            messageValue: {
              parameter: [
                { name: "scope_name", value: app.scope },
                { name: "product_bucket", value: app.api.bucket },
              ],
            },
          },
        ];
  return { type: "auth", name, parameters };
}

function parameterOf(name: string, value: string | number | boolean | string[]): Parameter {
  if (Array.isArray(value)) return { name, multiValue: value };
  if (typeof value === "number") return { name, intValue: String(value) };
  if (typeof value === "boolean") return { name, boolValue: value };
  return { name, value };
}

function profileIdOf(email: string): string {
  return BigInt(`0x${createHash("sha256").update(email).digest("hex").slice(0, 15)}`)
    .toString()
    .padStart(21, "1");
}

/** The activity number `sequence` of the trail, at `time`. */
export function buildActivity(sequence: number, time: Date, spec: ActivitySpec): Activity {
  // Different periods, so every user meets every app and event in the trail.
  const app = APPS[Math.floor(sequence / 3) % APPS.length]!;
  const email = spec.actorEmail ?? SEEDED_USERS[Math.floor(sequence / 2) % SEEDED_USERS.length]!;
  const events = spec.events.map((event) => {
    const base = tokenEvent(event.name, app, 1024 + ((sequence * 7919) % 65_536));
    const given = Object.entries(event.parameters ?? {}).map(([name, value]) => parameterOf(name, value));
    const kept = base.parameters.filter((parameter) => !given.some((other) => other.name === parameter.name));
    return { ...base, parameters: [...kept, ...given] };
  });
  const uniqueQualifier = BigInt.asIntN(64, BigInt(`0x${createHash("sha256").update(`activity-${sequence}`).digest("hex").slice(0, 16)}`)).toString();
  const activity: Omit<Activity, "etag"> = {
    kind: "admin#reports#activity",
    id: { time: time.toISOString(), uniqueQualifier, applicationName: spec.applicationName ?? "token", customerId: CUSTOMER_ID },
    actor: { callerType: "USER", email, profileId: profileIdOf(email) },
    ownerDomain: DOMAIN,
    ipAddress: spec.ipAddress ?? (sequence % 5 === 0 ? `2001:db8::${(sequence % 255).toString(16)}` : `203.0.113.${sequence % 250}`),
    events,
  };
  return { ...activity, etag: `"${createHash("sha256").update(JSON.stringify(activity)).digest("base64url").slice(0, 27)}"` };
}

/** The seeded trail, oldest first: `count` activities, 17 minutes apart, the last a minute before `now`. */
export function seedActivities(count: number, now: Date): Activity[] {
  return Array.from({ length: count }, (_, index) => {
    const time = new Date(now.getTime() - 60_000 - (count - 1 - index) * 17 * 60_000);
    const name = ["activity", "authorize", "request", "revoke"][index % 4]!;
    const events = index % 10 === 9 ? [{ name: "request" }, { name: "authorize" }] : [{ name }];
    return buildActivity(index, time, { events });
  });
}
