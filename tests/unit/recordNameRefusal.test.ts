/**
 * A record set's zone is no input of RecordSet, so check cannot see a name
 * outside the zone; the API's refusal at create must still name `name` and
 * the rule, and leave nothing behind.
 */
import { recordSet } from "../../provider/apis/dns/recordSet";
import { dynamicProvider } from "../../provider/engine/pulumi/dynamicProvider";
import { providerEmulator } from "../support/providerEmulator";

const ZONES = "/dns/v1/projects/names-project/managedZones";

const running = providerEmulator("names-token", { project: "names-project" });

it("reports a name outside the zone naming the input and the rule", async () => {
  const zone = await running.current.api("POST", ZONES, { name: "inside", dnsName: "inside.example.", description: "" });
  expect(zone.status).toBe(200);
  const provider = dynamicProvider(recordSet);
  const { inputs, failures } = await provider.check({}, { managedZone: "inside", name: "www.outside.example.", type: "A", rrdatas: ["192.0.2.1"] });
  expect(failures).toBeUndefined();

  await expect(provider.create(inputs ?? {})).rejects.toThrow(
    /name "www\.outside\.example\." was refused by the API for zone "inside": a record set's name must be the zone's dnsName or a name below it.*Nothing was created.*HTTP 400.*entity\.rrset\.name/s,
  );
  const { body } = await running.current.api("GET", `${ZONES}/inside/rrsets`);
  const names = (body as { rrsets: Array<{ name: string }> }).rrsets.map((rrset) => rrset.name);
  expect(names).not.toContain("www.outside.example.");

  // Other refusals keep the API's own error.
  const cname = await provider.check({}, { managedZone: "inside", name: "inside.example.", type: "CNAME", rrdatas: ["x.example."] });
  await expect(provider.create(cname.inputs ?? {})).rejects.toThrow(/HTTP 400 \(recordTypeDisallowedAtZoneApex/);
});
