/**
 * The reports API's names, shared by the watch channel and `getActivities`:
 * user keys, application names, event names and filter expressions, each
 * checked before any request with a message saying the accepted form.
 */
import { z } from "zod";
import { excerpt } from "../../engine/declaration/excerpt";

export const ACTIVITIES_PATH = "admin/reports/v1/activity/users/{userKey}/applications/{applicationName}";
export const CHANNEL_STOP_PATH = "admin/reports_v1/channels/stop";

const USER_KEY_FORM = '"all", a user\'s primary e-mail address (e.g. "alice@example.com") or a numeric profile id';

export const userKey = z
  .string()
  .refine((value) => value === "all" || /^[^@\s/]+@[^@\s/]+\.[^@\s/]+$/.test(value) || /^\d+$/.test(value), {
    error: (issue) => `must be ${USER_KEY_FORM}; got ${excerpt(issue.input)}`,
  })
  .meta({ description: `Whose activities: ${USER_KEY_FORM}.` });

/** The reference's application names; `token` is the OAuth token audit. */
export const APPLICATION_NAMES = [
  "access_transparency",
  "admin",
  "calendar",
  "chat",
  "drive",
  "gcp",
  "gplus",
  "groups",
  "groups_enterprise",
  "jamboard",
  "login",
  "meet",
  "mobile",
  "rules",
  "saml",
  "token",
  "user_accounts",
  "context_aware_access",
  "chrome",
  "data_studio",
  "keep",
] as const;

export const applicationName = z
  .enum(APPLICATION_NAMES, { error: (issue) => `must be one of ${APPLICATION_NAMES.join(", ")}; got ${excerpt(issue.input)}` })
  .default("token")
  .meta({ description: "The application whose activities are meant; `token` (the default) is the OAuth token audit." });

export const eventName = z
  .string()
  .regex(/^[A-Za-z0-9_]+$/, { error: (issue) => `must be one event name (letters, digits, "_"), e.g. "authorize"; got ${excerpt(issue.input)}` })
  .optional()
  .meta({
    description:
      "Only activities containing this event (`activity`, `authorize`, `request`, `revoke` for `token`; other names for other applications). " +
      "An activity that contains it is returned whole, its other events included.",
  });

const FILTER = /^[A-Za-z_][A-Za-z0-9_.]*(==|<>|<=|>=|=|<|>)[^,]+$/;

export const filters = z
  .array(
    z.string().regex(FILTER, {
      error: (issue) =>
        `must be of the form <parameter>=<value> (or ==, <>, <, <=, >, >=; no comma), e.g. "app_name=Calendar Sync"; got ${excerpt(issue.input)}`,
    }),
  )
  .optional()
  .meta({ description: "Conditions on the event's parameters, each `<parameter>=<value>` (or `==`, `<>`, `<`, `<=`, `>`, `>=`); all must hold." });

/** `filters` on the wire: one comma-separated expression. */
export function filtersParameter(list: readonly string[] | undefined): string | undefined {
  return list === undefined || list.length === 0 ? undefined : list.join(",");
}
