import * as queries from "../../provider/reports/functions";

import { outputFunction, promiseFunction } from "../internal/functions";

export type { ActivitiesArgs, ActivitiesResult } from "../../provider/reports/functions";
export type {
  Activity,
  ActivityEvent,
  ActivityParameter,
  ClientType,
  NestedParameter,
  ProductBucket,
  TokenEventName,
  TokenEventParameters,
} from "../../provider/reports/activitySchema";
export { CLIENT_TYPES, PRODUCT_BUCKETS, TOKEN_EVENT_NAMES, consoleMessage, parseActivity } from "../../provider/reports/activitySchema";
export type { ActivityNotification, ChannelMessage, NotificationHandlerOptions } from "../../provider/reports/notificationHandler";
export { notificationHandler } from "../../provider/reports/notificationHandler";

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
export const getActivities = promiseFunction(queries.getActivities);

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
export const getActivitiesOutput = outputFunction(queries.getActivities);
