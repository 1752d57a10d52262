import { typeKey } from "../../provider/engine/declaration/declaration";
import { conventionalFile, declarationOf, providerFor } from "../../provider";
import { declarations } from "../../provider/registry";

describe("the provider process's entry point", () => {
  it("finds every registered type, from its conventional file or the registry, as the same declaration", () => {
    for (const declaration of declarations) {
      expect(declarationOf(typeKey(declaration))).toBe(declaration);
    }
  });

  it("names a type's conventional file after its module and name", () => {
    expect(conventionalFile("dns:RecordSet")).toBe("./apis/dns/recordSet");
    expect(conventionalFile("calendar:AclRule")).toBe("./apis/calendar/aclRule");
    // Not a type key: nothing is required for it.
    expect(conventionalFile("../x:Y")).toBeUndefined();
    expect(conventionalFile("dns:recordSet")).toBeUndefined();
  });

  it("serves a type declared outside its conventional file (the DNS IAM types live in dns/iam)", async () => {
    const provider = providerFor("dns:ManagedZoneIamMember");
    expect(providerFor("dns:ManagedZoneIamMember")).toBe(provider);
    const member = { project: "p", managedZone: "zone-a", role: "roles/dns.admin", member: "user:a@example.com" };
    await expect(provider.diff("id", member, { ...member, member: "user:b@example.com" })).resolves.toEqual({
      changes: true,
      replaces: ["member"],
      detailedDiff: { member: "update-replace" },
    });
  });

  it("refuses an unknown type, listing the known ones", () => {
    expect(() => providerFor("dns:Nothing")).toThrow(
      /no resource type dns:Nothing \(known: calendar:AclRule, calendar:Calendar, .*dns:ManagedZone, dns:Policy, dns:RecordSet, /,
    );
  });
});
