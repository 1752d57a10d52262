/**
 * Google Calendar v3 as an emulator plug-in: options under `calendar`, flags
 * `--calendar-...`, the legacy Google error envelope, `fields` partial
 * responses, tokens mapped to users, quota units counted per user (and an
 * optional per-minute quota), `If-Match` and `ETag` in the request log. The
 * store's change feed (`store.onChange`) is what watch channels build on.
 */
import { googleLegacyErrors } from "../../errors";
import { GOOGLE_CREDENTIAL_QUERY_PARAMETERS } from "../../google/auth";
import { definePlugin } from "../../plugin";
import { calendarObjects } from "./console";
import type { CalendarContext } from "./context";
import { CALENDAR_PREFIX, callerOf } from "./context";
import { calendarFlags, resolveCalendarOptions, type CalendarInput } from "./options";
import { admitByQuota } from "./quota";
import { calendarRoutes } from "./routes";
import { calendarWatchInternalRoutes, calendarWatchRoutes, CalendarWatchStore } from "./watch";
import { discoveryDocument } from "../../google/contracts/sources";

export const calendarPlugin = definePlugin({
  name: "calendar",
  summary: `Google Calendar v3 at ${CALENDAR_PREFIX}/...`,
  pathPrefixes: [`${CALENDAR_PREFIX}/`],
  errorFamily: googleLegacyErrors,
  contracts: [discoveryDocument("calendar.v3.json")],
  partialResponses: true,
  // A channel token is the receiver's secret: the request log never shows it.
  secrets: { queryParameters: GOOGLE_CREDENTIAL_QUERY_PARAMETERS, bodyFields: ["token"] },
  recordedHeaders: { request: ["if-match"], response: ["etag"] },
  options: (input: CalendarInput) => resolveCalendarOptions(input),
  flags: calendarFlags,
  createStore: () => new CalendarWatchStore(),
  mount: ({ store, now, tokens, accessTokens, options, channelDelivery }) => {
    // Configured users exist from the start (their primary calendars can be shared with before they call).
    store.seedUsers([...(options.users?.values() ?? [])]);
    const channels = store.attachChannels({ now, maxTtlMs: options.channelMaxTtlMs, delivery: channelDelivery });
    const context: CalendarContext = { store, options, now, tokens, accessTokens };
    return {
      authenticate: ({ headers, query, method }) => callerOf(context, headers, query, method),
      routes: [...calendarRoutes(context), ...calendarWatchRoutes(context)],
      internalRoutes: calendarWatchInternalRoutes(store),
      objects: calendarObjects(context),
      close: () => channels.close(),
      admit: async (request) => admitByQuota(context, request),
    };
  },
});
