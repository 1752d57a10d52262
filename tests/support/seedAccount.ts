/**
 * An account with objects made out of band, through each API as a user's other tools
 * would: what `svc-import` has to find. Every call must succeed.
 */
import type { RunningEmulator } from "./emulatorControl";

export const SEED = {
  project: "adopt-project",
  zone: "adopt-zone",
  dnsName: "adopt.example.",
  responsePolicy: "adopt-overrides",
  ciProject: "vcs-a/open-tools/widget-kit",
  quotaParent: "projects/adopt-project/locations/global",
  /** The start (UTC) of the seeded standup's occurrence that is cancelled on its own. */
  cancelledStandup: "20300114T080000Z",
} as const;

const LONG_TXT = `"${"a".repeat(255)}" "${"b".repeat(100)}"`;

/** Record data of the i-th seeded set, cycling through ten types. */
function recordSet(index: number): { name: string; type: string; ttl: number; rrdatas: string[] } {
  const name = `host${index}.${SEED.dnsName}`;
  const kinds: Array<[string, string[]]> = [
    ["A", [`192.0.2.${index % 250}`, `198.51.100.${index % 250}`]],
    ["AAAA", [`2001:db8::${(index % 65535).toString(16)}`]],
    ["CNAME", [`target${index}.${SEED.dnsName}`]],
    ["MX", [`10 mx1.${SEED.dnsName}`, `20 mx2.${SEED.dnsName}`]],
    ["TXT", [index === 4 ? LONG_TXT : `"v=spf1 -all ${index}"`]],
    ["SRV", [`10 5 443 svc${index}.${SEED.dnsName}`]],
    ["CAA", ['0 issue "ca.example.net"']],
    ["NS", [`ns1.delegated${index}.example.net.`]],
    ["PTR", [`ptr${index}.${SEED.dnsName}`]],
    ["SPF", ['"v=spf1 include:_spf.example.net ~all"']],
  ];
  const [type, rrdatas] = kinds[index % kinds.length] as [string, string[]];
  return { name, type, ttl: 300 + (index % 3) * 300, rrdatas };
}

export function seededRecordSet(index: number): { name: string; type: string; ttl: number; rrdatas: string[] } {
  return recordSet(index);
}

async function ok(what: string, call: Promise<{ status: number; body: unknown }>): Promise<Record<string, unknown>> {
  const { status, body } = await call;
  if (status >= 300) throw new Error(`seeding ${what}: HTTP ${status} ${JSON.stringify(body)}`);
  return (body ?? {}) as Record<string, unknown>;
}

/** A zone of `records` record sets (ten types, a long TXT, a wrr and a geo policy), zone IAM, a response policy with rules. */
export async function seedDns(emulator: RunningEmulator, records: number): Promise<void> {
  const base = `/dns/v1/projects/${SEED.project}`;
  await ok(
    "zone",
    emulator.api("POST", `${base}/managedZones`, { name: SEED.zone, dnsName: SEED.dnsName, description: "made by hand", labels: { team: "web" } }),
  );
  const additions: unknown[] = [];
  for (let index = 0; index < records - 2; index++) additions.push(recordSet(index));
  additions.push({
    name: `weighted.${SEED.dnsName}`,
    type: "A",
    ttl: 60,
    routingPolicy: {
      wrr: {
        items: [
          { weight: 1, rrdatas: ["192.0.2.201"] },
          { weight: 3, rrdatas: ["192.0.2.202"] },
        ],
      },
    },
  });
  additions.push({
    name: `nearby.${SEED.dnsName}`,
    type: "A",
    ttl: 60,
    routingPolicy: {
      geo: {
        items: [
          { location: "us-east1", rrdatas: ["192.0.2.211"] },
          { location: "europe-west1", rrdatas: ["192.0.2.212"] },
        ],
      },
    },
  });
  await ok("record sets", emulator.api("POST", `${base}/managedZones/${SEED.zone}/changes`, { additions }));
  await ok(
    "zone IAM",
    emulator.api("POST", `${base}/managedZones/${SEED.zone}:setIamPolicy`, {
      policy: {
        bindings: [
          { role: "roles/dns.reader", members: ["group:readers@example.com", "user:ann@example.com"] },
          { role: "roles/dns.admin", members: ["user:ops@example.com"] },
        ],
      },
    }),
  );
  await ok("response policy", emulator.api("POST", `${base}/responsePolicies`, { responsePolicyName: SEED.responsePolicy, description: "overrides" }));
  for (const [ruleName, dnsName, address] of [
    ["api", "api.corp.example.", "10.0.0.1"],
    ["db", "db.corp.example.", "10.0.0.2"],
  ] as const) {
    await ok(
      `rule ${ruleName}`,
      emulator.api("POST", `${base}/responsePolicies/${SEED.responsePolicy}/rules`, {
        ruleName,
        dnsName,
        localData: { localDatas: [{ name: dnsName, type: "A", ttl: 300, rrdatas: [address] }] },
      }),
    );
  }
  await ok(
    "bypass rule",
    emulator.api("POST", `${base}/responsePolicies/${SEED.responsePolicy}/rules`, {
      ruleName: "bypass",
      dnsName: "bypass.corp.example.",
      behavior: "bypassResponsePolicy",
    }),
  );
}

/** A CI project's two checkout keys and its follow. */
export async function seedCi(emulator: RunningEmulator): Promise<void> {
  const base = `/api/v1.1/project/${SEED.ciProject}`;
  await ok("follow", emulator.ciApi("POST", `${base}/follow`));
  await ok("deploy key", emulator.ciApi("POST", `${base}/checkout-key`, { type: "deploy-key" }));
  await ok("user key", emulator.ciApi("POST", `${base}/checkout-key`, { type: "vcs-user-key" }));
}

/** A secondary calendar with two ACL rules and two events; its id. */
export async function seedCalendar(emulator: RunningEmulator): Promise<string> {
  const calendar = await ok(
    "calendar",
    emulator.api("POST", "/calendar/v3/calendars", { summary: "Adopted team", timeZone: "Europe/Zurich", description: "made by hand" }),
  );
  const id = String(calendar["id"]);
  const base = `/calendar/v3/calendars/${encodeURIComponent(id)}`;
  await ok("reader rule", emulator.api("POST", `${base}/acl?sendNotifications=false`, { scope: { type: "user", value: "ann@example.com" }, role: "reader" }));
  await ok(
    "domain rule",
    emulator.api("POST", `${base}/acl?sendNotifications=false`, { scope: { type: "domain", value: "example.com" }, role: "freeBusyReader" }),
  );
  const standup = await ok(
    "standup",
    emulator.api("POST", `${base}/events`, {
      summary: "Standup",
      start: { dateTime: "2030-01-07T09:00:00+01:00", timeZone: "Europe/Zurich" },
      end: { dateTime: "2030-01-07T09:15:00+01:00", timeZone: "Europe/Zurich" },
      recurrence: ["RRULE:FREQ=WEEKLY;BYDAY=MO"],
    }),
  );
  await ok(
    "offsite",
    emulator.api("POST", `${base}/events`, { summary: "Offsite", location: "Zurich", start: { date: "2030-03-02" }, end: { date: "2030-03-04" } }),
  );
  // What a calendar in use also holds: an event that was deleted, and one occurrence of the standup cancelled on its own.
  const review = await ok("review", emulator.api("POST", `${base}/events`, { summary: "Review", start: { date: "2030-02-01" }, end: { date: "2030-02-02" } }));
  await ok("review deleted", emulator.api("DELETE", `${base}/events/${String(review["id"])}`));
  await ok("one standup cancelled", emulator.api("DELETE", `${base}/events/${String(standup["id"])}_${SEED.cancelledStandup}`));
  return id;
}

/** A quota preference of the seeded project. */
export async function seedQuotas(emulator: RunningEmulator): Promise<void> {
  await ok(
    "quota preference",
    emulator.api("POST", `/v1/${SEED.quotaParent}/quotaPreferences?quotaPreferenceId=cpus-us-central1`, {
      service: "compute.googleapis.com",
      quotaId: "CPUS-per-project-region",
      dimensions: { region: "us-central1" },
      quotaConfig: { preferredValue: "200" },
      justification: "more builds",
      contactEmail: "ops@example.com",
    }),
  );
}
