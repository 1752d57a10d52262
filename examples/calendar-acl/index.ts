// A team calendar managed the way a team manages DNS: the calendar, who may see and edit it
// (access rules), how it shows in the caller's calendar list, and a recurring standup. The
// read-only functions report the rules and the team's busy time.
//
// Configuration:
//   calendarName        the calendar's title (default "Team")
//   readerDomain        a domain whose users may read the calendar (default "example.com")
//   editor, editorRole  a user and the role they get (default "ann@example.com", "writer")
//   listColor           the calendar's color in the caller's list, "1" to "24" (default "7")
//   standupCalendar     "team" (default) or "primary": where the standup lives (a change moves it)
//   standupDescription  the standup's description
//   editorRuleImport, listEntryImport   ids to adopt an existing rule / list entry with { import }
// The token comes from `svc:calendarToken` (set it with --secret) or SVC_CALENDAR_TOKEN.
import * as pulumi from "@pulumi/pulumi";
import * as svc from "pulumi-svc";

const config = new pulumi.Config();

const team = new svc.calendar.Calendar("team", {
  summary: config.get("calendarName") ?? "Team",
  description: "Who is where, and when we meet",
  timeZone: "Europe/Zurich",
});

const readers = new svc.calendar.AclRule("domain-readers", {
  calendarId: team.calendarId,
  scope: { type: "domain", value: config.get("readerDomain") ?? "example.com" },
  role: "reader",
  sendNotifications: false,
});

const editorRuleImport = config.get("editorRuleImport");
const editor = new svc.calendar.AclRule(
  "editor",
  {
    calendarId: team.calendarId,
    scope: { type: "user", value: config.get("editor") ?? "ann@example.com" },
    role: config.get<svc.calendar.AclRuleRole>("editorRole") ?? "writer",
  },
  editorRuleImport === undefined ? {} : { import: editorRuleImport },
);

const listEntryImport = config.get("listEntryImport");
const listed = new svc.calendar.CalendarListEntry(
  "team-in-my-list",
  {
    calendarId: team.calendarId,
    colorId: config.get("listColor") ?? "7",
    summaryOverride: "My team",
    defaultReminders: [{ method: "popup", minutes: 10 }],
  },
  listEntryImport === undefined ? {} : { import: listEntryImport },
);

const standup = new svc.calendar.Event("standup", {
  calendarId: config.get("standupCalendar") === "primary" ? "primary" : team.calendarId,
  summary: "Standup",
  description: config.get("standupDescription") ?? "Fifteen minutes, standing",
  start: { dateTime: "2030-01-07T09:00:00", timeZone: "Europe/Zurich" },
  end: { dateTime: "2030-01-07T09:15:00", timeZone: "Europe/Zurich" },
  recurrence: ["RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=30"],
});

// Read after the writes they report on.
const rules = pulumi.all([team.calendarId, readers.ruleId, editor.ruleId]).apply(([calendarId]) => svc.calendar.getAclRules({ calendarId }));
const busy = pulumi
  .all([standup.eventId, standup.calendarId])
  .apply(([, calendarId]) =>
    svc.calendar.queryFreeBusy({ timeMin: "2030-01-07T00:00:00Z", timeMax: "2030-01-08T00:00:00Z", calendars: [calendarId, "nobody@example.test"] }),
  );

export const calendarId = team.calendarId;
export const editorRuleId = editor.ruleId;
export const listAccessRole = listed.accessRole;
export const standupId = standup.eventId;
export const standupCalendarId = standup.calendarId;
export const ruleIds = rules.apply((all) => all.map((rule) => rule.id).sort());
export const busyPeriods = busy.apply((answer) => Object.values(answer.calendars).reduce((count, calendar) => count + calendar.busy.length, 0));
export const freeBusyFailures = busy.apply((answer) => answer.failures.map((failure) => `${failure.id}: ${failure.reason}`));
