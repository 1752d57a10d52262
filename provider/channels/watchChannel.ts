/**
 * What every push-notification channel resource shares (reports activities
 * now; the calendar's acl, events, calendarList and settings watches next):
 * the channel's inputs with their checks, the watch body, the answer, the
 * outputs, and the lifecycle of a thing that cannot be read or changed and
 * ends by itself:
 *
 * - create = the API's watch request (a body from `channelBody`);
 * - read = the stored state until the effective expiration, then gone, so a
 *   refresh drops an expired channel and the next `up` makes a new one;
 * - every change replaces, the new channel first (the spec lets two overlap,
 *   so no notification is missed): the channel id is auto-named from the
 *   resource's name plus a random suffix, made anew for each replacement; a
 *   channel id the program pins must go first (ids are unique);
 * - delete = `channels/stop` with `id` and `resourceId` (a 404, already gone
 *   or expired, counts as done); a stop refused because another user or
 *   OAuth client made the channel says so.
 *
 * An API's channel resource spreads `channelDeclaration(...)` into its
 * declaration and adds what it watches (its own inputs and watch path).
 */
import type { ReviewFacts } from "../engine/declaration/review";
import { z } from "zod";
import type { Args, RefusedStep, State } from "../engine/declaration/declaration";
import { excerpt } from "../engine/declaration/excerpt";
import type { ChosenPath, QuerySpec, Steps } from "../engine/declaration/steps";
import type { ApiError } from "../http/answer";

export const MAX_CHANNEL_ID_LENGTH = 64;
export const MAX_CHANNEL_TOKEN_LENGTH = 256;

/** The service's opaque resource ids: letters, digits, `-` and `_` (e.g. `o3hgv1538sdjfh`). */
const RESOURCE_ID_FORM = { pattern: /^[A-Za-z0-9_-]{1,200}$/, accepted: 'the resourceId the watch returned (letters, digits, "-", "_")' };

const CHANNEL_ID_FORM = `at most ${MAX_CHANNEL_ID_LENGTH} letters, digits, "-", "_" or "."`;

/** The inputs every channel has; an API's channel adds what it watches. */
export const channelShape = {
  address: z
    .string()
    .refine((value) => httpsUrl(value), {
      error: (issue) => `must be an https:// URL of the receiver (the service refuses any other scheme); got ${excerpt(issue.input)}`,
    })
    .meta({ description: "The HTTPS address notifications are POSTed to; its certificate must be valid (not self-signed)." }),
  // A secret: messages say its length, never its value.
  token: z
    .string()
    .refine((value) => value.length <= MAX_CHANNEL_TOKEN_LENGTH, {
      error: (issue) => `must be at most ${MAX_CHANNEL_TOKEN_LENGTH} characters; got ${String(issue.input).length} characters`,
    })
    .optional()
    .meta({
      description:
        `A value (at most ${MAX_CHANNEL_TOKEN_LENGTH} characters) sent with every notification in \`X-Svc-Channel-Token\`, ` +
        "for the receiver to check where a notification comes from, e.g. `target=audit`. Always a Pulumi secret; never in logs or messages.",
    }),
  payload: z.boolean().optional().meta({ description: "Whether notifications carry the changed object as their body (default: they do)." }),
  expiration: z
    .string()
    .refine((value) => !Number.isNaN(Date.parse(value)) && /^\d{4}-\d{2}-\d{2}T/.test(value), {
      error: (issue) => `must be an RFC 3339 date-time, e.g. "2030-01-31T12:00:00Z"; got ${excerpt(issue.input)}`,
    })
    .refine((value) => Date.parse(value) > Date.now(), { error: (issue) => `must be in the future; got ${excerpt(issue.input)}` })
    .optional()
    .meta({
      description:
        "When the channel should end (RFC 3339). The service keeps the earlier of this and its own limit: see `effectiveExpiration`. " +
        "Give this or `ttlSeconds`, not both.",
    }),
  ttlSeconds: z
    .number({ error: (issue) => `must be a whole number of seconds, at least 1; got ${excerpt(issue.input)}` })
    .int({ error: (issue) => `must be a whole number of seconds, at least 1; got ${excerpt(issue.input)}` })
    .min(1, { error: (issue) => `must be a whole number of seconds, at least 1; got ${excerpt(issue.input)}` })
    .optional()
    .meta({ description: "How long the channel should live from its creation, in seconds; the service may cut it short (its own limit)." }),
  channelId: z
    .string()
    // Not "." or "..": the id is a path segment of the resource's id.
    .regex(/^(?!\.{1,2}$)[A-Za-z0-9_.-]{1,64}$/, { error: (issue) => `must be ${CHANNEL_ID_FORM}, not "." or ".."; got ${excerpt(issue.input)}` })
    .optional()
    .meta({
      description:
        "The channel's `id` on the wire (Pulumi reserves `id`): unique, " +
        CHANNEL_ID_FORM +
        ". Left out, it is the resource's name plus a random " +
        "suffix, made anew for each replacement so the new channel can start before the old one stops; a pinned id makes a replacement stop the old channel first.",
    }),
};

export interface ChannelArgs extends Args {
  address: string;
  token?: string;
  payload?: boolean;
  expiration?: string;
  ttlSeconds?: number;
  channelId: string;
}

/** Output-only properties of every channel. */
export const channelOutputs = {
  resourceId: z.string().meta({ description: "The opaque id of the watched resource (stable across API versions); needed to stop the channel." }),
  resourceUri: z.string().optional().meta({ description: "The API-version-specific identifier of the watched resource." }),
  effectiveExpiration: z.string().optional().meta({
    description:
      "When the channel ends (RFC 3339): the earlier of the one asked for and the service's own limit. A refresh after it drops the channel; the next `up` makes a new one.",
  }),
};

/** What the state holds of the service's answer (and what a read of the stored state reads). */
export const channelWire = z.looseObject({
  channelId: z.string(),
  resourceId: z.string(),
  resourceUri: z.string().optional(),
  effectiveExpiration: z.string().optional(),
});
export type ChannelWire = z.infer<typeof channelWire>;

/** The Channel resource the watch answers with. */
const channelAnswer = z.looseObject({
  kind: z.literal("api#channel").optional(),
  id: z.string(),
  resourceId: z.string().min(1),
  resourceUri: z.string().optional(),
  expiration: z.union([z.string(), z.number()]).optional(),
});

/** Only one of the two ways to say when the channel ends. */
export function channelCrossCheck(args: ChannelArgs): { property: string; reason: string }[] {
  if (args.expiration !== undefined && args.ttlSeconds !== undefined) {
    return [{ property: "ttlSeconds", reason: "cannot be given with expiration: give the end time (expiration) or the life (ttlSeconds), not both" }];
  }
  return [];
}

/**
 * How a channel's life (`ttlSeconds`) goes on the wire: as an expiration time computed at the
 * watch, or as `params.ttl` (seconds), which the calendar and directory APIs take, so the
 * service counts the life from when it makes the channel.
 */
export type TtlForm = "expiration" | "params";

/** The watch request's body: the Channel resource as the client asks for it. */
export function channelBody(args: ChannelArgs, now: number = Date.now(), ttlForm: TtlForm = "expiration"): Record<string, unknown> {
  const ttlAsParam = ttlForm === "params" && args.ttlSeconds !== undefined && args.expiration === undefined;
  const expiration =
    args.expiration !== undefined ? Date.parse(args.expiration) : args.ttlSeconds !== undefined && !ttlAsParam ? now + args.ttlSeconds * 1000 : undefined;
  return {
    id: args.channelId,
    type: "web_hook",
    address: args.address,
    ...(args.token !== undefined && { token: args.token }),
    ...(args.payload !== undefined && { payload: args.payload }),
    ...(expiration !== undefined && { expiration: String(expiration) }),
    ...(ttlAsParam && { params: { ttl: String(args.ttlSeconds) } }),
  };
}

/** The channel's wire form from the watch's answer, parsed once in the call path by `channelAnswer`. */
function toChannelWire(answer: unknown): ChannelWire {
  const channel = answer as z.infer<typeof channelAnswer>;
  const expiration = channel.expiration === undefined ? undefined : Number(channel.expiration);
  return {
    channelId: channel.id,
    resourceId: channel.resourceId,
    ...(channel.resourceUri !== undefined && { resourceUri: channel.resourceUri }),
    ...(expiration !== undefined && !Number.isNaN(expiration) && { effectiveExpiration: new Date(expiration).toISOString() }),
  };
}

/** The state: the inputs as given, and what the service said about the channel. */
export function channelState(inputNames: readonly string[]): (wire: ChannelWire, previous: State) => State {
  return (wire, previous) => ({
    ...Object.fromEntries(inputNames.filter((name) => previous[name] !== undefined).map((name) => [name, previous[name]])),
    channelId: wire.channelId,
    resourceId: wire.resourceId,
    resourceUri: wire.resourceUri,
    effectiveExpiration: wire.effectiveExpiration,
  });
}

/** A stop refused because another user or OAuth client made the channel: said plainly, with what to do. */
export function explainStopRefusal(error: ApiError, args: Args, step: RefusedStep): Error | undefined {
  if (step !== "delete" || error.status !== 403) return undefined;
  const expiration = typeof args["effectiveExpiration"] === "string" ? args["effectiveExpiration"] : "at its expiration";
  return new Error(
    `the channel ${String(args["channelId"])} could not be stopped: another user or OAuth client made it, and only the same user from the same ` +
      "OAuth client (any user of the client, for a service account's channel) may stop it. Use that user's token, or let the channel expire " +
      `(${expiration}). (${error.apiMessage ?? error.message})`,
  );
}

/**
 * The declaration parts every channel resource shares; `watchPath` is the API's watch
 * (a custom verb on the watched collection), `watchQuery` what it watches besides the path,
 * `stopPath` its `channels/stop` below the channel base address.
 */
export function channelDeclaration<A extends ChannelArgs>(options: {
  inputNames: readonly string[];
  /** The id's leading part: the placeholders of what is watched (the watch path's), e.g. `{userKey}/{applicationName}`. */
  watched: string;
  /** A template of id placeholders, or the path an input chooses when it says what is watched. */
  watchPath: string | ChosenPath;
  watchQuery?: QuerySpec;
  stopPath: string;
  /** How `ttlSeconds` is sent (default: as an expiration time). */
  ttlForm?: TtlForm;
}) {
  const steps: Steps<A> = {
    create: {
      path: options.watchPath,
      ...(options.watchQuery !== undefined && { query: options.watchQuery }),
      // Not repeated blindly: a second watch with the same id is refused as not unique, and with
      // no read or listing of channels a lost answer cannot be settled; it is reported instead.
      repeat: "settle",
      answer: channelAnswer,
      toWire: (answer) => toChannelWire(answer),
    },
    read: { storedUntil: "effectiveExpiration" },
    delete: {
      method: "POST",
      path: options.stopPath,
      at: "channelBase",
      bodyFromState: { id: "channelId", resourceId: "resourceId" },
      // Stopping twice is harmless: the second is a 404, which counts as done.
      repeat: "idempotent",
    },
  };
  return {
    immutable: options.inputNames as (keyof A & string)[],
    update: "none" as const,
    autoName: { property: "channelId", maxLength: MAX_CHANNEL_ID_LENGTH },
    // A pinned id must be free before the new channel can take it; an auto-named one changes.
    deleteBeforeReplace: (_olds: State, news: Args) => news["__autoName"] !== true,
    // Imported by `{channelId}/{resourceId}` (what stop needs); what is watched comes from the program.
    id: {
      format: `${options.watched}/{channelId}/{resourceId}`,
      importFormats: ["{channelId}/{resourceId}"],
      serverAssigned: ["resourceId"],
      serverAssignedForms: { resourceId: RESOURCE_ID_FORM },
    },
    wire: channelWire,
    toCreateBody: (args: A) => channelBody(args, Date.now(), options.ttlForm),
    toState: channelState(options.inputNames),
    steps,
    secretOutputs: ["token"],
    hooks: { explainRefusal: explainStopRefusal },
    review: [
      {
        kind: "channelRecreated",
        on: ["replace"] as const,
        says: ({ name }: ReviewFacts) =>
          `watch channel ${name} is re-created: a new channel (new id and resource id) starts and the old one is stopped; receivers see a new sync message`,
      },
    ],
  };
}

function httpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname !== "";
  } catch {
    return false;
  }
}
