/** `svc.quotas.QuotaPreference`: the value a project, folder or organization wants for one quota. */
import { quotaDecrease } from "./review";
import { z } from "zod";
import { declare } from "../../engine/declaration/declaration";
import { excerpt } from "../../engine/declaration/excerpt";
import type { ApiError } from "../../http/answer";
import { POLL_KINDS } from "../../google/poll";
import { apiVersionArg, apiVersionDerived, etagOutput, parentDerived, parentInputs, parentProblems, parentShape, text } from "./parent";

const SAFETY_CHECKS = ["QUOTA_DECREASE_BELOW_USAGE", "QUOTA_DECREASE_PERCENTAGE_TOO_HIGH"] as const;
const INT64_FORM = 'a whole number of at least -1 (-1 is unlimited), as a decimal string (e.g. "9007199254740993") or a safe integer';
const INT64_MAX = 9223372036854775807n;

const preferredValue = z
  .union([z.string(), z.number()], { error: (issue) => `must be ${INT64_FORM}; got ${excerpt(issue.input)}` })
  .superRefine((value, context) => {
    const text = typeof value === "number" ? (Number.isSafeInteger(value) ? String(value) : undefined) : value;
    const problem =
      text === undefined
        ? "a number that is not a safe integer loses digits: give it as a decimal string"
        : !/^-?\d+$/.test(text)
          ? undefined
          : BigInt(text) < -1n
            ? "below -1"
            : BigInt(text) > INT64_MAX
              ? "above the int64 maximum"
              : null;
    if (problem === null) return;
    context.addIssue({ code: "custom", message: `must be ${INT64_FORM}; got ${excerpt(value)}${problem === undefined ? "" : ` (${problem})`}` });
  })
  .meta({ description: 'The preferred value (int64): a decimal string such as "9007199254740993" (kept exactly) or a safe integer; -1 asks for unlimited.' });

const dimensions = z
  .record(z.string(), z.string())
  .superRefine((value, context) => {
    for (const key of ["user", "resource"]) {
      if (key in value)
        context.addIssue({
          code: "custom",
          message: `must not have the key "${key}": the service refuses "user" and "resource" dimensions; use e.g. { region: "us-central1" }`,
        });
    }
  })
  .optional()
  .meta({
    description:
      'The quota\'s dimensions this preference is for, e.g. `{ region: "us-central1" }` (no `user` or `resource` keys). A change replaces the preference.',
  });

export const quotaPreferenceArgs = z.object({
  ...parentShape,
  quotaPreferenceId: z
    .string()
    .regex(/^[a-z0-9][a-z0-9_-]{0,62}$/i, {
      error: (issue) => `must be 1 to 63 letters, digits, "-" or "_", starting with a letter or digit; got ${excerpt(issue.input)}`,
    })
    .optional()
    .meta({ description: "The preference's id in its parent; the service assigns one when it is left out. A change replaces the preference." }),
  service: z
    .string()
    .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/, { error: (issue) => `must be a service name such as "compute.googleapis.com"; got ${excerpt(issue.input)}` })
    .meta({ description: "The service of the quota, e.g. `compute.googleapis.com`. A change replaces the preference." }),
  quotaId: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,200}$/, { error: (issue) => `must be a quota id such as "CPUS-per-project-region"; got ${excerpt(issue.input)}` })
    .meta({ description: "The quota's id, e.g. `CPUS-per-project-region` (see `getQuotaInfos`). A change replaces the preference." }),
  dimensions,
  preferredValue,
  justification: z.string().optional().meta({ description: "Why the value is wanted, for the reviewer of an increase." }),
  contactEmail: z
    .email({ error: (issue) => `must be an email address; got ${excerpt(issue.input)}` })
    .optional()
    .meta({ description: "Whom the service contacts about an increase. Input-only at the API (never read back): compared with what this stack last sent." }),
  annotations: z.record(z.string(), z.string()).optional().meta({ description: "Free-form annotations of the quota configuration." }),
  ignoreSafetyChecks: z
    .array(z.enum(SAFETY_CHECKS, { error: (issue) => `must be QUOTA_DECREASE_BELOW_USAGE or QUOTA_DECREASE_PERCENTAGE_TOO_HIGH; got ${excerpt(issue.input)}` }))
    .optional()
    .meta({
      description:
        "Safety checks a decrease may pass: `QUOTA_DECREASE_BELOW_USAGE`, `QUOTA_DECREASE_PERCENTAGE_TOO_HIGH`. Sent with each write; a change alone sends nothing.",
    }),
  apiVersion: apiVersionArg,
  waitForGrant: z
    .number()
    .int({ error: "must be a whole number of seconds from 1 to 3600" })
    .min(1, { error: "must be a whole number of seconds from 1 to 3600" })
    .max(3600, { error: "must be a whole number of seconds from 1 to 3600" })
    .optional()
    .meta({
      description: "Seconds to wait, after a write, for the service to decide an increase (logging progress and any partial grant); left out, no wait.",
    }),
});
export type QuotaPreferenceArgs = z.infer<typeof quotaPreferenceArgs>;

const int64Wire = z.union([z.string(), z.number()]).transform((value) => String(value));
const quotaPreferenceWire = z.looseObject({
  name: z.string(),
  dimensions: z.record(z.string(), z.string()).optional(),
  quotaConfig: z.looseObject({
    preferredValue: int64Wire,
    stateDetail: z.string().optional(),
    grantedValue: int64Wire.optional(),
    traceId: z.string().optional(),
    annotations: z.record(z.string(), z.string()).optional(),
    requestOrigin: z.string().optional(),
  }),
  etag: z.string().optional(),
  createTime: z.string().optional(),
  updateTime: z.string().optional(),
  service: z.string(),
  quotaId: z.string(),
  reconciling: z.boolean().optional(),
  justification: z.string().optional(),
});
type QuotaPreferenceWire = z.infer<typeof quotaPreferenceWire>;

const NAME = /^(projects|folders|organizations)\/([^/]+)\/locations\/global\/quotaPreferences\/([^/]+)$/;

/** Words for a decided increase that was not granted in full; undefined when there is nothing to say. The answer is the preference, parsed once as it in the call path. */
function grantOutcome(answer: unknown): string | undefined {
  const preference = answer as QuotaPreferenceWire | undefined;
  if (preference?.quotaConfig === undefined || preference.reconciling === true) return undefined;
  const { preferredValue: wanted, grantedValue: granted, stateDetail } = preference.quotaConfig;
  if (granted === undefined || granted === wanted) return `svc: ${preference.name}: granted in full (${wanted}).`;
  return `svc: ${preference.name}: partially granted: ${granted} of the ${wanted === "-1" ? "unlimited value" : wanted} asked for${stateDetail === undefined ? "" : ` (${stateDetail})`}.`;
}

function explainRefusal(error: ApiError): Error | undefined {
  // Only the answer's reason says a safety check refused it: a message may quote the checks' names for another cause (a malformed parameter).
  const check = SAFETY_CHECKS.find((name) => error.errorInfoReason === name);
  if (error.status === 400 && check !== undefined) {
    return new Error(
      `svc.quotas.QuotaPreference: the service refused the preferred value by its safety check ${check} (${error.apiMessage}). ` +
        `If the decrease is intended, add "${check}" to ignoreSafetyChecks (ignoreSafetyChecks: ["${check}"]).`,
    );
  }
  if (error.status === 409) {
    return new Error(
      `svc.quotas.QuotaPreference: a preference with this quotaPreferenceId already exists (${error.apiMessage}). The API cannot delete ` +
        "preferences, so a replacement (a new dimensions, quotaId or service) needs a new quotaPreferenceId, or none (the service assigns one); " +
        "to manage the existing one, import it by its full name.",
    );
  }
  return undefined;
}

export const quotaPreference = declare<QuotaPreferenceArgs, QuotaPreferenceWire>({
  module: "quotas",
  name: "QuotaPreference",
  api: "quotas",
  args: quotaPreferenceArgs,
  immutable: ["project", "folder", "organization", "quotaPreferenceId", "service", "quotaId", "dimensions"],
  id: {
    format: "{parentKind}/{parentId}/locations/global/quotaPreferences/{quotaPreferenceId}",
    importFormats: [],
    serverAssigned: ["quotaPreferenceId"],
    serverAssignedForms: { quotaPreferenceId: { pattern: /^[A-Za-z0-9][A-Za-z0-9_-]{0,62}$/, accepted: "1 to 63 letters, digits, - or _" } },
  },
  derived: { ...parentDerived, apiVersion: apiVersionDerived },
  paths: {
    collection: "{apiVersion}/{parentKind}/{parentId}/locations/global/quotaPreferences",
    item: "{apiVersion}/{parentKind}/{parentId}/locations/global/quotaPreferences/{quotaPreferenceId}",
  },
  wire: quotaPreferenceWire,
  toCreateBody: (args) => ({
    service: args.service,
    quotaId: args.quotaId,
    ...(args.dimensions !== undefined && { dimensions: args.dimensions }),
    quotaConfig: { preferredValue: String(args.preferredValue), ...(args.annotations !== undefined && { annotations: args.annotations }) },
    ...(args.justification !== undefined && { justification: args.justification }),
    ...(args.contactEmail !== undefined && { contactEmail: args.contactEmail }),
  }),
  toState: (wire, previous) => {
    const [, kind = "", parentId = "", quotaPreferenceId = ""] = NAME.exec(wire.name) ?? [];
    const { quotaConfig } = wire;
    return {
      ...parentInputs(kind, parentId),
      quotaPreferenceId,
      service: wire.service,
      quotaId: wire.quotaId,
      dimensions: wire.dimensions ?? {},
      preferredValue: quotaConfig.preferredValue,
      justification: wire.justification ?? "",
      annotations: quotaConfig.annotations ?? {},
      // Input-only: the service never answers it, so the state keeps what was sent.
      contactEmail: previous["contactEmail"],
      ignoreSafetyChecks: previous["ignoreSafetyChecks"],
      apiVersion: previous["apiVersion"] ?? "v1",
      waitForGrant: previous["waitForGrant"],
      name: wire.name,
      etag: wire.etag ?? "",
      createTime: wire.createTime ?? "",
      updateTime: wire.updateTime ?? "",
      reconciling: wire.reconciling ?? false,
      grantedValue: quotaConfig.grantedValue ?? "",
      stateDetail: quotaConfig.stateDetail ?? "",
      traceId: quotaConfig.traceId ?? "",
      requestOrigin: quotaConfig.requestOrigin ?? "ORIGIN_UNSPECIFIED",
    };
  },
  update: {
    patch: "updateMask",
    paths: { preferredValue: "quotaConfig.preferredValue", annotations: "quotaConfig.annotations" },
    etagField: "etag",
    query: { ignoreSafetyChecks: { input: "ignoreSafetyChecks", as: "repeated" } },
  },
  localInputs: ["ignoreSafetyChecks", "apiVersion", "waitForGrant"],
  crossCheck: (args) => parentProblems(args),
  equal: {
    preferredValue: (stored, wanted) => stored !== undefined && wanted !== undefined && text(stored) === text(wanted),
    // Left out, the service's assigned id stands.
    quotaPreferenceId: "serviceChosenWhenAbsent",
  },
  steps: {
    create: {
      query: { quotaPreferenceId: { input: "quotaPreferenceId" }, ignoreSafetyChecks: { input: "ignoreSafetyChecks", as: "repeated" } },
    },
    findCreated: { field: "quotaPreferences", omitsEmptyList: true },
    delete: {
      abandon: (state) =>
        `Cloud Quotas has no delete, so the quota preference ${text(state["name"])} stays at the service with its value ` +
        `${text(state["preferredValue"])} (granted ${state["grantedValue"] === "" ? "nothing yet" : text(state["grantedValue"])}); to lower it, set preferredValue before removing it from the program`,
    },
    wait: {
      after: ["create", "update"],
      poll: POLL_KINDS.reconciling,
      path: "{apiVersion}/{id*}",
      secondsInput: "waitForGrant",
      outcome: grantOutcome,
    },
  },
  hooks: { explainRefusal: (error) => explainRefusal(error) },
  review: [quotaDecrease],
  outputs: {
    name: z
      .string()
      .meta({ description: "The full name, `{projects|folders|organizations}/{id}/locations/global/quotaPreferences/{quotaPreferenceId}` (the import id)." }),
    etag: etagOutput,
    createTime: z.string().meta({ description: "When the preference was created (RFC 3339)." }),
    updateTime: z.string().meta({ description: "When the preference was last changed (RFC 3339)." }),
    reconciling: z.boolean().meta({ description: "Whether the service is still deciding an increase." }),
    grantedValue: z.string().meta({ description: "The value granted so far (int64 as a decimal string)." }),
    stateDetail: z.string().meta({ description: "The service's words on the decision, e.g. why an increase was granted only in part." }),
    traceId: z.string().meta({ description: "The id the service gives an increase request, for support cases." }),
    requestOrigin: z.string().meta({ description: "Where the preference came from: `ORIGIN_UNSPECIFIED` (the API), `CLOUD_CONSOLE` or `AUTO_ADJUSTER`." }),
  },
  adoption: {
    list: { path: "v1/{parentKind}/{parentId}/locations/global/quotaPreferences", field: "quotaPreferences", paging: { omitsEmptyList: true } },
    scope: { flag: "parent", pattern: "{parentKind}/{parentId}/locations/global", example: "projects/my-project/locations/global" },
    identity: { idField: "name" },
    naming: "{quotaPreferenceId}",
  },
  docs: {
    summary:
      "A quota preference: the value a project, folder or organization wants for one quota of a service (Cloud Quotas).\n\n" +
      "A decrease is granted at once (the service's safety checks may refuse it: `ignoreSafetyChecks` lets it through); an increase is " +
      "`reconciling` until the service decides, possibly granting less (`grantedValue`, `stateDetail`); `waitForGrant` waits for that. " +
      "Updates send an `updateMask` of exactly the changed fields with the stored etag, so a change made meanwhile is never overwritten blindly. " +
      "The API has no delete: destroy leaves the preference at the service with its value, and says so.",
    example:
      'const cpus = new svc.quotas.QuotaPreference("cpus", {\n' +
      '  project: "my-project", service: "compute.googleapis.com", quotaId: "CPUS-per-project-region",\n' +
      '  dimensions: { region: "us-central1" }, preferredValue: "48", justification: "batch jobs", contactEmail: "ops@example.com",\n' +
      "});\nexport const granted = cpus.grantedValue;",
  },
  samples: {
    inputs: {
      project: "quota-project",
      quotaPreferenceId: "cpus-us-central1",
      service: "compute.googleapis.com",
      quotaId: "CPUS-per-project-region",
      dimensions: { region: "us-central1" },
      preferredValue: "24",
      justification: "steady state",
      contactEmail: "ops@example.com",
    },
    names: ["quotaPreferenceId"],
    updates: [
      { preferredValue: "22" },
      { justification: "fewer batch jobs", contactEmail: "platform@example.com" },
      { annotations: { team: "platform" } },
      { ignoreSafetyChecks: ["QUOTA_DECREASE_BELOW_USAGE", "QUOTA_DECREASE_PERCENTAGE_TOO_HIGH"], apiVersion: "v1beta", waitForGrant: 5 },
      // A write with both safety checks ignored: the repeated query parameter as sent.
      { preferredValue: "20" },
    ],
    replacements: [
      { project: "other-quota-project" },
      { project: undefined, folder: "456789012345" },
      { project: undefined, organization: "123456789012" },
      { quotaPreferenceId: "cpus-us-central1-b" },
      { service: "run.googleapis.com", quotaId: "CpuAllocPerProjectRegion", preferredValue: "200000" },
      { quotaId: "INSTANCES-per-project-region", preferredValue: "100" },
      { dimensions: { region: "us-east1" } },
    ],
  },
});
