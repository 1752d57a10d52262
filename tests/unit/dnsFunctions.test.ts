/** The DNS read-only functions against the emulator: every page, filters, typed results. */
import {
  getChanges,
  getDnsKeys,
  getManagedZone,
  getManagedZones,
  getProject,
  getRecordSets,
  getResponsePolicies,
  getResponsePolicy,
  getZoneOperations,
} from "../../provider/apis/dns/functions";
import { startEmulator, type RunningEmulator } from "../support/emulatorControl";

let emulator: RunningEmulator;
const env = { ...process.env };
const PROJECT = "/dns/v1/projects/fn-project";

beforeAll(async () => {
  emulator = await startEmulator("fn-token");
  process.env["SVC_EMULATOR_URL"] = emulator.url;
  process.env["SVC_DNS_TOKEN"] = emulator.token;
  process.env["SVC_PROJECT"] = "fn-project";
  for (const [name, dnsName] of [
    ["alpha", "alpha.example."],
    ["beta", "beta.example."],
  ] as const) {
    expect((await emulator.api("POST", `${PROJECT}/managedZones`, { name, dnsName, description: "", dnssecConfig: { state: "on" } })).status).toBe(200);
  }
  for (let i = 0; i < 25; i++) {
    const rrset = { name: `h${i}.alpha.example.`, type: "A", ttl: 60, rrdatas: [`192.0.2.${i}`] };
    expect((await emulator.api("POST", `${PROJECT}/managedZones/alpha/rrsets`, rrset)).status).toBe(200);
  }
  expect((await emulator.api("PATCH", `${PROJECT}/managedZones/alpha`, { description: "patched" })).status).toBe(200);
  expect((await emulator.api("POST", `${PROJECT}/responsePolicies`, { responsePolicyName: "rp1", description: "d" })).status).toBe(200);
});

afterAll(async () => {
  process.env = { ...env };
  await emulator.close();
});

it("read the project and the zones, with the dnsName filter", async () => {
  expect((await getProject()).id).toBe("fn-project");
  expect((await getManagedZones()).map((z) => z.name).sort()).toEqual(["alpha", "beta"]);
  expect((await getManagedZones({ dnsName: "beta.example." })).map((z) => z.name)).toEqual(["beta"]);
  expect((await getManagedZone({ managedZone: "alpha" })).nameServers?.length).toBeGreaterThan(0);
});

it("read every page of the record sets, and filter by name and type", async () => {
  const before = (await emulator.requests({ method: "GET", pathPrefix: `${PROJECT}/managedZones/alpha/rrsets` })).length;
  const all = await getRecordSets({ managedZone: "alpha", pageSize: 10 });
  expect(all).toHaveLength(27); // 25 records and the apex SOA and NS
  expect(new Set(all.map((r) => `${r.name} ${r.type}`)).size).toBe(27);
  const pages = (await emulator.requests({ method: "GET", pathPrefix: `${PROJECT}/managedZones/alpha/rrsets` })).slice(before);
  expect(pages.map((r) => r.query["pageToken"] !== undefined)).toEqual([false, true, true]);
  const one = await getRecordSets({ managedZone: "alpha", name: "h7.alpha.example.", type: "A" });
  expect(one).toEqual([expect.objectContaining({ name: "h7.alpha.example.", type: "A", rrdatas: ["192.0.2.7"] })]);
  await expect(getRecordSets({ managedZone: "alpha", type: "A" })).rejects.toThrow(/type filters only together with name/);
});

it("read changes, DNSSEC keys, operations and response policies", async () => {
  expect((await getChanges({ managedZone: "alpha" })).length).toBeGreaterThanOrEqual(25);
  const keys = await getDnsKeys({ managedZone: "alpha" });
  expect(keys.map((k) => k.type).sort()).toEqual(["keySigning", "zoneSigning"]);
  expect((await getZoneOperations({ managedZone: "alpha" })).length).toBeGreaterThanOrEqual(1);
  expect((await getResponsePolicy({ responsePolicy: "rp1" })).responsePolicyName).toBe("rp1");
  expect((await getResponsePolicies()).map((p) => p.responsePolicyName)).toEqual(["rp1"]);
});

it("name the bad argument before any request", async () => {
  const before = (await emulator.requests()).length;
  await expect(getManagedZones({ dnsName: "no-dot.example" })).rejects.toThrow(
    /svc\.dns\.getManagedZones: dnsName must be a fully qualified DNS name ending with a dot/,
  );
  expect((await emulator.requests()).length).toBe(before);
});
