import { defineApi } from "../../apiManifest";

export const calendarApi = defineApi({
  name: "calendar",
  doc: "Google Calendar v3: access rules, secondary calendars, calendar-list entries, events and watch channels; colors, settings, free/busy and listings as functions.",
  // The calendar's base address includes its version path.
  emulatorBasePath: "/calendar/v3",
  google: {
    scopes: ["https://www.googleapis.com/auth/calendar"],
    accepted: { write: ["https://www.googleapis.com/auth/calendar"], read: ["https://www.googleapis.com/auth/calendar.readonly"] },
    delegated: true,
  },
});
