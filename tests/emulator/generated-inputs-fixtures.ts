/** What each resource type needs to be created against the emulator from generated inputs: the objects it lives in, and its valid inputs. */
import * as fc from "fast-check";
import { CATALOGUE } from "../../emulator/apis/ci/seed";
import { SEED_QUOTAS } from "../../emulator/apis/quotas/seed";
import { iamMember, iamRole } from "../../provider/apis/dns/iam";
import { typeKey, type Args, type ResourceDeclaration } from "../../provider/engine/declaration/declaration";
import type { RunningEmulator } from "../support/emulatorControl";
import { dnsName, accepted, privateKey, IAM_ROLE, IAM_MEMBER_ACCEPTED, Fixture, segmentOf } from "../support/inputArbitraries";

let emulator: RunningEmulator;

/** The emulator the fixtures make their objects at (set in the test's beforeAll). */
export function useEmulator(running: RunningEmulator): void {
  emulator = running;
}

export async function made(result: Promise<{ status: number; body: unknown }>, what: string): Promise<void> {
  const { status, body } = await result;
  if (status !== 200 && status !== 409) throw new Error(`setting up ${what}: ${status} ${JSON.stringify(body)}`);
}

export const zoneOf = (inputs: Args, dns = "zone.example."): Promise<void> =>
  made(
    emulator.api("POST", `/dns/v1/projects/${segmentOf(inputs["project"])}/managedZones`, { name: inputs["managedZone"], dnsName: dns, description: "" }),
    "a zone",
  );

export function identityOf(declaration: ResourceDeclaration, names: readonly string[]): fc.Arbitrary<Record<string, string>> {
  return fc.record(Object.fromEntries(names.map((name) => [name, accepted(declaration, name)])));
}

/** CI projects: the emulator's own (the lifecycle completes) or any valid names (the service has no such project). */
export function ciProject(declaration: ResourceDeclaration): fc.Arbitrary<Record<string, string>> {
  const seeded = fc.constantFrom(...CATALOGUE).map((seed) => ({ vcsType: seed.vcsType, username: seed.username, project: seed.reponame }));
  return fc.oneof({ arbitrary: seeded, weight: 3 }, { arbitrary: identityOf(declaration, ["vcsType", "username", "project"]), weight: 1 });
}

export const isSeeded = (inputs: Args): boolean =>
  CATALOGUE.some((seed) => seed.vcsType === inputs["vcsType"] && seed.username === inputs["username"] && seed.reponame === inputs["project"]);

export const RRDATA: Record<string, string> = { A: "192.0.2.1", AAAA: "2001:db8::1", TXT: '"generated"' };

export function fixtureFor(declaration: ResourceDeclaration): Fixture {
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
    case "dns:ZoneRecords":
      return {
        inputs: fc
          .record({ id: identity(["project", "managedZone"]), name: fc.constantFrom("@", "www", "a.b", "*.dev"), type: fc.constantFrom("A", "AAAA", "TXT") })
          .map(({ id, name, type }) => ({ ...id, records: { [name]: { [type]: { rrdatas: [RRDATA[type]] } } } })),
        setup: (inputs) => zoneOf(inputs),
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
