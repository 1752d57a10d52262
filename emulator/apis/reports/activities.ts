/**
 * Token audit activities (application `token`) as the reports API returns
 * them, and the selection rules of its list and watch: `eventName` (an
 * activity that contains the event is returned whole, its other events
 * included), `filters` (`<parameter><op><value>`, comma-separated, all must
 * hold for one event), the actor and the time window.
 */
import { ApiError } from "../../errors";
import { invalidParameter as invalidParameterValue } from "../../google/errors";

export interface Parameter {
  name: string;
  value?: string;
  intValue?: string;
  boolValue?: boolean;
  multiValue?: string[];
  messageValue?: { parameter: Parameter[] };
}

export interface ActivityEvent {
  type: string;
  name: string;
  parameters: Parameter[];
}

export interface Activity {
  kind: "admin#reports#activity";
  etag: string;
  id: { time: string; uniqueQualifier: string; applicationName: string; customerId: string };
  actor: { callerType: string; email: string; profileId: string };
  ownerDomain: string;
  ipAddress: string;
  events: ActivityEvent[];
}

/** An activity as stored: the wire record and its place in the trail (newest is highest). */
export interface StoredActivity {
  sequence: number;
  activity: Activity;
}

export const TOKEN_EVENT_NAMES = ["activity", "authorize", "request", "revoke"] as const;

type Operator = "==" | "<>" | "<=" | ">=" | "=" | "<" | ">";

export interface Filter {
  parameter: string;
  operator: Operator;
  value: string;
}

function invalidParameter(name: string, value: string, why: string): ApiError {
  return new ApiError({
    httpStatus: 400,
    reason: "invalid",
    message: `Invalid value for '${name}': '${value}'. ${why}`,
    location: name,
    locationType: "parameter",
  });
}

/** `filters` as the API takes it: `name==value,other<>value`, each `<parameter><op><value>`. */
export function parseFilters(raw: string | undefined): Filter[] {
  if (raw === undefined || raw === "") return [];
  return raw.split(",").map((expression) => {
    const match = /^([A-Za-z_][A-Za-z0-9_.]*)(==|<>|<=|>=|=|<|>)(.+)$/.exec(expression);
    if (match?.[1] === undefined || match[2] === undefined || match[3] === undefined) {
      throw invalidParameter("filters", raw, "Each filter must be <parameter><operator><value> with an operator of ==, <>, <, <=, >, >=.");
    }
    return { parameter: match[1], operator: match[2] as Operator, value: match[3] };
  });
}

function compare(parameter: Parameter, filter: Filter): boolean {
  const actual = parameter.intValue ?? parameter.value ?? (parameter.boolValue !== undefined ? String(parameter.boolValue) : undefined);
  const values = actual !== undefined ? [actual] : (parameter.multiValue ?? []);
  return values.some((candidate) => {
    const numeric = /^-?\d+$/.test(candidate) && /^-?\d+$/.test(filter.value);
    const order = numeric ? Math.sign(Number(BigInt(candidate) - BigInt(filter.value))) : candidate < filter.value ? -1 : candidate > filter.value ? 1 : 0;
    switch (filter.operator) {
      case "=":
      case "==":
        return order === 0;
      case "<>":
        return order !== 0;
      case "<":
        return order < 0;
      case "<=":
        return order <= 0;
      case ">":
        return order > 0;
      case ">=":
        return order >= 0;
    }
  });
}

function eventMatches(event: ActivityEvent, filters: readonly Filter[]): boolean {
  return filters.every((filter) => event.parameters.some((parameter) => parameter.name === filter.parameter && compare(parameter, filter)));
}

export interface Selection {
  userKey: string;
  applicationName: string;
  eventName?: string;
  filters: readonly Filter[];
  actorIpAddress?: string;
  /** Unix ms, inclusive. */
  startTime?: number;
  /** Unix ms, exclusive. */
  endTime?: number;
}

/**
 * The event of the activity that makes it selected (the first one with the
 * name, if one is asked, and meeting the filters), or undefined.
 */
export function selectedEvent(activity: Activity, selection: Selection): ActivityEvent | undefined {
  if (activity.id.applicationName !== selection.applicationName) return undefined;
  if (selection.userKey !== "all" && selection.userKey.toLowerCase() !== activity.actor.email.toLowerCase() && selection.userKey !== activity.actor.profileId) {
    return undefined;
  }
  if (selection.actorIpAddress !== undefined && selection.actorIpAddress !== activity.ipAddress) return undefined;
  const time = Date.parse(activity.id.time);
  if (selection.startTime !== undefined && time < selection.startTime) return undefined;
  if (selection.endTime !== undefined && time >= selection.endTime) return undefined;
  return activity.events.find((event) => (selection.eventName === undefined || event.name === selection.eventName) && eventMatches(event, selection.filters));
}

/**
 * The application names the service knows: the `pattern` of `applicationName` in the API's
 * discovery document (the revision googleapis@188 was generated from). The front end checks it
 * before the method runs, so an unknown name is a 400, not an empty list.
 */
const APPLICATION_NAME_PATTERN =
  "(access_evaluation)|(access_transparency)|(admin)|(admin_data_action)|(assignments)|(calendar)|(chat)|(chrome)|(classroom)|" +
  "(cloud_search)|(contacts)|(context_aware_access)|(data_studio)|(data_migration)|(directory_sync)|(drive)|(gcp)|(gmail)|(gplus)|" +
  "(graduation)|(groups)|(groups_enterprise)|(jamboard)|(keep)|(ldap)|(login)|(meet)|(meet_hardware)|(mobile)|(profile)|(rules)|" +
  "(saml)|(token)|(user_accounts)|(vault)|(gemini_in_workspace_apps)|(tasks)|(takeout)|(voice)|(chrome_sync)|(workspace_studio)|" +
  "(gemini_notebook)";
const APPLICATION_NAME = new RegExp(`^(?:${APPLICATION_NAME_PATTERN})$`);

export function checkApplicationName(applicationName: string): void {
  if (APPLICATION_NAME.test(applicationName)) return;
  throw invalidParameterValue(
    "applicationName",
    `Invalid value '${applicationName}'. Values must match the following regular expression: '${APPLICATION_NAME_PATTERN}'`,
  );
}

/** `userKey`: `all`, a primary e-mail or a profile id. */
export function checkUserKey(userKey: string): void {
  if (userKey === "all" || /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(userKey) || /^\d+$/.test(userKey)) return;
  throw new ApiError({
    httpStatus: 400,
    reason: "invalid",
    message: `Bad request for userKey '${userKey}': must be 'all', a primary e-mail address or a profile id.`,
  });
}

/** An RFC 3339 date-time query parameter, in Unix ms. */
export function parseTimeParameter(name: string, raw: string | undefined): number | undefined {
  if (raw === undefined || raw === "") return undefined;
  const rfc3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;
  const value = Date.parse(raw);
  if (!rfc3339.test(raw) || Number.isNaN(value)) {
    throw invalidParameter(name, raw, "It must be an RFC 3339 date-time, e.g. 2010-10-28T10:26:35.000Z.");
  }
  return value;
}

/** The reference's rule: startTime must be before endTime and before now. */
export function checkTimeWindow(startTime: number | undefined, endTime: number | undefined, now: number): void {
  if (endTime !== undefined && endTime > now) {
    throw new ApiError({ httpStatus: 400, reason: "invalid", message: "End time requested is in the future.", location: "endTime", locationType: "parameter" });
  }
  if (startTime === undefined) return;
  if (startTime > now) {
    throw new ApiError({
      httpStatus: 400,
      reason: "invalid",
      message: "Start time requested is in the future.",
      location: "startTime",
      locationType: "parameter",
    });
  }
  if (endTime !== undefined && startTime >= endTime) {
    throw new ApiError({
      httpStatus: 400,
      reason: "invalid",
      message: "Start time must be before the end time.",
      location: "startTime",
      locationType: "parameter",
    });
  }
}
