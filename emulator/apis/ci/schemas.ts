/**
 * zod schemas of the CI request bodies, and the one place that turns a
 * validation failure into the CI API's 400 `{message}`. Optional fields
 * accept JSON null ("default null" in the spec). Objects are strict: a
 * misspelt or misplaced field (e.g. `tag` on a branch trigger) is refused
 * rather than silently ignored.
 */
import { z } from "zod";
import { badRequest } from "./errors";

const optionalString = z.string().nullable().optional();
const buildParameters = z.record(z.string(), z.string(), { error: "must be an object of string values" }).nullable().optional();
/** A form post carries the number as text (`parallel=2`). */
const parallel = z
  .preprocess(
    (value) => (typeof value === "string" && /^\d+$/.test(value) ? Number(value) : value),
    z.int({ error: "must be an integer" }).min(1, { error: "must be at least 1" }).nullable().optional(),
  )
  .optional();

/** POST /project/{vcs-type}/{username}/{project}. */
export const triggerJobSchema = z
  .strictObject({ job: optionalString, revision: optionalString, tag: optionalString, parallel, build_parameters: buildParameters })
  .refine((body) => !(isSet(body.revision) && isSet(body.tag)), { error: "revision and tag cannot both be specified" });

export type TriggerJobRequest = z.infer<typeof triggerJobSchema>;

/** POST /project/{vcs-type}/{username}/{project}/tree/{branch}. */
export const triggerBranchSchema = z.strictObject({ revision: optionalString, parallel, build_parameters: buildParameters });

export type TriggerBranchRequest = z.infer<typeof triggerBranchSchema>;

/** POST /project/{vcs-type}/{username}/{project}/build (pipeline). */
export const pipelineSchema = z
  .strictObject({ branch: optionalString, revision: optionalString, tag: optionalString })
  .refine((body) => !(isSet(body.branch) && isSet(body.tag)), { error: "branch and tag cannot both be specified" })
  .refine((body) => !(isSet(body.tag) && isSet(body.revision)), { error: "tag and revision cannot both be specified" });

export type PipelineRequest = z.infer<typeof pipelineSchema>;

/** POST .../{build_num}/ssh-users: the service documents no body; any JSON object is accepted and ignored. */
export const sshUsersSchema = z.looseObject({});

export const CHECKOUT_KEY_REQUEST_TYPES = ["deploy-key", "vcs-user-key"] as const;

/** POST .../checkout-key. */
export const checkoutKeyCreateSchema = z.strictObject({
  type: z.enum(CHECKOUT_KEY_REQUEST_TYPES, { error: `must be one of ${CHECKOUT_KEY_REQUEST_TYPES.join(", ")}` }),
});

/** POST .../ssh-key. An empty hostname is accepted (the key then applies to every host). */
export const sshKeyCreateSchema = z.strictObject({
  hostname: z.string({ error: "must be a string" }),
  private_key: z.string({ error: "must be a string" }).min(1, { error: "must not be empty" }),
});

/** DELETE .../ssh-key. */
export const sshKeyDeleteSchema = z.strictObject({
  fingerprint: z.string({ error: "must be a string" }).min(1, { error: "must not be empty" }),
  hostname: z.string({ error: "must be a string" }),
});

function isSet(value: string | null | undefined): boolean {
  return value !== undefined && value !== null && value !== "";
}

/**
 * Validates a JSON body. `required`: an absent body is a 400; otherwise it
 * counts as `{}`. The first problem becomes the message, naming the field.
 */
export function parseCiBody<Schema extends z.ZodType>(schema: Schema, body: unknown, { required }: { required: boolean }): z.output<Schema> {
  if (body === undefined || body === null) {
    if (required) throw badRequest("A JSON request body is required");
    body = {};
  }
  if (typeof body !== "object" || Array.isArray(body)) throw badRequest("The request body must be a JSON object");
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (issue === undefined) throw badRequest("Invalid request body");
  if (issue.code === "unrecognized_keys") throw badRequest(`Unknown field '${issue.keys[0] ?? ""}'`);
  const field = issue.path.map(String).join(".");
  if (field === "") throw badRequest(issue.message);
  if (valueAt(body, issue.path) === undefined) throw badRequest(`${field} is required`);
  throw badRequest(`${field} ${issue.message}`);
}

function valueAt(root: unknown, segments: readonly PropertyKey[]): unknown {
  let current: unknown = root;
  for (const segment of segments) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<PropertyKey, unknown>)[segment];
  }
  return current;
}
