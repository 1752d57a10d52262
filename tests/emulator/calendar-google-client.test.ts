/** The calendar through googleapis: every method the spec lists, checked against the client's schemas. */
import { SPEC_METHODS, ALICE_EMAIL, BOB_EMAIL, alice, bob, called, store, call, refusal } from "./calendar-google-client-harness";

describe("the calendar through googleapis", () => {
  it("acl: rule ids type:value, upsert by scope, If-Match, role none as deleted, showDeleted and sync tokens", async () => {
    const calendarId = "primary";
    const rule = await call("acl.insert", () =>
      alice.acl.insert({ calendarId, sendNotifications: false, requestBody: { scope: { type: "user", value: "Carol@Corp.example" }, role: "reader" } }),
    );
    expect(rule).toMatchObject({ kind: "calendar#aclRule", id: "user:carol@corp.example", role: "reader" });
    const everyone = await call("acl.insert", () => alice.acl.insert({ calendarId, requestBody: { scope: { type: "default" }, role: "freeBusyReader" } }));
    expect(everyone.id).toBe("default");
    await call("acl.insert", () => alice.acl.insert({ calendarId, requestBody: { scope: { type: "domain", value: "corp.example" }, role: "reader" } }));

    expect(await refusal(() => alice.acl.insert({ calendarId, requestBody: { scope: { type: "default", value: "x@corp.example" }, role: "reader" } }))).toEqual(
      { status: 400, reason: "invalid" },
    );
    expect(await refusal(() => alice.acl.insert({ calendarId, requestBody: { scope: { type: "user", value: "not-an-email" }, role: "reader" } }))).toEqual({
      status: 400,
      reason: "invalid",
    });
    expect(await refusal(() => alice.acl.get({ calendarId, ruleId: "user:nobody@corp.example" }))).toEqual({ status: 404, reason: "notFound" });
    // Only an owner reads rules.
    expect(await refusal(() => bob.acl.list({ calendarId: ALICE_EMAIL }))).toEqual({ status: 403, reason: "requiredAccessLevel" });

    const got = await call("acl.get", () => alice.acl.get({ calendarId, ruleId: rule.id ?? "" }));
    expect(
      await refusal(() => alice.acl.update({ calendarId, ruleId: rule.id ?? "", requestBody: { ...got, role: "writer" } }, { headers: { "If-Match": '"1"' } })),
    ).toEqual({ status: 412, reason: "conditionNotMet" });
    const updated = await call("acl.update", () =>
      alice.acl.update({ calendarId, ruleId: rule.id ?? "", requestBody: { ...got, role: "writer" } }, { headers: { "If-Match": got.etag ?? "" } }),
    );
    expect(updated.role).toBe("writer");
    expect(updated.etag).not.toBe(got.etag);
    const patched = await call("acl.patch", () => alice.acl.patch({ calendarId, ruleId: rule.id ?? "", requestBody: { role: "owner" } }));
    expect(patched.role).toBe("owner");

    const first = await call("acl.list", () => alice.acl.list({ calendarId, maxResults: 2 }));
    expect(first.items).toHaveLength(2);
    expect(first.nextPageToken).toBeDefined();
    expect(first.nextSyncToken).toBeUndefined();
    const rest = await call("acl.list", () => alice.acl.list({ calendarId, maxResults: 2, pageToken: first.nextPageToken ?? "" }));
    expect([...(first.items ?? []), ...(rest.items ?? [])].map((item) => item.id).sort()).toEqual([
      "default",
      "domain:corp.example",
      "user:alice@corp.example",
      "user:carol@corp.example",
    ]);
    const syncToken = rest.nextSyncToken ?? "";
    expect(syncToken).not.toBe("");

    await call("acl.delete", () => alice.acl.delete({ calendarId, ruleId: "default" }));
    expect(await refusal(() => alice.acl.get({ calendarId, ruleId: "default" }))).toEqual({ status: 404, reason: "notFound" });
    expect((await alice.acl.list({ calendarId })).data.items?.map((item) => item.id)).not.toContain("default");
    const withDeleted = await alice.acl.list({ calendarId, showDeleted: true });
    expect(withDeleted.data.items?.find((item) => item.id === "default")?.role).toBe("none");
    const changes = await call("acl.list", () => alice.acl.list({ calendarId, syncToken }));
    expect(changes.items).toEqual([expect.objectContaining({ id: "default", role: "none" })]);

    store().expireSyncTokens();
    expect(await refusal(() => alice.acl.list({ calendarId, syncToken }))).toEqual({ status: 410, reason: "fullSyncRequired" });
    // The owner's own access cannot be changed.
    expect(await refusal(() => alice.acl.patch({ calendarId, ruleId: `user:${ALICE_EMAIL}`, requestBody: { role: "reader" } }))).toEqual({
      status: 403,
      reason: "cannotChangeOwnAcl",
    });
  });

  it("calendars and the calendar list: secondary calendars, colors by id or RGB, delete from the list only", async () => {
    const created = await call("calendars.insert", () =>
      alice.calendars.insert({ requestBody: { summary: "Team", timeZone: "Europe/Paris", description: "shared" } }),
    );
    expect(created.id).toMatch(/^c_[0-9a-f]{32}@group\.calendar\.google\.com$/);
    const calendarId = created.id ?? "";
    const got = await call("calendars.get", () => alice.calendars.get({ calendarId }));
    expect(await refusal(() => alice.calendars.update({ calendarId, requestBody: { ...got, summary: "x" } }, { headers: { "If-Match": '"7"' } }))).toEqual({
      status: 412,
      reason: "conditionNotMet",
    });
    const updated = await call("calendars.update", () =>
      alice.calendars.update({ calendarId, requestBody: { summary: "Team calendar", timeZone: "UTC" } }, { headers: { "If-Match": got.etag ?? "" } }),
    );
    expect(updated).toMatchObject({ summary: "Team calendar", timeZone: "UTC" });
    expect(updated.description).toBeUndefined(); // an update replaces: left out is cleared
    await call("calendars.patch", () => alice.calendars.patch({ calendarId, requestBody: { location: "Paris" } }));
    expect(await refusal(() => alice.calendars.insert({ requestBody: { summary: "bad", timeZone: "Mars/Olympus" } }))).toEqual({
      status: 400,
      reason: "invalid",
    });

    // The creator's list holds the new calendar; Bob's does not, and he cannot add it before it is shared.
    const list = await call("calendarList.list", () => alice.calendarList.list({}));
    expect(list.items?.map((entry) => entry.id)).toEqual(expect.arrayContaining([ALICE_EMAIL, calendarId]));
    expect(list.items?.find((entry) => entry.id === ALICE_EMAIL)).toMatchObject({ primary: true, accessRole: "owner" });
    expect(await refusal(() => bob.calendarList.insert({ requestBody: { id: calendarId } }))).toEqual({ status: 404, reason: "notFound" });
    await alice.acl.insert({ calendarId, requestBody: { scope: { type: "user", value: BOB_EMAIL }, role: "reader" } });
    const entry = await call("calendarList.insert", () =>
      bob.calendarList.insert({
        colorRgbFormat: true,
        requestBody: { id: calendarId, backgroundColor: "#4986e8", foregroundColor: "#ffffff", summaryOverride: "Alice team" },
      }),
    );
    expect(entry).toMatchObject({ id: calendarId, accessRole: "reader", colorId: "16", backgroundColor: "#4986e8", summaryOverride: "Alice team" });
    // Without colorRgbFormat the RGB fields are read-only: ignored.
    const ignored = await bob.calendarList.patch({ calendarId, requestBody: { backgroundColor: "#000000", foregroundColor: "#ffffff" } });
    expect(ignored.data).toMatchObject({ colorId: "16", backgroundColor: "#4986e8" });
    const bobEntry = await call("calendarList.get", () => bob.calendarList.get({ calendarId }));
    const reminded = await call("calendarList.update", () =>
      bob.calendarList.update(
        { calendarId, requestBody: { ...bobEntry, colorId: "3", defaultReminders: [{ method: "popup", minutes: 10 }] } },
        { headers: { "If-Match": bobEntry.etag ?? "" } },
      ),
    );
    expect(reminded).toMatchObject({ colorId: "3", backgroundColor: "#f83a22", defaultReminders: [{ method: "popup", minutes: 10 }] });
    await call("calendarList.patch", () => bob.calendarList.patch({ calendarId, requestBody: { hidden: true } }));
    expect((await bob.calendarList.list({})).data.items?.map((item) => item.id)).not.toContain(calendarId);
    expect((await bob.calendarList.list({ showHidden: true })).data.items?.map((item) => item.id)).toContain(calendarId);
    await call("calendarList.delete", () => bob.calendarList.delete({ calendarId }));
    expect(await refusal(() => bob.calendarList.get({ calendarId }))).toEqual({ status: 404, reason: "notFound" });
    // Out of Bob's list only: the calendar and Alice's entry remain.
    expect((await alice.calendars.get({ calendarId })).status).toBe(200);

    expect(await refusal(() => alice.calendars.delete({ calendarId: "primary" }))).toEqual({ status: 400, reason: "cannotDeletePrimaryCalendar" });
    expect(await refusal(() => alice.calendars.clear({ calendarId }))).toEqual({ status: 400, reason: "invalid" });
    await alice.events.insert({ calendarId: "primary", requestBody: { summary: "x", start: { date: "2030-01-01" }, end: { date: "2030-01-02" } } });
    await call("calendars.clear", () => alice.calendars.clear({ calendarId: "primary" }));
    expect((await alice.events.list({ calendarId: "primary" })).data.items).toEqual([]);
    await call("calendars.delete", () => alice.calendars.delete({ calendarId }));
    expect(await refusal(() => alice.calendars.get({ calendarId }))).toEqual({ status: 404, reason: "notFound" });
  });

  it("events: update replaces, patch merges, move keeps the id (default events only), recurring instances, import and quickAdd", async () => {
    const event = await call("events.insert", () =>
      alice.events.insert({
        calendarId: "primary",
        requestBody: {
          summary: "Standup",
          description: "daily",
          start: { dateTime: "2030-01-07T09:00:00Z", timeZone: "UTC" },
          end: { dateTime: "2030-01-07T09:15:00Z", timeZone: "UTC" },
          recurrence: ["RRULE:FREQ=WEEKLY;BYDAY=MO,WE;COUNT=4"],
          attendees: [{ email: BOB_EMAIL }],
          reminders: { useDefault: false, overrides: [{ method: "popup", minutes: 5 }] },
        },
      }),
    );
    expect(event).toMatchObject({ kind: "calendar#event", status: "confirmed", eventType: "default", organizer: { email: ALICE_EMAIL, self: true } });
    const eventId = event.id ?? "";
    expect(eventId).toMatch(/^[a-v0-9]{5,1024}$/);
    const got = await call("events.get", () => alice.events.get({ calendarId: "primary", eventId }));
    const instances = await call("events.instances", () => alice.events.instances({ calendarId: "primary", eventId }));
    expect(instances.items?.map((item) => item.start?.dateTime)).toEqual([
      "2030-01-07T09:00:00Z",
      "2030-01-09T09:00:00Z",
      "2030-01-14T09:00:00Z",
      "2030-01-16T09:00:00Z",
    ]);
    expect(instances.items?.[1]).toMatchObject({ id: `${eventId}_20300109T090000Z`, recurringEventId: eventId });
    const single = await call("events.list", () =>
      alice.events.list({ calendarId: "primary", singleEvents: true, orderBy: "startTime", timeMin: "2030-01-08T00:00:00Z", timeMax: "2030-01-15T00:00:00Z" }),
    );
    expect(single.items?.map((item) => item.id)).toEqual([`${eventId}_20300109T090000Z`, `${eventId}_20300114T090000Z`]);
    expect(await refusal(() => alice.events.list({ calendarId: "primary", orderBy: "startTime" }))).toEqual({ status: 400, reason: "invalid" });
    expect(await refusal(() => alice.events.list({ calendarId: "primary", timeMin: "2030-01-08T00:00:00Z", timeMax: "2030-01-08T00:00:00Z" }))).toEqual({
      status: 400,
      reason: "timeRangeEmpty",
    });

    const { attendees: _attendees, ...withoutAttendees } = got;
    const replaced = await call("events.update", () =>
      alice.events.update(
        { calendarId: "primary", eventId, requestBody: { ...withoutAttendees, summary: "Standup!" } },
        { headers: { "If-Match": got.etag ?? "" } },
      ),
    );
    expect(replaced.attendees).toBeUndefined(); // no patch semantics: left out is gone
    expect(await refusal(() => alice.events.update({ calendarId: "primary", eventId, requestBody: got }, { headers: { "If-Match": got.etag ?? "" } }))).toEqual(
      { status: 412, reason: "conditionNotMet" },
    );
    const patched = await call("events.patch", () => alice.events.patch({ calendarId: "primary", eventId, requestBody: { location: "Room 1" } }));
    expect(patched).toMatchObject({ summary: "Standup!", location: "Room 1", description: "daily" });

    const team = (await alice.calendars.insert({ requestBody: { summary: "Team" } })).data.id ?? "";
    const moved = await call("events.move", () => alice.events.move({ calendarId: "primary", eventId, destination: team }));
    expect(moved).toMatchObject({ id: eventId, organizer: { email: team } });
    expect(await refusal(() => alice.events.get({ calendarId: "primary", eventId }))).toEqual({ status: 404, reason: "notFound" });
    expect((await alice.events.get({ calendarId: team, eventId })).data.summary).toBe("Standup!");

    const focus = await alice.events.insert({
      calendarId: "primary",
      requestBody: { eventType: "focusTime", start: { dateTime: "2030-01-07T13:00:00Z" }, end: { dateTime: "2030-01-07T15:00:00Z" } },
    });
    expect(await refusal(() => alice.events.move({ calendarId: "primary", eventId: focus.data.id ?? "", destination: team }))).toEqual({
      status: 400,
      reason: "eventTypeRestriction",
    });
    expect(
      await refusal(() =>
        alice.events.insert({ calendarId: "primary", requestBody: { eventType: "birthday", start: { date: "2030-02-01" }, end: { date: "2030-02-02" } } }),
      ),
    ).toEqual({ status: 400, reason: "eventTypeRestriction" });
    expect(
      await refusal(() => alice.events.insert({ calendarId: team, requestBody: { id: eventId, start: { date: "2030-02-01" }, end: { date: "2030-02-02" } } })),
    ).toEqual({ status: 409, reason: "duplicate" });

    const imported = await call("events.import", () =>
      alice.events.import({
        calendarId: "primary",
        requestBody: {
          iCalUID: "ext-123@partner.example",
          eventType: "outOfOffice",
          summary: "Away",
          start: { date: "2030-03-01" },
          end: { date: "2030-03-02" },
        },
      }),
    );
    expect(imported).toMatchObject({ iCalUID: "ext-123@partner.example", eventType: "default" });
    const byUid = await alice.events.list({ calendarId: "primary", iCalUID: "ext-123@partner.example" });
    expect(byUid.data.items?.map((item) => item.id)).toEqual([imported.id]);
    const quick = await call("events.quickAdd", () => alice.events.quickAdd({ calendarId: "primary", text: "Lunch" }));
    expect(quick.summary).toBe("Lunch");
    await call("events.delete", () => alice.events.delete({ calendarId: "primary", eventId: quick.id ?? "" }));
    expect(await refusal(() => alice.events.delete({ calendarId: "primary", eventId: quick.id ?? "" }))).toEqual({ status: 404, reason: "notFound" });
    const sync = (await alice.events.list({ calendarId: "primary" })).data.nextSyncToken ?? "";
    await alice.events.patch({ calendarId: "primary", eventId: imported.id ?? "", requestBody: { summary: "Away!" } });
    expect((await alice.events.list({ calendarId: "primary", syncToken: sync })).data.items?.map((item) => item.summary)).toEqual(["Away!"]);
    expect(await refusal(() => alice.events.list({ calendarId: "primary", syncToken: sync, timeMin: "2030-01-01T00:00:00Z" }))).toEqual({
      status: 400,
      reason: "invalid",
    });
  });

  it("free/busy from events (transparent ones free), per-calendar errors; colors; settings", async () => {
    await alice.events.insert({
      calendarId: "primary",
      requestBody: { start: { dateTime: "2030-01-07T09:00:00Z" }, end: { dateTime: "2030-01-07T10:00:00Z" } },
    });
    await alice.events.insert({
      calendarId: "primary",
      requestBody: { start: { dateTime: "2030-01-07T09:30:00Z" }, end: { dateTime: "2030-01-07T11:00:00Z" } },
    });
    await alice.events.insert({
      calendarId: "primary",
      requestBody: { transparency: "transparent", start: { dateTime: "2030-01-07T12:00:00Z" }, end: { dateTime: "2030-01-07T13:00:00Z" } },
    });
    await alice.acl.insert({ calendarId: "primary", requestBody: { scope: { type: "user", value: BOB_EMAIL }, role: "freeBusyReader" } });
    const answer = await call("freebusy.query", () =>
      bob.freebusy.query({
        requestBody: { timeMin: "2030-01-07T00:00:00Z", timeMax: "2030-01-08T00:00:00Z", items: [{ id: ALICE_EMAIL }, { id: "nobody@corp.example" }] },
      }),
    );
    expect(answer.calendars?.[ALICE_EMAIL]).toEqual({ busy: [{ start: "2030-01-07T09:00:00Z", end: "2030-01-07T11:00:00Z" }] });
    expect(answer.calendars?.["nobody@corp.example"]?.errors).toEqual([{ domain: "global", reason: "notFound" }]);
    // Bob may see Alice's free/busy, not her events.
    expect(await refusal(() => bob.events.list({ calendarId: ALICE_EMAIL }))).toEqual({ status: 403, reason: "requiredAccessLevel" });

    const colors = await call("colors.get", () => alice.colors.get());
    expect(Object.keys(colors.calendar ?? {})).toHaveLength(24);
    expect(Object.keys(colors.event ?? {})).toHaveLength(11);
    const settings = await call("settings.list", () => alice.settings.list({ maxResults: 5 }));
    expect(settings.items).toHaveLength(5);
    expect(await call("settings.get", () => alice.settings.get({ setting: "timezone" }))).toMatchObject({ id: "timezone", value: "UTC" });
    expect(await refusal(() => alice.settings.get({ setting: "nope" }))).toEqual({ status: 404, reason: "notFound" });
  });

  it("covers every non-watch method of the spec", () => {
    expect([...called].sort()).toEqual([...SPEC_METHODS].sort());
  });
});
