/**
 * Names, labels, response policy local data and IAM members and roles,
 * through each declaration's check: bad input fails naming the property,
 * the problem and the accepted form.
 */
import { dynamicProvider } from "../../provider/engine/pulumi/dynamicProvider";
import { managedZoneIamBinding, managedZoneIamMember, managedZoneIamPolicy } from "../../provider/apis/dns/iam";
import { managedZone } from "../../provider/apis/dns/managedZone";
import { recordSet } from "../../provider/apis/dns/recordSet";
import { responsePolicy } from "../../provider/apis/dns/responsePolicy";
import { responsePolicyRule } from "../../provider/apis/dns/responsePolicyRule";
import { excerpt } from "../../provider/engine/declaration/excerpt";
import { offlineSettings } from "../support/providerEmulator";

offlineSettings();

describe("record set names", () => {
  const records = dynamicProvider(recordSet);
  const check = (name: unknown, type = "A", rrdatas = ["192.0.2.1"]) => records.check({}, { managedZone: "z", name, type, rrdatas });

  it.each(["www.example.com.", "example.com.", "*.example.com.", "_sip._tcp.example.com.", "WWW.Example.COM."])("accepts %j", async (name) => {
    expect((await check(name)).failures).toBeUndefined();
  });

  it.each([
    [".", /root, which holds no records/],
    ["www.example.com", /ending with a dot, e\.g\. "www\.example\.com\."/],
    ["www..example.com.", /empty label/],
    ["a.*.example.com.", /wildcard only as the leftmost label/],
    ["-www.example.com.", /label "-www"/],
    ["w w.example.com.", /label "w w"/],
    [`${"a".repeat(64)}.example.com.`, /64 characters long \(at most 63\)/],
    [`${"abcdefghi.".repeat(26)}`, /260 characters long/],
  ])("refuses %j", async (name, problem) => {
    const result = await check(name);
    expect(result.failures).toEqual([{ property: "name", reason: expect.stringMatching(problem) }]);
    expect(result.failures?.[0]?.reason).toContain(`got ${excerpt(name)}`);
  });

  it("refuses a wildcard NS set", async () => {
    const result = await check("*.example.com.", "NS", ["ns1.example.net."]);
    expect(result.failures).toEqual([{ property: "name", reason: expect.stringMatching(/NS record set cannot have a wildcard name/) }]);
  });

  it("refuses wildcards in a zone's DNS name", async () => {
    const result = await dynamicProvider(managedZone).check({}, { name: "z", dnsName: "*.example.com." });
    expect(result.failures).toEqual([{ property: "dnsName", reason: expect.stringMatching(/holds a \*.*got "\*\.example\.com\."/) }]);
  });
});

describe("labels", () => {
  const zones = dynamicProvider(managedZone);
  const policies = dynamicProvider(responsePolicy);

  it.each([
    ["zone", zones, { name: "z", dnsName: "example.com." }],
    ["response policy", policies, { responsePolicyName: "rp" }],
  ] as const)("of a %s take Google's label rules", async (_what, provider, base) => {
    const good = await provider.check({}, { ...base, labels: { team: "web", "env_1-x": "", a: "b".repeat(63) } });
    expect(good.failures).toBeUndefined();

    const badKey = await provider.check({}, { ...base, labels: { Team: "web" } });
    expect(badKey.failures).toEqual([
      { property: expect.stringMatching(/^labels/), reason: expect.stringMatching(/label keys must start with a lowercase letter.*got "Team"/) },
    ]);
    for (const key of ["1team", "", "k".repeat(64)]) {
      expect((await provider.check({}, { ...base, labels: { [key]: "v" } })).failures?.[0]?.reason).toMatch(/label keys/);
    }
    for (const value of ["Web", "a b", "v".repeat(64)]) {
      const result = await provider.check({}, { ...base, labels: { team: value } });
      expect(result.failures).toEqual([
        { property: "labels", reason: expect.stringMatching(/^labels\.team [\s\S]*label values hold 0-63 lowercase letters.*got/) },
      ]);
    }
    const many = Object.fromEntries(Array.from({ length: 65 }, (_, i) => [`k${i}`, "v"]));
    expect((await provider.check({}, { ...base, labels: many })).failures).toEqual([{ property: "labels", reason: "must hold at most 64 labels; got 65" }]);
    expect((await provider.check({}, { ...base, labels: Object.fromEntries(Object.entries(many).slice(0, 64)) })).failures).toBeUndefined();
  });
});

describe("response policy rule local data", () => {
  const rules = dynamicProvider(responsePolicyRule);
  const rule = (localDatas: unknown[], dnsName = "api.example.com.") =>
    rules.check({}, { responsePolicy: "rp", ruleName: "r1", dnsName, localData: { localDatas } });

  it("accepts record sets at and below the rule's name", async () => {
    const result = await rule([
      { name: "api.example.com.", type: "A", ttl: 300, rrdatas: ["10.1.2.3"] },
      { name: "v1.api.example.com.", type: "CNAME", ttl: 0, rrdatas: ["api.example.com."] },
      { name: "API.example.com.", type: "TXT", rrdatas: ['"hello"'] },
    ]);
    expect(result.failures).toBeUndefined();
    expect((await rule([{ name: "*.example.com.", type: "A", rrdatas: ["10.1.2.3"] }], "*.example.com.")).failures).toBeUndefined();
  });

  it("checks the record data by type, naming the entry", async () => {
    const result = await rule([{ name: "api.example.com.", type: "A", rrdatas: ["10.1.2.3", "999.1.1.1"] }]);
    expect(result.failures).toEqual([
      {
        property: "localData",
        reason: expect.stringMatching(/^localData\.localDatas\[0\]\.rrdatas\[1\] must be A record data: a dotted-quad IPv4 address.*got "999\.1\.1\.1"/),
      },
    ]);
    const mx = await rule([{ name: "api.example.com.", type: "MX", rrdatas: ["mail.example.com."] }]);
    expect(mx.failures?.[0]?.reason).toMatch(/MX record data.*1 field, not 2/);
  });

  it("refuses types outside the enum, SOA and NS", async () => {
    for (const [type, message] of [
      ["AX", /must be a record type, one of A, AAAA/],
      ["SOA", /may not hold SOA or NS/],
      ["NS", /may not hold SOA or NS/],
    ] as const) {
      const result = await rule([{ name: "api.example.com.", type, rrdatas: ["x"] }]);
      expect(result.failures).toEqual([{ property: "localData", reason: expect.stringMatching(message) }]);
      expect(result.failures?.[0]?.reason).toMatch(/^localData\.localDatas\[0\]\.type /);
    }
  });

  it.each([-1, 1.5, 2147483648, "300"])("refuses the ttl %j", async (ttl) => {
    const result = await rule([{ name: "api.example.com.", type: "A", ttl, rrdatas: ["10.1.2.3"] }]);
    expect(result.failures).toEqual([
      { property: "localData", reason: expect.stringMatching(/^localData\.localDatas\[0\]\.ttl [\s\S]*whole number of seconds from 0 to 2147483647/) },
    ]);
  });

  it("refuses names outside the rule's dnsName, repeated sets and a CNAME beside other types", async () => {
    const outside = await rule([{ name: "web.example.com.", type: "A", rrdatas: ["10.1.2.3"] }]);
    expect(outside.failures).toEqual([
      {
        property: "localData",
        reason: expect.stringMatching(
          /^localData\.localDatas\[0\]\.name [\s\S]*rule's dnsName "api\.example\.com\." or a name below it.*got "web\.example\.com\."/,
        ),
      },
    ]);
    // A suffix that is not a label boundary is not below it.
    expect((await rule([{ name: "xapi.example.com.", type: "A", rrdatas: ["10.1.2.3"] }])).failures?.[0]?.reason).toMatch(/^localData\.localDatas\[0\]\.name /);
    const repeated = await rule([
      { name: "api.example.com.", type: "A", rrdatas: ["10.1.2.3"] },
      { name: "API.example.com.", type: "A", rrdatas: ["10.1.2.4"] },
    ]);
    expect(repeated.failures).toEqual([
      { property: "localData", reason: expect.stringMatching(/^localData\.localDatas\[1\] [\s\S]*repeats the A record set/) },
    ]);
    const cname = await rule([
      { name: "api.example.com.", type: "CNAME", rrdatas: ["x.example.com."] },
      { name: "api.example.com.", type: "A", rrdatas: ["10.1.2.4"] },
    ]);
    expect(cname.failures).toEqual([
      { property: "localData", reason: expect.stringMatching(/^localData\.localDatas\[1\] [\s\S]*CNAME holds no other record sets/) },
    ]);
  });

  it("keeps localData and behavior exclusive", async () => {
    const both = await rules.check(
      {},
      {
        responsePolicy: "rp",
        ruleName: "r1",
        dnsName: "api.example.com.",
        behavior: "bypassResponsePolicy",
        localData: { localDatas: [{ name: "api.example.com.", type: "A", rrdatas: ["10.1.2.3"] }] },
      },
    );
    expect(both.failures).toEqual([{ property: "localData", reason: expect.stringMatching(/exactly one of localData/) }]);
  });
});

describe("IAM members and roles", () => {
  const members = dynamicProvider(managedZoneIamMember);
  const bindings = dynamicProvider(managedZoneIamBinding);
  const policies = dynamicProvider(managedZoneIamPolicy);
  const grant = (member: unknown, role: unknown = "roles/dns.reader") => members.check({}, { managedZone: "z", role, member });

  it.each([
    "user:jane@example.com",
    "serviceAccount:deployer@my-project.iam.gserviceaccount.com",
    "group:dns-admins@example.com",
    "domain:example.com",
    "allUsers",
    "allAuthenticatedUsers",
    "deleted:user:jane@example.com?uid=123456789012345678901",
    "deleted:serviceAccount:old@my-project.iam.gserviceaccount.com?uid=1",
    "deleted:group:old@example.com?uid=42",
    "projectOwner:my-project",
    "projectEditor:my-project",
    "projectViewer:example.com:my-project",
    "principal://iam.googleapis.com/projects/123/locations/global/workloadIdentityPools/pool/subject/sub",
    "principalSet://iam.googleapis.com/locations/global/workforcePools/pool/group/admins",
  ])("accepts the member %j", async (member) => {
    expect((await grant(member)).failures).toBeUndefined();
  });

  it.each([
    "jane@example.com",
    "user:jane",
    "user:jane@example",
    "user:jane smith@example.com",
    "User:jane@example.com",
    "domain:example",
    "deleted:user:jane@example.com",
    "deleted:robot:x@example.com?uid=1",
    "projectOwner:",
    "projectOwner:My_Project",
    "principal://",
    "principal:iam.googleapis.com/x",
    "allusers",
    "",
  ])("refuses the member %j", async (member) => {
    const result = await grant(member);
    expect(result.failures).toEqual([
      { property: "member", reason: expect.stringMatching(/must be a member: "user:EMAIL".*"deleted:user:EMAIL\?uid=N".*"principal:\/\/\.\.\."/) },
    ]);
    expect(result.failures?.[0]?.reason).toContain(`got ${excerpt(member)}`);
  });

  it.each(["roles/dns.reader", "roles/owner", "projects/my-project/roles/dnsAuditor", "organizations/123456/roles/custom.dns_role"])(
    "accepts the role %j",
    async (role) => {
      expect((await grant("user:jane@example.com", role)).failures).toBeUndefined();
    },
  );

  it.each([
    "dns.reader",
    "roles/",
    "roles/dns reader",
    "projects/my-project/roles/x",
    "projects/My_Project/roles/auditor",
    "organizations/acme/roles/auditor",
    "folders/1/roles/auditor",
  ])("refuses the role %j", async (role) => {
    const result = await grant("user:jane@example.com", role);
    expect(result.failures).toEqual([{ property: "role", reason: expect.stringMatching(/must be a role: "roles\/NAME".*got/) }]);
  });

  it("checks the members of bindings and whole policies too", async () => {
    const binding = await bindings.check({}, { managedZone: "z", role: "roles/dns.admin", members: ["group:ok@example.com", "bob"] });
    expect(binding.failures).toEqual([{ property: "members", reason: expect.stringMatching(/^members\[1\] [\s\S]*must be a member.*got "bob"/) }]);
    const policy = await policies.check({}, { managedZone: "z", bindings: [{ role: "dns.admin", members: ["user:a@example.com"] }] });
    expect(policy.failures).toEqual([{ property: "bindings", reason: expect.stringMatching(/^bindings\[0\]\.role [\s\S]*must be a role/) }]);
  });
});
