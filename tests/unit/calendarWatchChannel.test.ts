/**
 * svc.calendar.WatchChannel without a service: its inputs at check and its
 * watch paths; and the watch body every channel resource sends, the life
 * asked for as an expiration time (reports) or as `params.ttl` (the
 * calendar), which the service counts from when it makes the channel.
 */
import { channelBody } from "../../provider/channels/watchChannel";
import { watchChannel } from "../../provider/apis/calendar/watchChannel";
import type { Args } from "../../provider/engine/declaration/declaration";
import { createPath } from "../../provider/engine/plan/planRequests";
import { dynamicProvider } from "../../provider/engine/pulumi/dynamicProvider";
import { activityWatchChannel } from "../../provider/apis/reports/activityWatchChannel";
import { offlineSettings } from "../support/providerEmulator";

offlineSettings();

const NOW = Date.parse("2030-01-01T00:00:00Z");
const base = { address: "https://hooks.example.test/a", channelId: "c-1", token: "t" };

describe("channelBody", () => {
  it("sends ttlSeconds as an expiration time by default", () => {
    expect(channelBody({ ...base, ttlSeconds: 60 }, NOW)).toEqual({
      id: "c-1",
      type: "web_hook",
      address: base.address,
      token: "t",
      expiration: String(NOW + 60_000),
    });
  });

  it("sends ttlSeconds as params.ttl for an API that takes it, and an expiration as it is", () => {
    expect(channelBody({ ...base, ttlSeconds: 60 }, NOW, "params")).toEqual({
      id: "c-1",
      type: "web_hook",
      address: base.address,
      token: "t",
      params: { ttl: "60" },
    });
    const expiration = "2030-01-02T00:00:00Z";
    expect(channelBody({ ...base, expiration, payload: false }, NOW, "params")).toEqual({
      id: "c-1",
      type: "web_hook",
      address: base.address,
      token: "t",
      payload: false,
      expiration: String(Date.parse(expiration)),
    });
  });

  it("is what each channel resource creates with: the calendar's with params.ttl, the reports' with an expiration", () => {
    const calendarBody = watchChannel.toCreateBody?.({ ...base, resource: "acl", calendarId: "primary", ttlSeconds: 90 }) as Record<string, unknown>;
    expect(calendarBody["params"]).toEqual({ ttl: "90" });
    expect(calendarBody["expiration"]).toBeUndefined();
    const reportsBody = activityWatchChannel.toCreateBody?.({ ...base, userKey: "all", applicationName: "token", ttlSeconds: 90 }) as Record<string, unknown>;
    expect(reportsBody["params"]).toBeUndefined();
    expect(Number(reportsBody["expiration"])).toBeGreaterThan(Date.now());
  });
});

describe("svc.calendar.WatchChannel's inputs", () => {
  const provider = dynamicProvider(watchChannel);
  const inputs = { __resourceName: "team-acl", address: "https://hooks.example.test/a" };

  it("needs a calendarId for acl and events, and refuses one for calendarList and settings, naming it at check", async () => {
    const missing = await provider.check({}, { ...inputs, resource: "events" });
    expect(missing.failures).toEqual([{ property: "calendarId", reason: expect.stringMatching(/is required to watch events/) }]);
    const extra = await provider.check({}, { ...inputs, resource: "settings", calendarId: "primary" });
    expect(extra.failures).toEqual([{ property: "calendarId", reason: expect.stringMatching(/must be left out to watch settings.*got "primary"/) }]);
    const fine = await provider.check({}, { ...inputs, resource: "calendarList" });
    expect(fine.failures).toBeUndefined();
    expect(fine.inputs?.["channelId"]).toMatch(/^team-acl-[0-9a-f]{8}$/);
  });

  it("watches at the collection's own path, the calendar id encoded", () => {
    const watchPath = (args: Args): string => createPath(watchChannel, args, {});
    expect(watchPath({ resource: "acl", calendarId: "c_1@group.calendar.google.com" })).toBe("calendars/c_1%40group.calendar.google.com/acl/watch");
    expect(watchPath({ resource: "events", calendarId: "primary" })).toBe("calendars/primary/events/watch");
    expect(watchPath({ resource: "calendarList" })).toBe("users/me/calendarList/watch");
    expect(watchPath({ resource: "settings" })).toBe("users/me/settings/watch");
    expect(() => watchPath({ resource: "acl" })).toThrow(/no value for \{calendarId\}/);
  });
});
