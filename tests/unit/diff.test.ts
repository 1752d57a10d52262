import { diffArgs, UNKNOWN } from "../../provider/engine/plan/diff";
import { managedZone } from "../../provider/apis/dns/managedZone";
import { recordSet } from "../../provider/apis/dns/recordSet";
import { checkoutKey } from "../../provider/apis/ci/checkoutKey";
import { projectFollow } from "../../provider/apis/ci/projectFollow";
import { managedZoneIamMember } from "../../provider/apis/dns/iam";

const zoneState = {
  project: "p",
  name: "z",
  dnsName: "example.com.",
  description: "",
  visibility: "public",
  labels: {},
  managedZoneId: "1",
  nameServers: ["ns1."],
  creationTime: "t",
};

describe("patch-semantics diff", () => {
  it("sees no change between a state and the inputs that made it", () => {
    const difference = diffArgs(managedZone, zoneState, { project: "p", name: "z", dnsName: "example.com.", visibility: "public" });
    expect(difference.changed).toEqual([]);
  });

  it("updates a changed mutable field in place with only that field", () => {
    const difference = diffArgs(managedZone, zoneState, { project: "p", name: "z", dnsName: "example.com.", visibility: "public", description: "new" });
    expect(difference).toMatchObject({ changed: ["description"], replaces: [], patch: { set: { description: "new" }, cleared: [] } });
  });

  it("clears a removed field explicitly", () => {
    const difference = diffArgs(
      managedZone,
      { ...zoneState, labels: { team: "web" } },
      { project: "p", name: "z", dnsName: "example.com.", visibility: "public" },
    );
    expect(difference.patch).toEqual({ set: {}, cleared: ["labels"] });
  });

  it("says what happens to each changed property, as a host shows it: add, delete, update, each -replace when it replaces", () => {
    const difference = diffArgs(
      managedZone,
      { ...zoneState, labels: { team: "web" } },
      { project: "p", name: "z", dnsName: "example.org.", visibility: "public", description: "new" },
    );
    expect(difference.detailed).toEqual({ dnsName: "update-replace", description: "add", labels: "delete" });
    const same = diffArgs(managedZone, zoneState, { project: "p", name: "z", dnsName: "example.com.", visibility: "public" });
    expect(same.detailed).toEqual({});
    const renamed = diffArgs(managedZone, { ...zoneState, description: "old" }, { project: "p", name: "z2", dnsName: "example.com.", visibility: "public" });
    expect(renamed.detailed).toEqual({ name: "update-replace", description: "delete" });
  });

  it("replaces on an immutable field, deleting first when the identity stays", () => {
    const moved = diffArgs(managedZone, zoneState, { project: "p", name: "z", dnsName: "example.org.", visibility: "public" });
    expect(moved).toMatchObject({ replaces: ["dnsName"], deleteBeforeReplace: true });
    const renamed = diffArgs(managedZone, zoneState, { project: "p", name: "z2", dnsName: "example.com.", visibility: "public" });
    expect(renamed).toMatchObject({ replaces: ["name"], deleteBeforeReplace: false });
  });

  it("replaces a record set delete-first when a CNAME is on either side of a type change at one name", () => {
    const cname = { project: "p", managedZone: "z", name: "www.example.com.", type: "CNAME", ttl: 300, rrdatas: ["example.com."] };
    const address = { ...cname, type: "A", rrdatas: ["192.0.2.1"] };
    expect(diffArgs(recordSet, cname, address)).toMatchObject({ replaces: ["type"], deleteBeforeReplace: true });
    expect(diffArgs(recordSet, address, cname)).toMatchObject({ replaces: ["type"], deleteBeforeReplace: true });
    // Names compare without regard to case: WWW.example.com. is the same name.
    expect(diffArgs(recordSet, address, { ...cname, name: "WWW.example.com." })).toMatchObject({ deleteBeforeReplace: true });
    // Other types coexist at one name, and a CNAME at another name conflicts with nothing: create first.
    expect(diffArgs(recordSet, address, { ...address, type: "AAAA", rrdatas: ["2001:db8::1"] })).toMatchObject({
      replaces: ["type"],
      deleteBeforeReplace: false,
    });
    expect(diffArgs(recordSet, address, { ...cname, name: "web.example.com." })).toMatchObject({ deleteBeforeReplace: false });
  });

  it("replaces new-before-old when the API has no update but the new object gets its own id", () => {
    // A member moved to another role: the new grant exists before the old one is revoked.
    const member = { project: "p", managedZone: "z", role: "roles/dns.reader", member: "user:a@example.com" };
    expect(diffArgs(managedZoneIamMember, member, { ...member, role: "roles/dns.admin" })).toMatchObject({
      replaces: ["role"],
      deleteBeforeReplace: false,
    });
    // A checkout key of another type gets a new fingerprint (assigned by the server): it can stand beside the old one.
    const key = { vcsType: "vcs-a", username: "acme", project: "api", type: "deploy-key", fingerprint: "c9:0b:00:11:22:33:44:55:66:77:88:99:aa:bb:cc:dd" };
    expect(diffArgs(checkoutKey, key, { vcsType: "vcs-a", username: "acme", project: "api", type: "vcs-user-key" })).toMatchObject({
      replaces: ["type"],
      deleteBeforeReplace: false,
    });
  });

  it("sees no change in the case of names the services compare without regard to case", () => {
    const rrset = { project: "p", managedZone: "z", name: "www.example.com.", type: "A", ttl: 300, rrdatas: ["192.0.2.1"] };
    expect(diffArgs(recordSet, rrset, { ...rrset, name: "WWW.Example.com." }).changed).toEqual([]);
    const follow = { vcsType: "vcs-a", username: "acme", project: "monorepo" };
    expect(diffArgs(projectFollow, follow, { ...follow, username: "ACME", project: "MonoRepo" }).changed).toEqual([]);
    expect(diffArgs(projectFollow, follow, { ...follow, project: "api-service" })).toMatchObject({ replaces: ["project"], deleteBeforeReplace: false });
  });

  it("treats an unknown value as a change", () => {
    const difference = diffArgs(
      recordSet,
      { project: "p", managedZone: "z", name: "a.example.com.", type: "A", ttl: 300, rrdatas: ["1.2.3.4"] },
      {
        project: "p",
        managedZone: UNKNOWN,
        name: "a.example.com.",
        type: "A",
        ttl: 300,
        rrdatas: ["1.2.3.4"],
      },
    );
    expect(difference.replaces).toEqual(["managedZone"]);
  });

  it("compares record data as a set", () => {
    const state = { project: "p", managedZone: "z", name: "a.example.com.", type: "A", ttl: 300, rrdatas: ["192.0.2.1", "192.0.2.2"] };
    expect(diffArgs(recordSet, state, { ...state, rrdatas: ["192.0.2.2", "192.0.2.1"] }).changed).toEqual([]);
    expect(diffArgs(recordSet, state, { ...state, rrdatas: ["192.0.2.2"] }).patch.set).toEqual({ rrdatas: ["192.0.2.2"] });
  });
});
