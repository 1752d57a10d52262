/**
 * The reports API's read side: `getActivities`, the activities of an
 * application (token audit by default), every page or one. Arguments are
 * checked before any request; results are typed as the spec's Activity
 * (activitySchema.ts). The `eventName` rule of the spec holds: an activity
 * that contains the event is returned whole, its other events included.
 */
import { z } from "zod";
import { excerpt } from "../../engine/declaration/excerpt";
import { fillTemplate } from "../../engine/declaration/template";
import { activitySchemaFor, type Activity } from "./activitySchema";
import { ACTIVITIES_PATH, applicationName, eventName, filters, filtersParameter, userKey } from "./names";
import { readFunctionsOf } from "../../engine/functions/readFunction";

/** The largest page the API serves (the reference: maxResults 1 to 1000). */
export const MAX_ACTIVITIES_PAGE_SIZE = 1000;

const dateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i, {
    error: (issue) => `must be an RFC 3339 date-time, e.g. "2030-01-31T12:00:00Z"; got ${excerpt(issue.input)}`,
  })
  .optional();

const pageSize = `must be a whole number from 1 to ${MAX_ACTIVITIES_PAGE_SIZE}`;

export const activitiesArgs = z
  .object({
    userKey,
    applicationName,
    eventName,
    filters,
    startTime: dateTime,
    endTime: dateTime,
    actorIpAddress: z
      .string()
      .regex(/^[0-9A-Fa-f.:]+$/, { error: (issue) => `must be an IPv4 or IPv6 address; got ${excerpt(issue.input)}` })
      .optional(),
    /** Activities per request (the API's maxResults). */
    maxResults: z
      .number({ error: (issue) => `${pageSize}; got ${excerpt(issue.input)}` })
      .int({ error: (issue) => `${pageSize}; got ${excerpt(issue.input)}` })
      .min(1, { error: (issue) => `${pageSize}; got ${excerpt(issue.input)}` })
      .max(MAX_ACTIVITIES_PAGE_SIZE, { error: (issue) => `${pageSize}; got ${excerpt(issue.input)}` })
      .optional(),
    /** `all` (the default): every page; `one`: the page at `pageToken` (the first without it). */
    pages: z.enum(["all", "one"], { error: (issue) => `must be "all" or "one"; got ${excerpt(issue.input)}` }).default("all"),
    pageToken: z.string().min(1).optional(),
  })
  .refine((args) => args.startTime === undefined || args.endTime === undefined || Date.parse(args.startTime) < Date.parse(args.endTime), {
    error: "startTime must be before endTime",
    path: ["startTime"],
  })
  .refine((args) => args.pageToken === undefined || args.pages === "one", { error: 'is only for pages: "one"', path: ["pageToken"] });
export type ActivitiesArgs = z.input<typeof activitiesArgs>;

export interface ActivitiesResult {
  activities: Activity[];
  /** With `pages: "one"`, the token of the next page, when there is one. */
  nextPageToken?: string;
}

/** A page of activities, each checked by its application's schema as the page is read. */
const pageOf = (applicationName: string | undefined) =>
  z.looseObject({ kind: z.string().optional(), items: z.array(activitySchemaFor(applicationName)).optional(), nextPageToken: z.string().optional() });

const { custom } = readFunctionsOf("reports");

export const getActivities = custom({
  name: "getActivities",
  doc: 'The activities of an application for a user (or `all`), newest first: every page, or with `pages: "one"` one page and the token of the next.',
  args: activitiesArgs,
  request: `GET ${ACTIVITIES_PATH}, every page or one`,
  run: async (args, send): Promise<ActivitiesResult> => {
    const path = fillTemplate(ACTIVITIES_PATH, { userKey: args.userKey, applicationName: args.applicationName });
    const query = {
      eventName: args.eventName,
      filters: filtersParameter(args.filters),
      startTime: args.startTime,
      endTime: args.endTime,
      actorIpAddress: args.actorIpAddress,
      maxResults: args.maxResults,
    };
    // Every page, or the one at `pageToken`, read by the executor; each parsed once, its activities with it.
    const pages = await send({
      method: "GET",
      path,
      query: { ...query, pageToken: args.pageToken },
      schema: pageOf(args.applicationName),
      paging: { wholePages: true, ...(args.pages === "one" && { maxPages: 1 }) },
    });
    const activities: Activity[] = pages.flatMap((page) => page.items ?? []);
    const next = pages.at(-1)?.nextPageToken;
    return { activities, ...(next !== undefined && next !== "" && { nextPageToken: next }) };
  },
});
