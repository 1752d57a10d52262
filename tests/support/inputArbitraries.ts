/** Generated values each input schema accepts (fast-check arbitraries), and the identities of declared resources made of them. */
import { generateKeyPairSync } from "node:crypto";
import * as fc from "fast-check";
import type { z } from "zod";
import { calendarId } from "../../provider/apis/calendar/shapes";
import { channelShape } from "../../provider/channels/watchChannel";
import { folderNumber, organizationNumber, quotaProjectId } from "../../provider/apis/quotas/parent";
import { hostname, projectShape } from "../../provider/apis/ci/names";
import { iamMember, iamRole } from "../../provider/apis/dns/iam";
import { fqdn, projectId, recordName, ruleDnsName, zoneName } from "../../provider/apis/dns/names";
import { typeKey, type Args, type ResourceDeclaration } from "../../provider/engine/declaration/declaration";
import { placeholders } from "../../provider/engine/declaration/template";
import { userKey } from "../../provider/apis/reports/names";

export const IAM_MEMBER = fc.oneof(
  fc.constantFrom("allUsers", "allAuthenticatedUsers"),
  fc
    .tuple(fc.constantFrom("user", "serviceAccount", "group"), fc.stringMatching(/^[a-z0-9][a-z0-9._-]{0,19}$/), fc.domain())
    .map(([kind, local, domain]) => `${kind}:${local}@${domain}`),
  fc.domain().map((domain) => `domain:${domain}`),
);

/** Names as the DNS schema takes them: labels of letters, digits, `_` and `-`, ending with a dot. */
export const dnsLabel = fc.stringMatching(/^[A-Za-z0-9_]([A-Za-z0-9_-]{0,8}[A-Za-z0-9_])?$/);
export const dnsName = fc.array(dnsLabel, { minLength: 1, maxLength: 4 }).map((labels) => `${labels.join(".")}.`);

/** Generators of accepted values, by the schema object a property uses; each declaration's identity comes from these. */
/**
 * Keyed by the schema's definition: `.meta()` (a property's doc) returns a clone that shares
 * its definition, so a documented property still finds the generator of the schema it uses.
 */
export const definitionOf = (schema: z.ZodType): unknown => (schema as unknown as ZodInternals)._zod.def;
export const generatorsBySchema = new Map<z.ZodType, fc.Arbitrary<string>>([
  [projectId, fc.stringMatching(/^[a-z][a-z0-9-]{0,61}[a-z0-9]$/)],
  [zoneName, fc.stringMatching(/^[a-z]([-a-z0-9]{0,61}[a-z0-9])?$/)],
  [fqdn, dnsName],
  [recordName, dnsName],
  [ruleDnsName, dnsName],
  [iamRole, fc.stringMatching(/^roles\/[A-Za-z][A-Za-z0-9_.]{0,30}$/)],
  [iamMember, IAM_MEMBER],
  [projectShape.username, fc.stringMatching(/^[A-Za-z0-9_.-]{1,39}$/)],
  [projectShape.project, fc.stringMatching(/^[A-Za-z0-9_.-]{1,100}$/)],
  [hostname, fc.oneof(fc.domain(), fc.ipV4(), fc.ipV6())],
  [calendarId, fc.oneof(fc.constant("primary"), fc.emailAddress(), fc.stringMatching(/^c_[0-9a-f]{32}@group\.calendar\.google\.com$/))],
  [userKey, fc.oneof(fc.constant("all"), fc.stringMatching(/^[a-z0-9._-]{1,20}@[a-z0-9-]{1,20}\.[a-z]{2,6}$/), fc.stringMatching(/^\d{1,21}$/))],
  [unwrap(channelShape.channelId), fc.stringMatching(/^[A-Za-z0-9_.-]{1,64}$/)],
  [quotaProjectId, fc.oneof(fc.stringMatching(/^[a-z][a-z0-9-]{4,28}[a-z0-9]$/), fc.stringMatching(/^\d{1,20}$/))],
  [folderNumber, fc.stringMatching(/^\d{1,20}$/)],
  [organizationNumber, fc.stringMatching(/^\d{1,20}$/)],
]);
export const generators = new Map([...generatorsBySchema].map(([schema, generator]) => [definitionOf(schema), generator]));

export interface ZodInternals {
  _zod: { def: { type: string; innerType?: z.ZodType; entries?: Record<string, string> } };
}

/** The schema under `.optional()` and `.default()`. */
export function unwrap(schema: z.ZodType): z.ZodType {
  let inner = schema as unknown as ZodInternals;
  while (inner._zod.def.type === "optional" || inner._zod.def.type === "default") inner = inner._zod.def.innerType as unknown as ZodInternals;
  return inner as unknown as z.ZodType;
}

export function kindOf(schema: z.ZodType): string {
  return (unwrap(schema) as unknown as ZodInternals)._zod.def.type;
}

/** Strings the property's schema accepts. */
export function accepted(declaration: ResourceDeclaration, name: string): fc.Arbitrary<string> {
  const schema = declaration.args.shape[name] as z.ZodType | undefined;
  if (schema === undefined) throw new Error(`${typeKey(declaration)}: no input ${name}`);
  const inner = unwrap(schema) as unknown as ZodInternals;
  const generator =
    inner._zod.def.type === "enum"
      ? fc.constantFrom(...Object.values(inner._zod.def.entries ?? {}))
      : generators.get(definitionOf(inner as unknown as z.ZodType));
  if (generator === undefined) throw new Error(`${typeKey(declaration)}.${name}: add a generator of the values its schema accepts`);
  return generator.filter((value) => schema.safeParse(value).success);
}

export const serverAssigned = (declaration: ResourceDeclaration): readonly string[] => declaration.id.serverAssigned ?? [];

/** Identity values (the id's placeholders) the schema accepts; server-assigned parts of their declared form. */
export function identities(declaration: ResourceDeclaration): fc.Arbitrary<Record<string, string>> {
  const parts: Record<string, fc.Arbitrary<string>> = {};
  for (const name of placeholders(declaration.id.format)) {
    const derived = declaration.derived?.[name];
    if (derived !== undefined) {
      parts[name] = fc.stringMatching(derived.pattern);
    } else if (serverAssigned(declaration).includes(name)) {
      const form = declaration.id.serverAssignedForms?.[name];
      if (form === undefined) throw new Error(`${typeKey(declaration)}: declare the form of ${name}`);
      parts[name] = fc.stringMatching(form.pattern);
    } else {
      parts[name] = accepted(declaration, name);
    }
  }
  return fc.record(parts);
}

export const pick = (values: Readonly<Record<string, string>>, names: readonly string[]): Record<string, string> =>
  Object.fromEntries(names.map((name) => [name, values[name] as string]));

// --- valid inputs and their parents, per resource ---------------------------------------------

export const privateKey = generateKeyPairSync("rsa", {
  modulusLength: 2048,
  privateKeyEncoding: { type: "pkcs1", format: "pem" },
  publicKeyEncoding: { type: "spki", format: "pem" },
}).privateKey;

/**
 * Roles and members the service accepts (it is stricter than the schema: users are
 * email addresses, custom roles belong to a project or an organization), with the
 * characters that used to break ids: `%`, `/`, and text outside ASCII.
 */
export const IAM_ROLE = fc.oneof(
  fc.stringMatching(/^roles\/dns\.[A-Za-z0-9_.]{1,20}$/),
  fc.stringMatching(/^projects\/[a-z][-a-z0-9.:]{0,10}\/roles\/[A-Za-z0-9_.]{3,64}$/),
  fc.stringMatching(/^organizations\/\d{1,12}\/roles\/[A-Za-z0-9_.]{3,64}$/),
);
export const IAM_MEMBER_ACCEPTED = fc.oneof(
  fc.constantFrom("allUsers", "allAuthenticatedUsers", "user:a%40b@example.com", "user:100%@example.com", "principal://iam/%zz/ü"),
  fc.stringMatching(/^(user|serviceAccount|group):[^@\s:]{1,12}@[^@\s:]{1,12}\.[^@\s:]{1,6}$/),
  fc.stringMatching(/^principal(Set)?:\/\/\S{1,20}$/),
);

export interface Fixture {
  /** Valid inputs: the identity (generated) and what else the resource needs. */
  readonly inputs: fc.Arbitrary<Args>;
  /** Parents the object lives in, made through the API beforehand. */
  readonly setup?: (inputs: Args) => Promise<void>;
  /** Inputs naming a project the service does not have: the create is refused (404), still at the named path. */
  readonly absent?: (inputs: Args) => boolean;
}

export const segmentOf = (value: unknown): string => encodeURIComponent(String(value));

// --- 1. invalid inputs fail at check -------------------------------------------------------------
