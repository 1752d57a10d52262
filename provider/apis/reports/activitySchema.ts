/**
 * The Activity record of the spec, typed: int64 fields stay strings (as on
 * the wire), and for the token application each event's parameters are
 * also given as one typed object per event name (`event.token`), with
 * `client_type` and `product_bucket` as the spec's enums. Fields the spec
 * does not name are kept.
 */
import { z } from "zod";
import { answers } from "../../http/answer";
import { CLIENT_TYPES, PRODUCT_BUCKETS, TOKEN_EVENT_NAMES } from "./activityNames";

const int64 = z.string().regex(/^-?\d+$/);

export interface NestedParameter {
  name?: string;
  value?: string;
  intValue?: string;
  boolValue?: boolean;
  multiValue?: string[];
  multiIntValue?: string[];
  multiBoolValue?: boolean[];
}

const nestedParameter: z.ZodType<NestedParameter> = z.looseObject({
  name: z.string().optional(),
  value: z.string().optional(),
  intValue: int64.optional(),
  boolValue: z.boolean().optional(),
  multiValue: z.array(z.string()).optional(),
  multiIntValue: z.array(int64).optional(),
  multiBoolValue: z.array(z.boolean()).optional(),
});

export const parameterSchema = z.looseObject({
  name: z.string(),
  value: z.string().optional(),
  intValue: int64.optional(),
  boolValue: z.boolean().optional(),
  multiValue: z.array(z.string()).optional(),
  multiIntValue: z.array(int64).optional(),
  messageValue: z.looseObject({ parameter: z.array(nestedParameter).default([]) }).optional(),
  multiMessageValue: z.array(z.looseObject({ parameter: z.array(nestedParameter).default([]) })).optional(),
});
export type ActivityParameter = z.infer<typeof parameterSchema>;

const common = {
  app_name: z.string(),
  client_id: z.string(),
  client_type: z.enum(CLIENT_TYPES),
};

/** The parameters of a token `activity` event (an API call made for a user). */
export const tokenCallParameters = z.object({
  event: z.literal("activity"),
  ...common,
  api_name: z.string(),
  method_name: z.string(),
  /** int64, kept as a string. */
  num_response_bytes: int64,
  product_bucket: z.enum(PRODUCT_BUCKETS),
});

/** The parameters of a token `authorize`, `request` or `revoke` event. */
export const tokenScopeParameters = z.object({
  event: z.enum(["authorize", "request", "revoke"]),
  ...common,
  scope: z.string(),
  /** The `scope_data` message's fields (their names are not given by the spec). */
  scope_data: z.array(nestedParameter).default([]),
});

export const tokenEventParameters = z.discriminatedUnion("event", [tokenCallParameters, tokenScopeParameters]);
export type TokenEventParameters = z.infer<typeof tokenEventParameters>;

export interface ActivityEvent {
  type?: string;
  name: string;
  /** The parameters as the API sends them. */
  parameters: ActivityParameter[];
  /** For the token application's four events: the parameters as one typed object. */
  token?: TokenEventParameters;
}

const rawEvent = z.looseObject({ type: z.string().optional(), name: z.string(), parameters: z.array(parameterSchema).default([]) });

/** The typed form of a token event's parameters; an event of another name has none. */
function tokenParameters(event: z.infer<typeof rawEvent>, context: z.RefinementCtx): TokenEventParameters | undefined {
  if (!(TOKEN_EVENT_NAMES as readonly string[]).includes(event.name)) return undefined;
  const values: Record<string, unknown> = { event: event.name };
  for (const parameter of event.parameters) {
    values[parameter.name] =
      parameter.name === "scope_data"
        ? (parameter.messageValue?.parameter ?? [])
        : (parameter.intValue ?? parameter.value ?? parameter.multiValue?.join(" ") ?? parameter.boolValue);
  }
  const parsed = tokenEventParameters.safeParse(values);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) {
    context.addIssue({ code: "custom", message: `token event "${event.name}": parameter ${issue.path.join(".")} ${issue.message}` });
  }
  return undefined;
}

export function activitySchemaFor(applicationName: string | undefined) {
  const event =
    applicationName === "token"
      ? rawEvent.transform((raw, context): ActivityEvent => {
          const token = tokenParameters(raw, context);
          return { ...raw, ...(token !== undefined && { token }) };
        })
      : rawEvent;
  return z.looseObject({
    kind: z.string().optional(),
    etag: z.string().optional(),
    id: z.looseObject({
      time: z.string(),
      /** int64, kept as a string. */
      uniqueQualifier: int64,
      applicationName: z.string(),
      customerId: z.string().optional(),
    }),
    actor: z
      .looseObject({ callerType: z.string().optional(), email: z.string().optional(), profileId: int64.optional(), key: z.string().optional() })
      .default({}),
    ownerDomain: z.string().optional(),
    ipAddress: z.string().optional(),
    events: z.array(event).default([]),
  });
}

export interface Activity {
  kind?: string;
  etag?: string;
  id: { time: string; uniqueQualifier: string; applicationName: string; customerId?: string };
  actor: { callerType?: string; email?: string; profileId?: string; key?: string };
  ownerDomain?: string;
  ipAddress?: string;
  events: ActivityEvent[];
}

/** Parses an Activity record; token events get their typed parameters. */
export function parseActivity(value: unknown): Activity {
  // Which application's schema checks it is read off the record as it is: the record is parsed once, by that schema.
  const id = typeof value === "object" && value !== null ? (value as { id?: unknown }).id : undefined;
  const named = typeof id === "object" && id !== null ? (id as { applicationName?: unknown }).applicationName : undefined;
  const parsed = answers.parse(activitySchemaFor(typeof named === "string" ? named : undefined), value);
  if (!parsed.success) throw parsed.error;
  return parsed.data;
}

/**
 * An event as the admin console words it, e.g. "alice@example.com authorized
 * access to Calendar Sync for https://www.googleapis.com/auth/calendar scopes".
 * Undefined for an event that is not one of the token application's four.
 */
export function consoleMessage(activity: Activity, event: ActivityEvent): string | undefined {
  const token = event.token;
  if (token === undefined) return undefined;
  const actor = activity.actor.email ?? activity.actor.profileId ?? "unknown user";
  switch (token.event) {
    case "activity":
      return `${token.app_name} called ${token.method_name} on behalf of ${actor}`;
    case "authorize":
      return `${actor} authorized access to ${token.app_name} for ${token.scope} scopes`;
    case "request":
      return `${actor} requested access to ${token.app_name} for ${token.scope} scopes`;
    case "revoke":
      return `${actor} revoked access to ${token.app_name} for ${token.scope} scopes`;
  }
}
