/** The wire forms of Calendar v3 objects, as the emulator stores and answers them. */

export const ROLES = ["none", "freeBusyReader", "reader", "writerWithoutPrivateAccess", "writer", "owner"] as const;
export type Role = (typeof ROLES)[number];
export const SCOPE_TYPES = ["default", "user", "group", "domain"] as const;
export type ScopeType = (typeof SCOPE_TYPES)[number];

export interface AclRule {
  kind: "calendar#aclRule";
  etag: string;
  id: string;
  scope: { type: ScopeType; value?: string };
  role: Role;
}

export interface CalendarResource {
  kind: "calendar#calendar";
  etag: string;
  id: string;
  summary: string;
  description?: string;
  location?: string;
  timeZone: string;
  conferenceProperties: { allowedConferenceSolutionTypes: string[] };
}

export interface Reminder {
  method: "email" | "popup";
  minutes: number;
}

export interface Notification {
  type: string;
  method: "email";
}

/** The caller's own settings of a calendar in its list (what calendarList writes). */
export interface ListEntrySettings {
  summaryOverride?: string;
  colorId: string;
  backgroundColor: string;
  foregroundColor: string;
  hidden?: boolean;
  selected?: boolean;
  defaultReminders: Reminder[];
  notificationSettings?: { notifications: Notification[] };
}

export interface CalendarListEntry extends ListEntrySettings {
  kind: "calendar#calendarListEntry";
  etag: string;
  id: string;
  summary: string;
  description?: string;
  location?: string;
  timeZone: string;
  accessRole: Exclude<Role, "none" | "writerWithoutPrivateAccess">;
  primary?: boolean;
  deleted?: boolean;
  conferenceProperties: { allowedConferenceSolutionTypes: string[] };
}

export interface EventDateTime {
  date?: string;
  dateTime?: string;
  timeZone?: string;
}

export interface Attendee {
  email: string;
  displayName?: string;
  optional?: boolean;
  responseStatus: "needsAction" | "declined" | "tentative" | "accepted";
  comment?: string;
  additionalGuests?: number;
  organizer?: boolean;
  self?: boolean;
  resource?: boolean;
}

export const EVENT_TYPES = ["default", "birthday", "focusTime", "fromMail", "outOfOffice", "workingLocation"] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export interface CalendarEvent {
  kind: "calendar#event";
  etag: string;
  id: string;
  status: "confirmed" | "tentative" | "cancelled";
  htmlLink: string;
  created: string;
  updated: string;
  summary?: string;
  description?: string;
  location?: string;
  colorId?: string;
  creator: { email: string; self?: boolean };
  organizer: { email: string; displayName?: string; self?: boolean };
  start: EventDateTime;
  end: EventDateTime;
  endTimeUnspecified?: boolean;
  recurrence?: string[];
  recurringEventId?: string;
  originalStartTime?: EventDateTime;
  transparency?: "opaque" | "transparent";
  visibility?: "default" | "public" | "private" | "confidential";
  iCalUID: string;
  sequence: number;
  attendees?: Attendee[];
  guestsCanModify?: boolean;
  reminders: { useDefault: boolean; overrides?: Reminder[] };
  eventType: EventType;
}

export interface Setting {
  kind: "calendar#setting";
  etag: string;
  id: string;
  value: string;
}
