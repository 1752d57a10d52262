/** One occurrence of a recurring event, through googleapis: read and cancelled by its id, and listed as Google lists a cancelled occurrence. */
import { alice, call, refusal } from "./calendar-google-client-harness";

describe("an occurrence of a recurring event", () => {
  it("one occurrence of a recurring event cancelled on its own, as Google lists it", async () => {
    const series = await alice.events.insert({
      calendarId: "primary",
      requestBody: {
        summary: "Sync",
        start: { dateTime: "2031-05-05T10:00:00Z", timeZone: "UTC" },
        end: { dateTime: "2031-05-05T10:30:00Z", timeZone: "UTC" },
        recurrence: ["RRULE:FREQ=DAILY;COUNT=3"],
      },
    });
    const seriesId = series.data.id ?? "";
    const window = { timeMin: "2031-05-01T00:00:00Z", timeMax: "2031-05-10T00:00:00Z" };
    const instances = await call("events.instances", () => alice.events.instances({ calendarId: "primary", eventId: seriesId }));
    const second = instances.items?.[1]?.id ?? "";
    expect(second).toBe(`${seriesId}_20310506T100000Z`);
    // An occurrence is read and deleted by its own id; the delete keeps it as a cancelled exception of the series.
    expect((await alice.events.get({ calendarId: "primary", eventId: second })).data).toMatchObject({ recurringEventId: seriesId, summary: "Sync" });
    await call("events.delete", () => alice.events.delete({ calendarId: "primary", eventId: second }));
    expect(await refusal(() => alice.events.get({ calendarId: "primary", eventId: second }))).toEqual({ status: 404, reason: "notFound" });
    const left = await call("events.instances", () => alice.events.instances({ calendarId: "primary", eventId: seriesId }));
    expect(left.items?.map((item) => item.id)).toEqual([`${seriesId}_20310505T100000Z`, `${seriesId}_20310507T100000Z`]);
    const expanded = await alice.events.list({ calendarId: "primary", singleEvents: true, ...window });
    expect(expanded.data.items?.map((item) => item.id)).toEqual([`${seriesId}_20310505T100000Z`, `${seriesId}_20310507T100000Z`]);
    // "Cancelled instances of recurring events (but not the underlying recurring event) will still be included if showDeleted and singleEvents are both False."
    const plain = await call("events.list", () => alice.events.list({ calendarId: "primary", ...window }));
    expect(plain.items?.map(({ id, status, recurringEventId, originalStartTime }) => ({ id, status, recurringEventId, originalStartTime }))).toEqual([
      { id: seriesId, status: "confirmed", recurringEventId: undefined, originalStartTime: undefined },
      { id: second, status: "cancelled", recurringEventId: seriesId, originalStartTime: { dateTime: "2031-05-06T10:00:00Z", timeZone: "UTC" } },
    ]);
    const busy = await alice.freebusy.query({ requestBody: { ...window, items: [{ id: "primary" }] } });
    expect(busy.data.calendars?.["primary"]?.busy?.map(({ start }) => start)).not.toContain("2031-05-06T10:00:00Z");
  });
});
