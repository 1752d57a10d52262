import type * as Queries from "../../provider/reports/functions";
import type * as Schema from "../../provider/reports/activitySchema";
import type * as Handler from "../../provider/reports/notificationHandler";

import { lazily, outputFunction, promiseFunction } from "../internal/functions";

export type { ActivitiesArgs, ActivitiesResult } from "../../provider/reports/functions";
export type {
  Activity,
  ActivityEvent,
  ActivityParameter,
  NestedParameter,
  TokenEventParameters,
} from "../../provider/reports/activitySchema";
export { CLIENT_TYPES, PRODUCT_BUCKETS, TOKEN_EVENT_NAMES, type ClientType, type ProductBucket, type TokenEventName } from "../../provider/reports/activityNames";
export type { ActivityNotification, ChannelMessage, NotificationHandlerOptions } from "../../provider/reports/notificationHandler";

// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on the first call (sdk/internal/functions.ts)
const queries = lazily(() => require("../../provider/reports/functions") as typeof Queries);
// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on the first call (sdk/internal/functions.ts)
const schema = lazily(() => require("../../provider/reports/activitySchema") as typeof Schema);
// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on the first call (sdk/internal/functions.ts)
const handler = lazily(() => require("../../provider/reports/notificationHandler") as typeof Handler);

/** Parses an Activity record (as a notification or a listing carries it); token events get their typed parameters (`event.token`). */
export const parseActivity: typeof Schema.parseActivity = (value) => schema().parseActivity(value);

/**
 * An event as the admin console words it, e.g. "alice@example.com authorized access to Calendar
 * Sync for https://www.googleapis.com/auth/calendar scopes"; undefined for an event that is not
 * one of the token application's four.
 */
export const consoleMessage: typeof Schema.consoleMessage = (activity, event) => schema().consoleMessage(activity, event);

/**
 * The receiver of an ActivityWatchChannel's notifications, as a request handler of an HTTP
 * server: checks the channel token, drops repeats, and hands each notification, with its
 * activity typed when the channel carries bodies, to `onNotification`.
 */
export const notificationHandler: typeof Handler.notificationHandler = (options) => handler().notificationHandler(options);

/**
 * The activities of an application (`token`, the OAuth token audit, by default) for a user or
 * `all`, newest first (`GET admin/reports/v1/activity/users/{userKey}/applications/{applicationName}`).
 *
 * Every page by default (`pages: "one"` for one, with `pageToken`); `maxResults` (1 to 1000) is
 * how many each request asks for. `eventName` returns every activity that contains the event,
 * whole (its other events included); `filters` are `<parameter>=<value>` expressions. Token
 * events carry their parameters typed in `event.token` (int64 values as strings, `client_type`
 * and `product_bucket` as enums); `consoleMessage(activity, event)` words one as the admin
 * console does. A bad argument fails before any request, naming it. The token is
 * `svc:reportsToken` (or `SVC_REPORTS_TOKEN`).
 *
 * @example
 * ```ts
 * import * as svc from "pulumi-svc";
 * const { activities } = await svc.reports.getActivities({ userKey: "all", eventName: "revoke" });
 * for (const activity of activities) for (const event of activity.events) console.log(svc.reports.consoleMessage(activity, event));
 * ```
 */
export const getActivities = promiseFunction(queries, "getActivities");

/**
 * {@link getActivities} as an Output, for Pulumi programs: its arguments may be Outputs.
 *
 * @example
 * ```ts
 * import * as svc from "pulumi-svc";
 * export const revokedApps = svc.reports
 *   .getActivitiesOutput({ userKey: "all", eventName: "revoke" })
 *   .apply(({ activities }) => activities.flatMap((a) => a.events.flatMap((e) => (e.token ? [e.token.app_name] : []))));
 * ```
 */
export const getActivitiesOutput = outputFunction(queries, "getActivities");
