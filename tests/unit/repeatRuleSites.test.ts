/**
 * Each POST call site under faults, through the dynamic provider against the
 * in-process emulator: reads sent as POST and idempotent writes are repeated,
 * settle requests are read back and never doubled.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { projectFollow } from "../../provider/apis/ci/projectFollow";
import { sshKey } from "../../provider/apis/ci/sshKey";
import { managedZoneIamMember } from "../../provider/apis/dns/iam";
import { managedZone } from "../../provider/apis/dns/managedZone";
import { recordSet } from "../../provider/apis/dns/recordSet";
import { dynamicProvider, type DynamicProvider } from "../../provider/engine/pulumi/dynamicProvider";
import { providerEmulator } from "../support/providerEmulator";

const PROJECT = "rules-project";
const ZONES = `/dns/v1/projects/${PROJECT}/managedZones`;
const CI_PROJECT = "/api/v1.1/project/vcs-a/acme/api-service";

const running = providerEmulator("rules-token-7731", { project: PROJECT, instantRetries: true });

beforeEach(async () => {
  await running.current.reset();
});

async function inputsOf(provider: DynamicProvider, news: Record<string, unknown>): Promise<Record<string, unknown>> {
  const { inputs, failures } = await provider.check({}, news);
  expect(failures).toBeUndefined();
  return inputs ?? {};
}

async function zone(name: string): Promise<void> {
  const provider = dynamicProvider(managedZone, running.runtime);
  await provider.create(await inputsOf(provider, { name, dnsName: `${name}.example.`, description: "" }));
}

const posts = async (prefix: string): Promise<number> => (await running.current.requests({ method: "POST", pathPrefix: prefix })).length;

it("IAM: getIamPolicy is repeated like a GET; a lost setIamPolicy is repeated under its etag and the grant lands once", async () => {
  await zone("iam");
  const provider = dynamicProvider(managedZoneIamMember, running.runtime);
  await running.current.faults({ rate5xx: 0.4, lostResponseRate: 0.4, pathPrefix: `${ZONES}/iam:`, seed: 8 });
  for (const member of ["user:a@example.com", "user:b@example.com", "user:c@example.com"]) {
    await provider.create(await inputsOf(provider, { managedZone: "iam", role: "roles/dns.reader", member }));
  }
  const faults = (await running.current.requests({ pathPrefix: `${ZONES}/iam:` })).filter((r) => (r as { fault?: string }).fault !== undefined);
  expect(faults.some((r) => r.path.endsWith(":getIamPolicy"))).toBe(true);
  expect(faults.some((r) => r.path.endsWith(":setIamPolicy"))).toBe(true);
  // A repeat of a write that had landed met a stale etag; the cycle then found the grant in place.
  const sets = (await running.current.requests({ pathPrefix: `${ZONES}/iam:setIamPolicy` })).map((r) => r.status);
  expect(sets).toContain(409);
  await running.current.clearFaults();
  const { body } = await running.current.api("POST", `${ZONES}/iam:getIamPolicy`, {});
  expect((body as { bindings: unknown[] }).bindings).toEqual([
    { role: "roles/dns.reader", members: ["user:a@example.com", "user:b@example.com", "user:c@example.com"] },
  ]);
});

it("changes.create after 5xx and lost answers: settled by reading the set, applied exactly once", async () => {
  await zone("chg");
  const provider = dynamicProvider(recordSet, running.runtime);
  const olds = await inputsOf(provider, { managedZone: "chg", name: "www.chg.example.", type: "A", ttl: 300, rrdatas: ["192.0.2.1"] });
  const { id, outs } = await provider.create(olds);
  for (const [seed, data] of [
    [1, "192.0.2.2"],
    [2, "192.0.2.3"],
    [3, "192.0.2.4"],
    [4, "192.0.2.5"],
  ] as const) {
    await running.current.faults({ rate5xx: 0.4, lostResponseRate: 0.5, methods: ["POST"], pathPrefix: `${ZONES}/chg/changes`, seed });
    const before = (await running.current.api("GET", `${ZONES}/chg/changes`)).body as { changes: unknown[] };
    const updated = await provider.update(id, outs, { ...olds, rrdatas: [data] });
    expect(updated.outs["rrdatas"]).toEqual([data]);
    await running.current.clearFaults();
    const after = (await running.current.api("GET", `${ZONES}/chg/changes`)).body as { changes: unknown[] };
    // One applied change per update, whatever was lost on the way.
    expect(after.changes.length - before.changes.length).toBe(1);
  }
  expect(
    (await running.current.requests({ method: "POST", pathPrefix: `${ZONES}/chg/changes` })).some((r) => (r as { fault?: string }).fault === "lostResponse"),
  ).toBe(true);
});

it("follow: a lost answer is settled by reading the project listing, not followed twice; unfollow is repeated", async () => {
  const provider = dynamicProvider(projectFollow, running.runtime);
  await running.current.faults({ lostResponseRate: 1, pathPrefix: `${CI_PROJECT}/follow` });
  const created = await provider.create(await inputsOf(provider, { vcsType: "vcs-a", username: "acme", project: "api-service" }));
  expect(created.id).toBe("vcs-a/acme/api-service");
  expect(await posts(`${CI_PROJECT}/follow`)).toBe(1);
  await running.current.faults({ rate5xx: 0.5, lostResponseRate: 0.5, pathPrefix: `${CI_PROJECT}/unfollow`, seed: 3 });
  await provider.delete(created.id, created.outs);
  expect(await posts(`${CI_PROJECT}/unfollow`)).toBeGreaterThan(1);
  await running.current.clearFaults();
  expect(((await running.current.objects()) as { ci: { follows: unknown[] } }).ci.follows).toEqual([]);
});

it("SSH key: add and delete are repeated after lost answers, leaving one key, then none", async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "svc-rules-"));
  execFileSync("ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-C", "rules", "-f", path.join(dir, "key")]);
  const privateKey = readFileSync(path.join(dir, "key"), "utf8");
  rmSync(dir, { recursive: true, force: true });
  const provider = dynamicProvider(sshKey, running.runtime);
  // Seed 1 loses the first answer of the add and the first of the delete.
  await running.current.faults({ lostResponseRate: 0.6, pathPrefix: `${CI_PROJECT}/ssh-key`, seed: 1 });
  const created = await provider.create(
    await inputsOf(provider, { vcsType: "vcs-a", username: "acme", project: "api-service", hostname: "deploy.example.com", privateKey }),
  );
  expect(await posts(`${CI_PROJECT}/ssh-key`)).toBeGreaterThan(1);
  const keys = async (): Promise<unknown[]> => ((await running.current.objects()) as { ci: { sshKeys: unknown[] } }).ci.sshKeys;
  expect(await keys()).toHaveLength(1);
  await provider.delete(created.id, created.outs);
  expect((await running.current.requests({ method: "DELETE", pathPrefix: `${CI_PROJECT}/ssh-key` })).length).toBeGreaterThan(1);
  await running.current.clearFaults();
  expect(await keys()).toEqual([]);
});

it("forceDestroy: the deleting change is settled by listing the record sets again, then the zone goes", async () => {
  const provider = dynamicProvider(managedZone, running.runtime);
  const { id, outs } = await provider.create(await inputsOf(provider, { name: "force", dnsName: "force.example.", description: "", forceDestroy: true }));
  for (let i = 0; i < 5; i++) {
    const made = await running.current.api("POST", `${ZONES}/force/rrsets`, { name: `h${i}.force.example.`, type: "A", ttl: 300, rrdatas: [`192.0.2.${i}`] });
    expect(made.status).toBe(200);
  }
  // Seed 1: the first change is lost after it was applied; the listing then shows nothing left to delete.
  await running.current.faults({ lostResponseRate: 0.6, methods: ["POST"], pathPrefix: `${ZONES}/force/changes`, seed: 1 });
  await provider.delete(id, outs);
  await running.current.clearFaults();
  expect(((await running.current.objects()) as { dns: { managedZones: unknown[] } }).dns.managedZones).toEqual([]);
  const changes = await running.current.requests({ method: "POST", pathPrefix: `${ZONES}/force/changes` });
  expect(changes.map((r) => (r as { fault?: string }).fault)).toEqual(["lostResponse"]);
});
