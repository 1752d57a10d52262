/**
 * Generated inputs over every resource in the registry:
 * 1. invalid values of each property (wrong types, dot segments, oversized
 *    strings, bad enum values) fail at check, naming the property, with a
 *    bounded message;
 * 2. valid inputs, driven create -> read -> delete against the in-process
 *    emulator, send requests only to the paths their identity names;
 * 3. ids read back as the values they were made of, for every id format.
 */
import { generateKeyPairSync } from "node:crypto";
import * as fc from "fast-check";
import type { z } from "zod";
import { CATALOGUE } from "../../emulator/apis/ci/seed";
import { calendarId } from "../../provider/calendar/shapes";
import { channelShape } from "../../provider/channels/watchChannel";
import { SEED_QUOTAS } from "../../emulator/apis/quotas/seed";
import { folderNumber, organizationNumber, quotaProjectId } from "../../provider/quotas/parent";
import { pathValues } from "../../provider/engine/derived";
import { hostname, projectShape } from "../../provider/ci/names";
import { resolveApiSettings } from "../../provider/config";
import { iamMember, iamRole } from "../../provider/dns/iam";
import { fqdn, projectId, recordName, ruleDnsName, zoneName } from "../../provider/dns/names";
import { typeKey, type Args, type ResourceDeclaration } from "../../provider/engine/declaration";
import { dynamicProvider } from "../../provider/engine/dynamicProvider";
import { fillTemplate, formatId, matchAny, matchTemplate, placeholders } from "../../provider/engine/template";
import { ApiError } from "../../provider/http/errors";
import { declarations } from "../../provider/registry";
import { userKey } from "../../provider/reports/names";
import { startEmulator, type RunningEmulator } from "../support/emulatorControl";

const env = { ...process.env };
let emulator: RunningEmulator;

beforeAll(async () => {
  emulator = await startEmulator("generated-inputs-token");
  process.env["SVC_EMULATOR_URL"] = emulator.url;
  process.env["SVC_DNS_TOKEN"] = emulator.token;
  process.env["SVC_CI_TOKEN"] = emulator.token;
  process.env["SVC_CALENDAR_TOKEN"] = emulator.token;
  process.env["SVC_REPORTS_TOKEN"] = emulator.token;
  process.env["SVC_QUOTAS_TOKEN"] = emulator.token;
  process.env["SVC_PROJECT"] = "default-project";
});

afterAll(async () => {
  process.env = { ...env };
  await emulator.close();
});

// --- values each schema accepts ---------------------------------------------------------

/** Members of the documented forms (the schema refuses the rest). */
const IAM_MEMBER = fc.oneof(
  fc.constantFrom("allUsers", "allAuthenticatedUsers"),
  fc
    .tuple(fc.constantFrom("user", "serviceAccount", "group"), fc.stringMatching(/^[a-z0-9][a-z0-9._-]{0,19}$/), fc.domain())
    .map(([kind, local, domain]) => `${kind}:${local}@${domain}`),
  fc.domain().map((domain) => `domain:${domain}`),
);

/** Names as the DNS schema takes them: labels of letters, digits, `_` and `-`, ending with a dot. */
const dnsLabel = fc.stringMatching(/^[A-Za-z0-9_]([A-Za-z0-9_-]{0,8}[A-Za-z0-9_])?$/);
const dnsName = fc.array(dnsLabel, { minLength: 1, maxLength: 4 }).map((labels) => `${labels.join(".")}.`);

/** Generators of accepted values, by the schema object a property uses; each declaration's identity comes from these. */
/**
 * Keyed by the schema's definition: `.meta()` (a property's doc) returns a clone that shares
 * its definition, so a documented property still finds the generator of the schema it uses.
 */
const definitionOf = (schema: z.ZodType): unknown => (schema as unknown as ZodInternals)._zod.def;
const generatorsBySchema = new Map<z.ZodType, fc.Arbitrary<string>>([
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
const generators = new Map([...generatorsBySchema].map(([schema, generator]) => [definitionOf(schema), generator]));

interface ZodInternals {
  _zod: { def: { type: string; innerType?: z.ZodType; entries?: Record<string, string> } };
}

/** The schema under `.optional()` and `.default()`. */
function unwrap(schema: z.ZodType): z.ZodType {
  let inner = schema as unknown as ZodInternals;
  while (inner._zod.def.type === "optional" || inner._zod.def.type === "default") inner = inner._zod.def.innerType as unknown as ZodInternals;
  return inner as unknown as z.ZodType;
}

function kindOf(schema: z.ZodType): string {
  return (unwrap(schema) as unknown as ZodInternals)._zod.def.type;
}

/** Strings the property's schema accepts. */
function accepted(declaration: ResourceDeclaration, name: string): fc.Arbitrary<string> {
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

const serverAssigned = (declaration: ResourceDeclaration): readonly string[] => declaration.id.serverAssigned ?? [];

/** Identity values (the id's placeholders) the schema accepts; server-assigned parts of their declared form. */
function identities(declaration: ResourceDeclaration): fc.Arbitrary<Record<string, string>> {
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

const pick = (values: Readonly<Record<string, string>>, names: readonly string[]): Record<string, string> =>
  Object.fromEntries(names.map((name) => [name, values[name] as string]));

// --- valid inputs and their parents, per resource ---------------------------------------------

const privateKey = generateKeyPairSync("rsa", {
  modulusLength: 2048,
  privateKeyEncoding: { type: "pkcs1", format: "pem" },
  publicKeyEncoding: { type: "spki", format: "pem" },
}).privateKey;

/**
 * Roles and members the service accepts (it is stricter than the schema: users are
 * email addresses, custom roles belong to a project or an organization), with the
 * characters that used to break ids: `%`, `/`, and text outside ASCII.
 */
const IAM_ROLE = fc.oneof(
  fc.stringMatching(/^roles\/dns\.[A-Za-z0-9_.]{1,20}$/),
  fc.stringMatching(/^projects\/[a-z][-a-z0-9.:]{0,10}\/roles\/[A-Za-z0-9_.]{3,64}$/),
  fc.stringMatching(/^organizations\/\d{1,12}\/roles\/[A-Za-z0-9_.]{3,64}$/),
);
const IAM_MEMBER_ACCEPTED = fc.oneof(
  fc.constantFrom("allUsers", "allAuthenticatedUsers", "user:a%40b@example.com", "user:100%@example.com", "principal://iam/%zz/ü"),
  fc.stringMatching(/^(user|serviceAccount|group):[^@\s:]{1,12}@[^@\s:]{1,12}\.[^@\s:]{1,6}$/),
  fc.stringMatching(/^principal(Set)?:\/\/\S{1,20}$/),
);

interface Fixture {
  /** Valid inputs: the identity (generated) and what else the resource needs. */
  readonly inputs: fc.Arbitrary<Args>;
  /** Parents the object lives in, made through the API beforehand. */
  readonly setup?: (inputs: Args) => Promise<void>;
  /** Inputs naming a project the service does not have: the create is refused (404), still at the named path. */
  readonly absent?: (inputs: Args) => boolean;
}

const segmentOf = (value: unknown): string => encodeURIComponent(String(value));

async function made(result: Promise<{ status: number; body: unknown }>, what: string): Promise<void> {
  const { status, body } = await result;
  if (status !== 200 && status !== 409) throw new Error(`setting up ${what}: ${status} ${JSON.stringify(body)}`);
}

const zoneOf = (inputs: Args, dns = "zone.example."): Promise<void> =>
  made(
    emulator.api("POST", `/dns/v1/projects/${segmentOf(inputs["project"])}/managedZones`, { name: inputs["managedZone"], dnsName: dns, description: "" }),
    "a zone",
  );

function identityOf(declaration: ResourceDeclaration, names: readonly string[]): fc.Arbitrary<Record<string, string>> {
  return fc.record(Object.fromEntries(names.map((name) => [name, accepted(declaration, name)])));
}

/** CI projects: the emulator's own (the lifecycle completes) or any valid names (the service has no such project). */
function ciProject(declaration: ResourceDeclaration): fc.Arbitrary<Record<string, string>> {
  const seeded = fc.constantFrom(...CATALOGUE).map((seed) => ({ vcsType: seed.vcsType, username: seed.username, project: seed.reponame }));
  return fc.oneof({ arbitrary: seeded, weight: 3 }, { arbitrary: identityOf(declaration, ["vcsType", "username", "project"]), weight: 1 });
}

const isSeeded = (inputs: Args): boolean =>
  CATALOGUE.some((seed) => seed.vcsType === inputs["vcsType"] && seed.username === inputs["username"] && seed.reponame === inputs["project"]);

const RRDATA: Record<string, string> = { A: "192.0.2.1", AAAA: "2001:db8::1", TXT: '"generated"' };

function fixtureFor(declaration: ResourceDeclaration): Fixture {
  const serviceRoles = IAM_ROLE.filter((role) => iamRole.safeParse(role).success);
  const serviceMembers = IAM_MEMBER_ACCEPTED.filter((member) => iamMember.safeParse(member).success);
  const identity = (names: readonly string[]) => identityOf(declaration, names);
  switch (typeKey(declaration)) {
    case "dns:ManagedZone":
      return { inputs: fc.record({ id: identity(["project", "name"]), dnsName }).map(({ id, dnsName: dns }) => ({ ...id, dnsName: dns })) };
    case "dns:RecordSet":
      return {
        inputs: fc
          .record({ id: identity(["project", "managedZone", "name"]), type: fc.constantFrom("A", "AAAA", "TXT") })
          .map(({ id, type }) => ({ ...id, type, rrdatas: [RRDATA[type]] })),
        // The record set sits at the apex of its zone, so any generated name lies within it.
        setup: (inputs) => zoneOf(inputs, String(inputs["name"])),
      };
    case "dns:Policy":
      return { inputs: identity(["project", "name"]) };
    case "dns:ResponsePolicy":
      return { inputs: identity(["project", "responsePolicyName"]) };
    case "dns:ResponsePolicyRule":
      return {
        inputs: identity(["project", "responsePolicy", "ruleName", "dnsName"]).map((id) => ({ ...id, behavior: "bypassResponsePolicy" })),
        setup: (inputs) =>
          made(
            emulator.api("POST", `/dns/v1/projects/${segmentOf(inputs["project"])}/responsePolicies`, { responsePolicyName: inputs["responsePolicy"] }),
            "a response policy",
          ),
      };
    case "dns:ManagedZoneIamPolicy":
      return {
        inputs: fc
          .record({ id: identity(["project", "managedZone"]), role: serviceRoles, member: serviceMembers })
          .map(({ id, role, member }) => ({ ...id, bindings: [{ role, members: [member] }] })),
        setup: (inputs) => zoneOf(inputs),
      };
    case "dns:ManagedZoneIamBinding":
      return {
        inputs: fc
          .record({ id: identity(["project", "managedZone"]), role: serviceRoles, member: serviceMembers })
          .map(({ id, role, member }) => ({ ...id, role, members: [member] })),
        setup: (inputs) => zoneOf(inputs),
      };
    case "dns:ManagedZoneIamMember":
      return {
        inputs: fc
          .record({ id: identity(["project", "managedZone"]), role: serviceRoles, member: serviceMembers })
          .map(({ id, ...grant }) => ({ ...id, ...grant })),
        setup: (inputs) => zoneOf(inputs),
      };
    case "ci:CheckoutKey":
      return {
        inputs: fc.record({ id: ciProject(declaration), type: accepted(declaration, "type") }).map(({ id, type }) => ({ ...id, type })),
        absent: (inputs) => !isSeeded(inputs),
      };
    case "ci:SshKey":
      return {
        inputs: fc
          .record({ id: ciProject(declaration), hostname: accepted(declaration, "hostname") })
          .map(({ id, hostname: host }) => ({ ...id, hostname: host, privateKey })),
        absent: (inputs) => !isSeeded(inputs),
      };
    case "ci:ProjectFollow":
      return { inputs: ciProject(declaration), absent: (inputs) => !isSeeded(inputs) };
    case "calendar:Calendar":
      return { inputs: fc.record({ summary: fc.string({ minLength: 1, maxLength: 40 }), timeZone: fc.constantFrom("UTC", "Europe/Zurich", "Asia/Tokyo") }) };
    case "calendar:AclRule":
      return {
        inputs: fc.record({
          calendarId: fc.constant("primary"),
          scope: fc.oneof(
            fc.constant({ type: "default" }),
            fc
              .emailAddress()
              .filter((email) => /^[^@\s/]+@[^@\s/]+\.[^@\s/]+$/.test(email))
              .map((value) => ({ type: "user", value })),
            fc
              .domain()
              .filter((domain) => /\.[a-z]{2,63}$/i.test(domain))
              .map((value) => ({ type: "domain", value })),
          ),
          role: accepted(declaration, "role"),
        }),
      };
    case "calendar:CalendarListEntry":
      return {
        inputs: fc.record({
          calendarId: fc.constant("primary"),
          colorId: fc.integer({ min: 1, max: 24 }).map(String),
          summaryOverride: fc.string({ maxLength: 20 }),
        }),
        // A calendar of the caller's own to list (the primary one cannot leave its owner's list).
        setup: async (inputs) => {
          const created = await emulator.api("POST", "/calendar/v3/calendars", { summary: "listed" });
          if (created.status !== 200) throw new Error(`setting up a calendar: ${created.status}`);
          inputs["calendarId"] = (created.body as { id: string }).id;
        },
      };
    case "calendar:Event":
      return {
        inputs: fc
          .record({ day: fc.integer({ min: 1, max: 28 }), hours: fc.integer({ min: 1, max: 48 }), summary: fc.string({ maxLength: 30 }) })
          .map(({ day, hours, summary }) => {
            const start = Date.UTC(2030, 0, day, 9);
            const at = (ms: number): string => new Date(ms).toISOString().replace(".000Z", "Z");
            return { calendarId: "primary", summary, start: { dateTime: at(start) }, end: { dateTime: at(start + hours * 3_600_000) } };
          }),
      };
    case "reports:ActivityWatchChannel":
      // The sync goes to an address nobody serves: a failed delivery, in the background.
      return { inputs: identity(["userKey", "applicationName", "channelId"]).map((id) => ({ ...id, address: "https://receiver.example.test/hook" })) };
    case "quotas:QuotaPreference": {
      // A parent of each kind, a quota of the seeded catalogue (the service refuses others), its current value (no safety check trips).
      const parent = fc.oneof(identity(["project"]), identity(["folder"]), identity(["organization"]));
      const quota = fc.constantFrom(...SEED_QUOTAS);
      return {
        inputs: fc
          .record({ parent, quota, apiVersion: accepted(declaration, "apiVersion") })
          .map(({ parent: given, quota: { service, quotaId, defaultValue }, apiVersion }) => ({
            ...given,
            service,
            quotaId,
            apiVersion,
            preferredValue: defaultValue.toString(),
          })),
      };
    }
    case "quotas:QuotaAdjusterSettings":
      return {
        inputs: fc.record({ id: identity(["project"]), enablement: accepted(declaration, "enablement") }).map(({ id, enablement }) => ({ ...id, enablement })),
      };
    case "calendar:WatchChannel":
      // A calendar's collections name it (the caller's primary); the caller's own collections may not.
      return {
        inputs: identity(["resource", "channelId"]).map((id) => ({
          ...id,
          ...(["acl", "events"].includes(String(id["resource"])) && { calendarId: "primary" }),
          address: "https://receiver.example.test/hook",
        })),
      };
    default:
      throw new Error(`${typeKey(declaration)}: add a fixture (valid inputs and the parents they need)`);
  }
}

// --- 1. invalid inputs fail at check -------------------------------------------------------------

/** Inputs placed in request paths: these must stay one segment naming the object. */
function pathPlaceholders(declaration: ResourceDeclaration): string[] {
  const { collection, item, related = [] } = declaration.paths;
  return [...new Set([collection, item, ...related].flatMap(placeholders))].filter(
    (name) => !serverAssigned(declaration).includes(name) && declaration.args.shape[name] !== undefined,
  );
}

const MEGABYTE = "a".repeat(1 << 20);

/** Values that are wrong for the property: of another type, not one of its enum values, and for path inputs dot segments and oversized strings. */
function invalidValues(declaration: ResourceDeclaration, name: string): fc.Arbitrary<unknown> {
  const schema = declaration.args.shape[name] as z.ZodType;
  const kind = kindOf(schema);
  const wrongType: Record<string, fc.Arbitrary<unknown>> = {
    string: fc.oneof(
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.string(), { maxLength: 2 }),
      fc.dictionary(fc.string(), fc.string(), { maxKeys: 2 }),
    ),
    enum: fc.oneof(
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.string().filter((value) => !schema.safeParse(value).success),
    ),
    number: fc.oneof(fc.string(), fc.boolean(), fc.constant(null), fc.array(fc.integer(), { maxLength: 2 })),
    boolean: fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
    array: fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null), fc.dictionary(fc.string(), fc.string(), { maxKeys: 2 })),
    object: fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.integer(), { maxLength: 2 })),
    // An int64 given as a string or a number: anything else, or a number that is no safe integer.
    union: fc.oneof(fc.boolean(), fc.constant(null), fc.array(fc.integer(), { maxLength: 2 }), fc.constantFrom(1.5, 2 ** 60, "12a", "-2")),
    record: fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.integer(), { maxLength: 2 })),
  };
  const ofAnotherType = wrongType[kind];
  if (ofAnotherType === undefined) throw new Error(`${typeKey(declaration)}.${name}: add invalid values for a ${kind}`);
  const choices: fc.Arbitrary<unknown>[] = [ofAnotherType];
  if (pathPlaceholders(declaration).includes(name)) {
    choices.push(
      fc.constantFrom(".", "..", "%2e", "%2E%2e", ".%2E"),
      fc.integer({ min: 300, max: 4000 }).chain((length) => fc.constantFrom("a".repeat(length), `${"a".repeat(60)}.`.repeat(Math.ceil(length / 61)))),
      fc.constant(MEGABYTE),
    );
  }
  return fc.oneof(...choices);
}

describe.each(declarations.map((declaration) => [typeKey(declaration), declaration] as const))("%s", (_key, declaration) => {
  const fixture = fixtureFor(declaration);

  it("refuses every invalid value of every property at check, naming it, in a bounded message", async () => {
    const provider = dynamicProvider(declaration);
    const [base] = fc.sample(fixture.inputs, { numRuns: 1, seed: 7 });
    expect((await provider.check({}, base ?? {})).failures).toBeUndefined();
    for (const name of Object.keys(declaration.args.shape)) {
      await fc.assert(
        fc.asyncProperty(invalidValues(declaration, name), async (value) => {
          const { failures } = await provider.check({}, { ...base, [name]: value });
          expect(failures?.some((failure) => failure.property === name || failure.property.startsWith(`${name}.`))).toBe(true);
          for (const failure of failures ?? [])
            // 800 characters, then "… (N characters)" when cut
            expect(failure.reason.length).toBeLessThanOrEqual(830);
        }),
        { numRuns: 25 },
      );
    }
  });

  it("ids read back as the values they were made of, for arbitrary values and every id format", () => {
    const formats = [declaration.id.format, ...declaration.id.importFormats];
    const anyValue = fc.string({ unit: "binary", minLength: 1, maxLength: 12 });
    const arbitrary = fc.record(Object.fromEntries(placeholders(declaration.id.format).map((name) => [name, anyValue])));
    for (const format of formats) {
      fc.assert(
        fc.property(fc.oneof(identities(declaration), arbitrary), (identity) => {
          const values = pick(identity, placeholders(format));
          const id = formatId(format, values);
          expect(matchTemplate(format, id)).toEqual(values);
          // What an import parses: the first accepted form that fits is this one.
          expect(matchAny(formats, id)).toEqual(values);
        }),
        { numRuns: 300 },
      );
    }
  });

  it("sends every request of create, read and delete to the paths its identity names", async () => {
    const provider = dynamicProvider(declaration);
    let completed = 0;
    await fc.assert(
      fc.asyncProperty(fixture.inputs, async (inputs) => {
        await fixture.setup?.(inputs);
        const from = (await emulator.requests()).length;
        const checked = await provider.check({}, inputs);
        expect(checked.failures).toBeUndefined();
        const identity = {
          ...pathValues(declaration, checked.inputs ?? {}),
          ...pick(
            inputs as Record<string, string>,
            pathPlaceholders(declaration).filter((name) => inputs[name] !== undefined),
          ),
        };
        let created: { id: string } | undefined;
        try {
          created = await provider.create(checked.inputs ?? {});
        } catch (error) {
          if (!(fixture.absent?.(inputs) === true && error instanceof ApiError && error.status === 404)) throw error;
        }
        if (created !== undefined) {
          Object.assign(identity, matchTemplate(declaration.id.format, created.id));
          expect((await provider.read(created.id, { ...checked.inputs })).id).toBe(created.id);
          await provider.delete(created.id, { ...checked.inputs, ...identity });
          completed++;
        }
        // The API's base address may have a path of its own (the calendar's `/calendar/v3`).
        const basePath = new URL(resolveApiSettings(declaration.api).baseUrl).pathname.replace(/\/+$/, "");
        const bases = [declaration.paths.collection, declaration.paths.item, ...(declaration.paths.related ?? [])]
          .filter((template) => placeholders(template).every((name) => identity[name] !== undefined))
          .map((template) => `${basePath}/${fillTemplate(template, identity)}`);
        const requests = (await emulator.requests()).slice(from);
        expect(requests.length).toBeGreaterThan(0);
        const elsewhere = requests.filter(({ path }) => !bases.some((base) => path === base || path.startsWith(`${base}/`) || path.startsWith(`${base}:`)));
        expect({ inputs, elsewhere }).toEqual({ inputs, elsewhere: [] });
      }),
      { numRuns: 8 },
    );
    expect(completed).toBeGreaterThan(0);
  });
});
