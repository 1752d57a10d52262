import { dynamicProvider } from "../../provider/engine/pulumi/dynamicProvider";
import { managedZone } from "../../provider/apis/dns/managedZone";
import { recordSet } from "../../provider/apis/dns/recordSet";
import { UNKNOWN } from "../../provider/engine/plan/diff";
import { offlineSettings } from "../support/providerEmulator";

offlineSettings();

describe("check", () => {
  const zones = dynamicProvider(managedZone);
  const records = dynamicProvider(recordSet);

  it("fills defaults (project from settings, visibility) and drops the provider", async () => {
    const result = await zones.check({}, { __provider: "x", name: "z", dnsName: "example.com." });
    expect(result).toEqual({
      inputs: { project: "p1", name: "z", dnsName: "example.com.", description: "", visibility: "public", forceDestroy: false },
    });
  });

  it("names the property, the problem and the accepted form", async () => {
    const result = await zones.check({}, { name: "Bad_Name", dnsName: "example.com" });
    expect(result.failures).toEqual(
      expect.arrayContaining([
        { property: "name", reason: expect.stringMatching(/lowercase letters.*got "Bad_Name"/) },
        { property: "dnsName", reason: expect.stringMatching(/ending with a dot, e\.g\. "example\.com\."; got "example\.com"/) },
      ]),
    );
    const rrset = await records.check({}, { managedZone: "z", name: "a.example.com.", type: "AX", ttl: -1, rrdatas: [] });
    expect(rrset.failures?.map((f) => f.property).sort()).toEqual(["rrdatas", "ttl", "type"]);
  });

  it("leaves values that are not known yet unchecked and in place", async () => {
    const result = await records.check({}, { managedZone: UNKNOWN, name: "a.example.com.", type: "A", rrdatas: ["192.0.2.1"] });
    expect(result.inputs?.["managedZone"]).toBe(UNKNOWN);
    expect(result.failures).toBeUndefined();
  });

  it("asks for a project when none is set anywhere", async () => {
    delete process.env["SVC_PROJECT"];
    // A provider process reads its settings once, when it is configured: this one starts without the variable.
    const result = await dynamicProvider(managedZone).check({}, { name: "z", dnsName: "example.com." });
    expect(result.failures).toEqual([{ property: "project", reason: expect.stringContaining("pulumi config set svc:project") }]);
  });

  it("fails before any call when the token is missing, naming the config key and the variable", async () => {
    delete process.env["SVC_DNS_TOKEN"];
    await expect(dynamicProvider(managedZone).check({}, { name: "z", dnsName: "example.com." })).rejects.toThrow(
      /pulumi config set svc:dnsToken <value> --secret.*SVC_DNS_TOKEN/,
    );
  });

  it("reads its settings again when it is configured again", async () => {
    const provider = dynamicProvider(managedZone);
    const configured = (project: string) => ({ config: { get: (key: string) => (key === "svc:project" ? project : undefined) } });
    await provider.configure(configured("first"));
    expect((await provider.check({}, { name: "z", dnsName: "example.com." })).inputs?.["project"]).toBe("first");
    await provider.configure(configured("second"));
    expect((await provider.check({}, { name: "z", dnsName: "example.com." })).inputs?.["project"]).toBe("second");
  });

  it("keeps the import id for create", async () => {
    const result = await zones.check({}, { name: "z", dnsName: "example.com.", __import: "z" });
    expect(result.inputs?.["__import"]).toBe("z");
  });
});
