/**
 * The reports provider against the in-process emulator, without the engine:
 * the channel's checks (no request), auto-naming across checks and
 * replacements, reading as present until expiration, a stop refused for
 * another user, and `getActivities` (paging, typed token events, eventName).
 */
import { dynamicProvider } from "../../provider/engine/pulumi/dynamicProvider";
import { activityWatchChannel } from "../../provider/apis/reports/activityWatchChannel";
import { consoleMessage } from "../../provider/apis/reports/activitySchema";
import { getActivities } from "../../provider/apis/reports/functions";
import { providerEmulator } from "../support/providerEmulator";

const TOKEN = "reports-provider-token";
const OTHER = "reports-other-user";
const emulator = providerEmulator(TOKEN, {
  emulator: {
    tokens: [OTHER],
    reports: {
      owners: {
        [TOKEN]: { user: "admin@example.test", client: "console", serviceAccount: false },
        [OTHER]: { user: "bob@example.test", client: "console", serviceAccount: false },
      },
    },
  },
});
const provider = dynamicProvider(activityWatchChannel);
const VALID = { userKey: "all", address: "https://receiver.example.test/hook", token: "s3cret-token-value", ttlSeconds: 600 };

beforeEach(async () => {
  await emulator.current.reset();
});

describe("ActivityWatchChannel check", () => {
  it.each([
    ["address", { address: "http://receiver.example.test/hook" }, /https:\/\/ URL/],
    ["token", { token: "x".repeat(257) }, /at most 256 characters; got 257 characters/],
    ["channelId", { channelId: "c".repeat(65) }, /at most 64/],
    ["filters", { filters: ["app_name"] }, /<parameter>=<value>/],
    ["userKey", { userKey: "not a user" }, /"all", a user's primary e-mail address/],
    ["ttlSeconds", { ttlSeconds: 60, expiration: "2099-01-01T00:00:00Z" }, /not both/],
  ])("refuses a bad %s, naming it, before any request", async (property, change, reason) => {
    const before = (await emulator.current.requests()).length;
    const { failures } = await provider.check({}, { ...VALID, ...change });
    expect(failures).toEqual([expect.objectContaining({ property, reason: expect.stringMatching(reason) })]);
    expect(JSON.stringify(failures)).not.toContain("x".repeat(257));
    expect((await emulator.current.requests()).length).toBe(before);
  });

  it("names the channel after the resource with a random suffix, keeps it across checks, and makes a new one without the old inputs", async () => {
    const first = (await provider.check({}, { ...VALID, __resourceName: "token-audit" })).inputs ?? {};
    expect(first["channelId"]).toMatch(/^token-audit-[0-9a-f]{8}$/);
    const again = (await provider.check(first, { ...VALID, __resourceName: "token-audit" })).inputs ?? {};
    expect(again["channelId"]).toBe(first["channelId"]);
    // The engine checks a replacement again without the old inputs: a new id, so both channels can exist at once.
    const replacement = (await provider.check({}, { ...VALID, __resourceName: "token-audit" })).inputs ?? {};
    expect(replacement["channelId"]).not.toBe(first["channelId"]);
    const long = (await provider.check({}, { ...VALID, __resourceName: "n".repeat(100) })).inputs ?? {};
    expect(String(long["channelId"]).length).toBe(64);
    // Auto-named: the new channel first; pinned: the old one must go first (ids are unique).
    expect(await provider.diff("id", { ...first }, { ...again, address: "https://receiver.example.test/other" })).toEqual({
      changes: true,
      replaces: ["address"],
      detailedDiff: { address: "update-replace" },
    });
    const pinned = (await provider.check({}, { ...VALID, channelId: "pinned" })).inputs ?? {};
    expect(await provider.diff("id", pinned, { ...pinned, address: "https://receiver.example.test/other" })).toEqual({
      changes: true,
      replaces: ["address"],
      deleteBeforeReplace: true,
      detailedDiff: { address: "update-replace" },
    });
  });
});

describe("ActivityWatchChannel lifecycle", () => {
  it("reads as present until its effective expiration, then as gone", async () => {
    const inputs = (await provider.check({}, { ...VALID, channelId: "short-lived" })).inputs ?? {};
    const { id, outs } = await provider.create(inputs);
    expect(Date.parse(String(outs["effectiveExpiration"]))).toBeGreaterThan(Date.now());
    expect(await provider.read(id, outs)).toEqual({ id, props: outs });
    expect(await provider.read(id, { ...outs, effectiveExpiration: new Date(Date.now() - 1000).toISOString() })).toEqual({});
    await provider.delete(id, outs);
  });

  it("says that another user made the channel when the stop is refused for that", async () => {
    const inputs = (await provider.check({}, { ...VALID, channelId: "owned-by-admin" })).inputs ?? {};
    const { id, outs } = await provider.create(inputs);
    const saved = process.env["SVC_REPORTS_TOKEN"];
    process.env["SVC_REPORTS_TOKEN"] = OTHER;
    try {
      // Another user's provider process: its settings are read from its own environment.
      const anotherUsers = dynamicProvider(activityWatchChannel);
      const refusal = await anotherUsers.delete(id, outs).catch((error: unknown) => error as Error);
      expect(refusal).toBeInstanceOf(Error);
      expect((refusal as Error).message).toMatch(/could not be stopped: another user or OAuth client made it/);
      expect((refusal as Error).message).not.toContain("s3cret-token-value");
    } finally {
      process.env["SVC_REPORTS_TOKEN"] = saved;
    }
    await provider.delete(id, outs);
    expect(((await emulator.current.objects())["reports"] as { channels: unknown[] }).channels).toEqual([]);
  });
});

describe("getActivities", () => {
  it("reads 250 seeded activities in three requests of 100, newest first, with typed token events", async () => {
    const before = (await emulator.current.requests({ method: "GET" })).length;
    const { activities, nextPageToken } = await getActivities({ userKey: "all", maxResults: 100 });
    expect(nextPageToken).toBeUndefined();
    expect(activities).toHaveLength(250);
    expect((await emulator.current.requests({ method: "GET" })).length - before).toBe(3);
    const call = activities.flatMap((activity) => activity.events).find((event) => event.token?.event === "activity");
    expect(call?.token).toEqual(expect.objectContaining({ api_name: expect.any(String), num_response_bytes: expect.stringMatching(/^\d+$/) }));
    const authorized = activities.find((activity) => activity.events.some((event) => event.name === "authorize"));
    const event = authorized?.events.find((candidate) => candidate.name === "authorize");
    expect(consoleMessage(authorized!, event!)).toMatch(/^\S+@example\.test authorized access to .+ for https:\/\/\S+ scopes$/);
    const page = await getActivities({ userKey: "all", maxResults: 100, pages: "one" });
    expect(page.activities).toHaveLength(100);
    expect(page.nextPageToken).toEqual(expect.any(String));
  });

  it("returns with eventName only the activities containing it, whole; bad arguments fail before any request", async () => {
    const { activities } = await getActivities({ userKey: "all", eventName: "revoke" });
    expect(activities.length).toBeGreaterThan(0);
    expect(activities.every((activity) => activity.events.some((event) => event.name === "revoke"))).toBe(true);
    const before = (await emulator.current.requests()).length;
    await expect(getActivities({ userKey: "all", maxResults: 5000 })).rejects.toThrow(/maxResults must be a whole number from 1 to 1000/);
    await expect(getActivities({ userKey: "all", filters: ["oops"] })).rejects.toThrow(/filters\.0 must be of the form/);
    expect((await emulator.current.requests()).length).toBe(before);
  });
});
