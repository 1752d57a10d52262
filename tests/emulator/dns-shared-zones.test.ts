/**
 * A zone shared with other tools, against the emulator through the provider (no engine): with
 * external-dns's and octoDNS's ownership markers in the zone, a RecordSet or a ZoneRecords that
 * names a set they claim fails before any write, naming the tool; `takeOver` takes it over by
 * name; an exclusive ZoneRecords leaves their sets and markers alone.
 */
import { recordSet } from "../../provider/apis/dns/recordSet";
import { zoneRecords } from "../../provider/apis/dns/zoneRecords";
import { dynamicProvider } from "../../provider/engine/pulumi/dynamicProvider";
import type { Args } from "../../provider/engine/declaration/declaration";
import { providerEmulator } from "../support/providerEmulator";
import { adoptableOf, discover } from "../../tools/import/discover";
import { nameAll } from "../../tools/import/program";

const PROJECT = "shared-project";
const ZONES = `/dns/v1/projects/${PROJECT}/managedZones`;
const running = providerEmulator("shared-token", { project: PROJECT, instantRetries: true });
const HERITAGE = '"heritage=external-dns,external-dns/owner=cluster-a,external-dns/resource=ingress/web/app"';

/** A zone where external-dns made app A (with its typed marker) and octoDNS claims the apex MX. */
async function sharedZone(name: string): Promise<string> {
  const dnsName = `${name}.example.`;
  expect((await running.current.api("POST", ZONES, { name, dnsName, description: "" })).status).toBe(200);
  const additions = [
    { name: `app.${dnsName}`, type: "A", ttl: 300, rrdatas: ["192.0.2.1"] },
    { name: `a-app.${dnsName}`, type: "TXT", ttl: 300, rrdatas: [HERITAGE] },
    { name: `_owner.MX.${dnsName}`, type: "TXT", ttl: 60, rrdatas: ['"*octodns*"'] },
    { name: `kept.${dnsName}`, type: "A", ttl: 300, rrdatas: ["192.0.2.7"] },
  ];
  expect((await running.current.api("POST", `${ZONES}/${name}/changes`, { additions })).status).toBe(200);
  return `${ZONES}/${name}`;
}

async function writesDuring(zonePath: string, work: () => Promise<unknown>): Promise<{ writes: string[]; error: unknown }> {
  const before = (await running.current.requests({ pathPrefix: zonePath })).length;
  let error: unknown;
  await work().catch((failure: unknown) => (error = failure));
  const writes = (await running.current.requests({ pathPrefix: zonePath })).slice(before).filter((request) => request.method !== "GET");
  return { writes: writes.map((request) => `${request.method} ${request.path.slice(zonePath.length)}`), error };
}

async function checked(declaration: typeof recordSet, inputs: Args): Promise<Args> {
  const result = await dynamicProvider(declaration, running.runtime).check({}, inputs);
  expect(result.failures).toBeUndefined();
  return result.inputs ?? {};
}

it("a RecordSet at a name external-dns claims fails naming it, with nothing written; takeOver makes it", async () => {
  const zonePath = await sharedZone("shared-rs");
  const provider = dynamicProvider(recordSet, running.runtime);
  const inputs = await checked(recordSet, { managedZone: "shared-rs", name: "app.shared-rs.example.", type: "A", ttl: 300, rrdatas: ["192.0.2.50"] });
  const refused = await writesDuring(zonePath, () => provider.create(inputs));
  expect(refused.writes).toEqual([]);
  expect(String(refused.error)).toMatch(
    /record set app\.shared-rs\.example\. A is claimed by external-dns \(owner cluster-a\) \(its marker a-app\.shared-rs\.example\. TXT\).*takeOver: true.*Nothing was created/,
  );

  // octoDNS's claim of the apex MX, read from the same listing (once a run for the zone): refused too.
  const mx = await checked(recordSet, { managedZone: "shared-rs", name: "shared-rs.example.", type: "MX", ttl: 300, rrdatas: ["10 mail.example.net."] });
  const octo = await writesDuring(zonePath, () => provider.create(mx));
  expect({ writes: octo.writes, error: String(octo.error) }).toEqual({ writes: [], error: expect.stringMatching(/claimed by octoDNS \(\*octodns\*\)/) });

  // A name nobody claims is made as ever; `takeOver: true` takes a claimed one over.
  const free = await checked(recordSet, { managedZone: "shared-rs", name: "free.shared-rs.example.", type: "A", ttl: 300, rrdatas: ["192.0.2.60"] });
  expect((await writesDuring(zonePath, () => provider.create(free))).error).toBeUndefined();
  const taken = await checked(recordSet, {
    managedZone: "shared-rs",
    name: "shared-rs.example.",
    type: "MX",
    ttl: 300,
    rrdatas: ["10 mail.example.net."],
    takeOver: true,
  });
  expect((await writesDuring(zonePath, () => provider.create(taken))).error).toBeUndefined();
});

it("a ZoneRecords naming a claimed set fails before any write; an exclusive one leaves other tools' sets and markers", async () => {
  const zonePath = await sharedZone("shared-zr");
  const provider = dynamicProvider(zoneRecords, running.runtime);
  const claiming = await checked(zoneRecords, {
    managedZone: "shared-zr",
    records: { app: { A: { rrdatas: ["192.0.2.50"] } }, www: { A: { rrdatas: ["192.0.2.51"] } } },
  });
  const refused = await writesDuring(zonePath, () => provider.create(claiming));
  expect(refused.writes).toEqual([]);
  expect(String(refused.error)).toMatch(/claimed by external-dns \(owner cluster-a\).*takeOver: \["app A"\]/);

  const exclusive = await checked(zoneRecords, { managedZone: "shared-zr", exclusive: true, records: { www: { A: { rrdatas: ["192.0.2.51"] } } } });
  const made = await writesDuring(zonePath, () => provider.create(exclusive));
  expect(made.error).toBeUndefined();
  const { body } = await running.current.api("GET", `${zonePath}/rrsets`);
  const left = ((body as { rrsets: Array<{ name: string; type: string }> }).rrsets ?? []).map(({ name, type }) => `${name} ${type}`).sort();
  // kept.A (nobody's) is deleted; external-dns's app A and its marker, octoDNS's marker stay.
  expect(left).toEqual(
    [
      "_owner.MX.shared-zr.example. TXT",
      "a-app.shared-zr.example. TXT",
      "app.shared-zr.example. A",
      "shared-zr.example. NS",
      "shared-zr.example. SOA",
      "www.shared-zr.example. A",
    ].sort(),
  );
});

it("svc-import leaves other tools' sets and markers out, saying why, as RecordSets and in a ZoneRecords", async () => {
  await sharedZone("shared-import");
  for (const gather of [false, true]) {
    const discovery = await discover("dns", {
      scope: { project: PROJECT },
      select: { zone: ["shared-import"] },
      gather: { "zone-records": gather },
      runtime: running.runtime,
      progress: () => undefined,
    });
    const adopted = nameAll(discovery, adoptableOf("dns")).map(({ found }) => found);
    const sets = adopted.filter((found) => found.declaration.name === "RecordSet").map((found) => found.id.split("/rrsets/")[1]);
    const records = adopted.find((found) => found.declaration.name === "ZoneRecords")?.inputs["records"];
    // Only `kept` is nobody's: external-dns's app A and both tools' markers are left out.
    if (gather) expect({ sets, records }).toEqual({ sets: [], records: { kept: { A: { ttl: 300, rrdatas: ["192.0.2.7"] } } } });
    else expect(sets).toEqual(["kept.shared-import.example./A"]);
    const why = discovery.leftOut.map(({ what, reason }) => `${what.split("/rrsets/")[1] ?? what}: ${reason}`);
    if (!gather) {
      expect(why).toEqual(
        expect.arrayContaining([
          expect.stringMatching(
            /^app\.shared-import\.example\.\/A: claimed by external-dns \(owner cluster-a\) \(its marker a-app\.shared-import\.example\. TXT\)/,
          ),
          expect.stringMatching(/^a-app\.shared-import\.example\.\/TXT: claimed by external-dns/),
          expect.stringMatching(/^_owner\.MX\.shared-import\.example\.\/TXT: claimed by octoDNS \(\*octodns\*\)/),
        ]),
      );
    }
  }
});
