/**
 * Google IAM policies on a resource (`GoogleIamV1Policy`), the model behind
 * every Google API's `:getIamPolicy`, `:setIamPolicy` and
 * `:testIamPermissions` custom methods. An API keeps one `IamPolicyState` per
 * resource and maps the three methods onto it.
 *
 * What it enforces, as IAM does:
 * - optimistic concurrency: a write that carries an `etag` other than the
 *   current one is refused with 409 ABORTED and changes nothing; a write
 *   without an etag overwrites; every successful write gets a new etag;
 * - policy versions: only 0, 1 and 3 exist; conditional role bindings need
 *   version 3 to be written and to be read as they are (a version-1 read
 *   shows them as `<role>_withcond_<hash>` without the condition);
 * - member and role syntax; bindings are normalized (same role and condition
 *   merged, members deduplicated and sorted, empty bindings dropped);
 * - `updateMask` (default `bindings,etag`) decides which fields are written.
 */
import { createHash } from "node:crypto";
import { z } from "zod";
import { ApiError } from "../errors";
import { badRequest, invalidValue } from "./errors";

const VALID_POLICY_VERSIONS = [0, 1, 3] as const;
/** IAM's cap on principals per allow policy (counting each binding's members). */
const MAX_POLICY_MEMBERS = 1500;
const CONCURRENT_CHANGE_MESSAGE = "There were concurrent policy changes. Please retry the whole read-modify-write with exponential backoff.";

/** Google's JSON reader takes int32 fields as numbers or decimal strings. */
const int32 = z.preprocess((value) => (typeof value === "string" && /^-?\d+$/.test(value) ? Number(value) : value), z.int());

const conditionSchema = z.strictObject({
  expression: z.string().min(1),
  title: z.string().min(1).max(100),
  description: z.string().optional(),
  location: z.string().optional(),
});

const bindingSchema = z.strictObject({
  role: z.string(),
  members: z.array(z.string()).optional(),
  condition: conditionSchema.optional(),
});

const auditConfigSchema = z.strictObject({
  service: z.string().min(1),
  auditLogConfigs: z
    .array(
      z.strictObject({
        logType: z.enum(["LOG_TYPE_UNSPECIFIED", "ADMIN_READ", "DATA_WRITE", "DATA_READ"]),
        exemptedMembers: z.array(z.string()).optional(),
      }),
    )
    .optional(),
});

export const iamPolicySchema = z.strictObject({
  version: int32.optional(),
  etag: z.string().optional(),
  bindings: z.array(bindingSchema).optional(),
  auditConfigs: z.array(auditConfigSchema).optional(),
});

export const getIamPolicyRequestSchema = z.strictObject({
  options: z.strictObject({ requestedPolicyVersion: int32.optional() }).optional(),
});

export const setIamPolicyRequestSchema = z.strictObject({
  policy: iamPolicySchema,
  updateMask: z.string().optional(),
});

export const testIamPermissionsRequestSchema = z.strictObject({
  permissions: z.array(z.string()).optional(),
});

export type IamCondition = z.infer<typeof conditionSchema>;
export type IamAuditConfig = z.infer<typeof auditConfigSchema>;
export type SetIamPolicyRequest = z.infer<typeof setIamPolicyRequestSchema>;

export interface IamBinding {
  role: string;
  members: string[];
  condition?: IamCondition;
}

/** The wire form; empty lists are omitted, as Google omits them. */
export interface IamPolicy {
  version: number;
  etag: string;
  bindings?: IamBinding[];
  auditConfigs?: IamAuditConfig[];
}

const snapshotBinding = z.object({ role: z.string(), members: z.array(z.string()), condition: conditionSchema.optional() });
export const iamPolicySnapshotSchema = z.object({ revision: z.int().min(0), bindings: z.array(snapshotBinding), auditConfigs: z.array(auditConfigSchema) });
export type IamPolicySnapshot = z.infer<typeof iamPolicySnapshotSchema>;

export interface IamPolicyOptions {
  /** Unique across the resource's lifetimes (e.g. includes a server id), so a recreated resource never repeats an etag. */
  resourceKey: string;
  /** Whether a predefined role (`roles/...`) can be granted on this kind of resource. */
  supportsRole: (role: string) => boolean;
}

export class IamPolicyState {
  private revision = 0;
  private bindings: IamBinding[] = [];
  private auditConfigs: IamAuditConfig[] = [];

  constructor(private readonly options: IamPolicyOptions) {}

  /** base64 of 8 bytes of a hash of the resource and its policy revision, like Google's `BwXhqDmo9wA=`. */
  get etag(): string {
    return createHash("sha256").update(`${this.options.resourceKey}#${this.revision}`).digest().subarray(0, 8).toString("base64");
  }

  /** getIamPolicy. `requestedPolicyVersion` 0, 1 or 3 (absent counts as 0). */
  read(requestedPolicyVersion = 0): IamPolicy {
    if (!(VALID_POLICY_VERSIONS as readonly number[]).includes(requestedPolicyVersion)) {
      throw invalidValue("options.requestedPolicyVersion", requestedPolicyVersion);
    }
    const conditional = this.hasConditions();
    // A reader that does not understand conditions must not mistake a conditional grant for an unconditional one.
    const bindings =
      conditional && requestedPolicyVersion < 3
        ? this.bindings.map(({ role, members, condition }) =>
            condition === undefined ? { role, members: [...members] } : { role: `${role}_withcond_${conditionHash(condition)}`, members: [...members] },
          )
        : structuredClone(this.bindings);
    return this.render(conditional && requestedPolicyVersion >= 3 ? 3 : 1, bindings);
  }

  /** setIamPolicy: validates everything, then checks the etag, then writes; all or nothing. */
  write(request: SetIamPolicyRequest): IamPolicy {
    const { policy } = request;
    const fields = parseUpdateMask(request.updateMask);
    const version = policy.version ?? 0;
    if (!(VALID_POLICY_VERSIONS as readonly number[]).includes(version)) throw invalidValue("policy.version", policy.version);

    const bindings = fields.has("bindings") ? this.checkBindings(policy.bindings ?? [], version) : this.bindings;
    const auditConfigs = fields.has("auditConfigs") ? checkAuditConfigs(policy.auditConfigs ?? []) : this.auditConfigs;
    if (version < 3 && this.hasConditions() && fields.has("bindings")) {
      throw badRequest("badRequest", "The policy has conditional role bindings; it can only be replaced by a request that specifies policy version 3.");
    }

    if (policy.etag !== undefined && policy.etag !== "" && policy.etag !== this.etag) {
      throw new ApiError({ httpStatus: 409, reason: "aborted", message: CONCURRENT_CHANGE_MESSAGE });
    }

    this.bindings = bindings;
    this.auditConfigs = auditConfigs;
    this.revision += 1;
    return this.read(3);
  }

  /** What a restart keeps: the bindings and the revision the etag is derived from. */
  snapshot(): IamPolicySnapshot {
    return structuredClone({ revision: this.revision, bindings: this.bindings, auditConfigs: this.auditConfigs });
  }

  load(snapshot: IamPolicySnapshot): void {
    ({ revision: this.revision, bindings: this.bindings, auditConfigs: this.auditConfigs } = structuredClone(snapshot));
  }

  private hasConditions(): boolean {
    return this.bindings.some((binding) => binding.condition !== undefined);
  }

  private render(version: number, bindings: IamBinding[]): IamPolicy {
    const policy: IamPolicy = { version, etag: this.etag };
    if (bindings.length > 0) policy.bindings = bindings;
    if (this.auditConfigs.length > 0) policy.auditConfigs = structuredClone(this.auditConfigs);
    return policy;
  }

  private checkBindings(requested: readonly z.infer<typeof bindingSchema>[], version: number): IamBinding[] {
    const merged = new Map<string, IamBinding>();
    let memberCount = 0;
    requested.forEach((binding, index) => {
      const path = `policy.bindings[${index}]`;
      checkRole(binding.role, this.options.supportsRole);
      if (binding.condition !== undefined && version !== 3) {
        throw badRequest("badRequest", `The role binding '${path}' has a condition; policies with conditional role bindings must specify version 3.`);
      }
      const members = binding.members ?? [];
      members.forEach(checkMember);
      memberCount += members.length;
      const key = JSON.stringify([binding.role, binding.condition ?? null]);
      const existing = merged.get(key);
      if (existing === undefined) {
        merged.set(key, {
          role: binding.role,
          members: [...members],
          ...(binding.condition !== undefined ? { condition: structuredClone(binding.condition) } : {}),
        });
      } else {
        existing.members.push(...members);
      }
    });
    if (memberCount > MAX_POLICY_MEMBERS) {
      throw badRequest("badRequest", `The number of members in the policy (${memberCount}) is larger than the maximum allowed size ${MAX_POLICY_MEMBERS}.`);
    }
    return [...merged.values()]
      .map((binding) => ({ ...binding, members: [...new Set(binding.members)].sort() }))
      .filter((binding) => binding.members.length > 0)
      .sort((a, b) => compare(a.role, b.role) || compare(a.condition?.title ?? "", b.condition?.title ?? ""));
  }
}

/**
 * testIamPermissions: the requested permissions the caller holds, in request
 * order, each once. Wildcards and malformed names are refused, as IAM does.
 */
export function permissionsHeld(requested: readonly string[], holds: (permission: string) => boolean): string[] {
  for (const permission of requested) {
    if (permission.includes("*")) {
      throw badRequest("badRequest", `Permission '${permission}' is invalid: permissions with wildcards (such as '*' or 'dns.*') are not allowed.`);
    }
    if (!/^[a-z][a-zA-Z0-9]*(\.[a-zA-Z0-9]+){2,}$/.test(permission)) {
      throw badRequest("badRequest", `Permission '${permission}' is not a valid permission name (service.resource.verb).`);
    }
  }
  return [...new Set(requested)].filter(holds);
}

const EMAIL_PATTERN = /^[^@\s:]+@[^@\s:]+\.[^@\s:]+$/;
const DOMAIN_PATTERN = /^([a-z0-9]([-a-z0-9]*[a-z0-9])?\.)+[a-z]{2,}$/i;

/** `user:`, `serviceAccount:`, `group:` (emails), `domain:`, `allUsers`, `allAuthenticatedUsers`, `principal://`, `principalSet://`, `deleted:...`. */
function checkMember(member: string): void {
  if (member === "allUsers" || member === "allAuthenticatedUsers") return;
  if (/^principal(Set)?:\/\/\S+$/.test(member)) return;
  const separator = member.indexOf(":");
  if (separator <= 0) throw badRequest("badRequest", 'Policy members must be of the form "<type>:<value>".');
  const type = member.slice(0, separator);
  const value = member.slice(separator + 1);
  switch (type) {
    case "user":
    case "serviceAccount":
    case "group":
      if (!EMAIL_PATTERN.test(value)) throw invalidMember(member, `a ${type} is named by an email address`);
      return;
    case "domain":
      if (!DOMAIN_PATTERN.test(value)) throw invalidMember(member, "a domain is named by its DNS name");
      return;
    case "deleted": {
      // What IAM shows for a principal deleted after it was granted a role; a read-modify-write sends it back.
      const match = /^(user|serviceAccount|group):([^?]+)\?uid=\d+$/.exec(value);
      if (match === null || !EMAIL_PATTERN.test(match[2] ?? "")) throw invalidMember(member, "expected deleted:<type>:<email>?uid=<number>");
      return;
    }
    default:
      throw new ApiError({
        httpStatus: 400,
        reason: "invalid",
        message: `The member ${member} is of an unknown type. Please set a valid type prefix for the member.`,
      });
  }
}

function invalidMember(member: string, why: string): ApiError {
  return badRequest("badRequest", `Invalid member '${member}': ${why}.`);
}

/** Predefined roles (`roles/x.y`) when the resource supports them; custom roles of a project or organization. */
function checkRole(role: string, supportsRole: (role: string) => boolean): void {
  if (/^(projects\/[a-z][-a-z0-9.:]*|organizations\/\d+)\/roles\/[A-Za-z0-9_.]{3,64}$/.test(role)) return;
  if (/^roles\/[A-Za-z0-9_.]+$/.test(role)) {
    if (supportsRole(role)) return;
    throw badRequest("badRequest", `Role ${role} is not supported for this resource.`);
  }
  throw badRequest("badRequest", `Role (${role}) does not exist in the resource's hierarchy.`);
}

function checkAuditConfigs(configs: readonly IamAuditConfig[]): IamAuditConfig[] {
  for (const config of configs) for (const logConfig of config.auditLogConfigs ?? []) (logConfig.exemptedMembers ?? []).forEach(checkMember);
  return structuredClone([...configs]);
}

const UPDATE_MASK_FIELDS = new Set(["bindings", "etag", "auditConfigs", "version"]);

/** A FieldMask of the Policy; absent or empty means IAM's default `bindings,etag`. */
function parseUpdateMask(mask: string | undefined): Set<string> {
  if (mask === undefined || mask.trim() === "") return new Set(["bindings", "etag"]);
  const fields = mask.split(",").map((field) => field.trim());
  for (const field of fields) if (!UPDATE_MASK_FIELDS.has(field)) throw invalidValue("updateMask", mask);
  return new Set(fields);
}

function conditionHash(condition: IamCondition): string {
  return createHash("sha256")
    .update(JSON.stringify([condition.title, condition.expression]))
    .digest("base64url")
    .slice(0, 12);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
