/** Cloud DNS responsePolicyRules, and the internal objects view of policies and rules. */
import type { ResponsePolicyRule } from "../../emulator/apis/dns/resources";
import { googleError, PROJECT, rrset } from "./helpers";
import { RESPONSE_POLICIES, rulesOf, emulator, createResponsePolicy, createRule, localRule } from "./dns-response-policies-harness";

describe("responsePolicyRules", () => {
  beforeEach(async () => {
    await createResponsePolicy({ responsePolicyName: "rp" });
  });

  it("creates a local-data rule and a bypass rule, reads and lists them", async () => {
    const local = await createRule("rp", localRule("api", "api.example.com.", rrset("api.example.com.", "A", 300, "10.0.0.10")));
    expect(local).toEqual({
      kind: "dns#responsePolicyRule",
      ruleName: "api",
      dnsName: "api.example.com.",
      localData: { localDatas: [{ kind: "dns#resourceRecordSet", name: "api.example.com.", type: "A", ttl: 300, rrdatas: ["10.0.0.10"] }] },
    });
    const bypass = await createRule("rp", { ruleName: "skip", dnsName: "*.internal.example.com.", behavior: "bypassResponsePolicy" });
    expect(bypass).toEqual({
      kind: "dns#responsePolicyRule",
      ruleName: "skip",
      dnsName: "*.internal.example.com.",
      behavior: "bypassResponsePolicy",
    });
    expect((await emulator.request("GET", `${rulesOf("rp")}/api`)).body).toEqual(local);

    const first = await emulator.request<{ responsePolicyRules: ResponsePolicyRule[]; nextPageToken?: string }>("GET", `${rulesOf("rp")}?maxResults=1`);
    expect(first.body.responsePolicyRules).toEqual([local]);
    const rest = await emulator.request("GET", `${rulesOf("rp")}?maxResults=1&pageToken=${first.body.nextPageToken ?? ""}`);
    expect(rest.body).toEqual({ responsePolicyRules: [bypass] });
  });

  it("accepts a CNAME and names under the rule dnsName, and behaviorUnspecified with localData", async () => {
    await createRule("rp", {
      ...localRule("www", "www.example.com.", rrset("www.example.com.", "CNAME", 300, "internal.example.net.")),
      behavior: "behaviorUnspecified",
    });
    await createRule("rp", localRule("below", "svc.example.com.", rrset("a.svc.example.com.", "A", 60, "10.0.0.1")));
  });

  it.each([
    [
      "both behavior and localData",
      { ...localRule("r", "r.example.com.", rrset("r.example.com.", "A", 300, "10.0.0.1")), behavior: "bypassResponsePolicy" },
      "invalid",
      "Invalid value for 'entity.responsePolicyRule.behavior': 'bypassResponsePolicy'. A rule either has a behavior or answers with localData, not both.",
    ],
    [
      "neither behavior nor localData",
      { ruleName: "r", dnsName: "r.example.com." },
      "required",
      /^The 'entity\.responsePolicyRule\.behavior' or 'entity\.responsePolicyRule\.localData' parameter is required/,
    ],
    [
      "only behaviorUnspecified",
      { ruleName: "r", dnsName: "r.example.com.", behavior: "behaviorUnspecified" },
      "required",
      /parameter is required but was missing/,
    ],
    [
      "empty localData",
      { ruleName: "r", dnsName: "r.example.com.", localData: { localDatas: [] } },
      "required",
      "The 'entity.responsePolicyRule.localData.localDatas' parameter is required but was missing.",
    ],
    [
      "an SOA record in localData",
      localRule("r", "r.example.com.", rrset("r.example.com.", "SOA", 300, "ns. host. 1 2 3 4 5")),
      "invalid",
      "Invalid value for 'entity.responsePolicyRule.localData.localDatas[0].type': 'SOA'. Local data may not hold SOA or NS records.",
    ],
    [
      "an NS record in localData",
      localRule("r", "r.example.com.", rrset("r.example.com.", "A", 300, "10.0.0.1"), rrset("r.example.com.", "NS", 300, "ns1.example.com.")),
      "invalid",
      "Invalid value for 'entity.responsePolicyRule.localData.localDatas[1].type': 'NS'. Local data may not hold SOA or NS records.",
    ],
    [
      "a record named outside the rule dnsName",
      localRule("r", "r.example.com.", rrset("other.example.com.", "A", 300, "10.0.0.1")),
      "invalid",
      /^Invalid value for 'entity\.responsePolicyRule\.localData\.localDatas\[0\]\.name': 'other\.example\.com\.'/,
    ],
    [
      "a malformed A record",
      localRule("r", "r.example.com.", rrset("r.example.com.", "A", 300, "10.0.0.300")),
      "invalid",
      "Invalid value for 'entity.responsePolicyRule.localData.localDatas[0].rrdata[0]': '10.0.0.300'",
    ],
    [
      "a CNAME beside another type",
      localRule("r", "r.example.com.", rrset("r.example.com.", "A", 300, "10.0.0.1"), rrset("r.example.com.", "CNAME", 300, "x.example.")),
      "cnameResourceRecordSetConflict",
      /^The resource record set 'entity\.responsePolicyRule\.localData\.localDatas\[1\]' is invalid/,
    ],
    [
      "a dnsName without the final dot",
      { ruleName: "r", dnsName: "r.example.com", behavior: "bypassResponsePolicy" },
      "invalid",
      "Invalid value for 'entity.responsePolicyRule.dnsName': 'r.example.com'",
    ],
  ])("answers 400 for %s", async (_what, body, reason, message) => {
    const result = await emulator.request("POST", rulesOf("rp"), { body });
    expect(result.status).toBe(400);
    expect(result.body).toEqual(googleError(400, reason, message));
    expect((await emulator.request("GET", rulesOf("rp"))).body).toEqual({ responsePolicyRules: [] });
  });

  it("answers 409 for a duplicate rule name or DNS name", async () => {
    await createRule("rp", { ruleName: "one", dnsName: "one.example.com.", behavior: "bypassResponsePolicy" });
    const sameName = await emulator.request("POST", rulesOf("rp"), {
      body: { ruleName: "one", dnsName: "two.example.com.", behavior: "bypassResponsePolicy" },
    });
    expect(sameName.status).toBe(409);
    expect(sameName.body).toEqual(googleError(409, "alreadyExists", "The resource 'entity.responsePolicyRule' named 'one' already exists"));
    const sameDnsName = await emulator.request("POST", rulesOf("rp"), {
      body: { ruleName: "two", dnsName: "ONE.example.com.", behavior: "bypassResponsePolicy" },
    });
    expect(sameDnsName.status).toBe(409);
    expect(sameDnsName.body).toEqual(
      googleError(409, "alreadyExists", "The resource 'entity.responsePolicyRule.dnsName' named 'ONE.example.com.' already exists"),
    );
  });

  it("answers 404 for a rule of a response policy that does not exist, and for a rule that does not exist", async () => {
    const noPolicy = await emulator.request("POST", rulesOf("ghost"), {
      body: { ruleName: "r", dnsName: "r.example.com.", behavior: "bypassResponsePolicy" },
    });
    expect(noPolicy.status).toBe(404);
    expect(noPolicy.body).toEqual(googleError(404, "notFound", "The 'parameters.responsePolicy' resource named 'ghost' does not exist."));
    expect((await emulator.request("GET", rulesOf("ghost"))).status).toBe(404);
    const noRule = await emulator.request("GET", `${rulesOf("rp")}/ghost`);
    expect(noRule.status).toBe(404);
    expect(noRule.body).toEqual(googleError(404, "notFound", "The 'parameters.responsePolicyRule' resource named 'ghost' does not exist."));
  });

  it("PATCH keeps the XOR: switching to a behavior needs localData cleared in the same request", async () => {
    const rule = await createRule("rp", localRule("api", "api.example.com.", rrset("api.example.com.", "A", 300, "10.0.0.10")));
    const both = await emulator.request("PATCH", `${rulesOf("rp")}/api`, { body: { behavior: "bypassResponsePolicy" } });
    expect(both.status).toBe(400);
    expect((await emulator.request("GET", `${rulesOf("rp")}/api`)).body).toEqual(rule);

    const switched = await emulator.request("PATCH", `${rulesOf("rp")}/api`, {
      body: { behavior: "bypassResponsePolicy", localData: null },
    });
    expect(switched.status).toBe(200);
    expect(switched.body).toEqual({
      responsePolicyRule: { kind: "dns#responsePolicyRule", ruleName: "api", dnsName: "api.example.com.", behavior: "bypassResponsePolicy" },
    });
  });

  it("PUT replaces the rule (dnsName required), keeps its name and its place in the list", async () => {
    await createRule("rp", { ruleName: "first", dnsName: "first.example.com.", behavior: "bypassResponsePolicy" });
    await createRule("rp", { ruleName: "second", dnsName: "second.example.com.", behavior: "bypassResponsePolicy" });
    const missing = await emulator.request("PUT", `${rulesOf("rp")}/first`, { body: { behavior: "bypassResponsePolicy" } });
    expect(missing.body).toEqual(googleError(400, "required", "The 'entity.responsePolicyRule.dnsName' parameter is required but was missing."));
    const renamed = await emulator.request("PUT", `${rulesOf("rp")}/first`, {
      body: { ruleName: "other", dnsName: "first.example.com.", behavior: "bypassResponsePolicy" },
    });
    expect(renamed.body).toEqual(googleError(400, "invalid", "Invalid value for 'entity.responsePolicyRule.ruleName': 'other'"));

    const replaced = await emulator.request<{ responsePolicyRule: ResponsePolicyRule }>("PUT", `${rulesOf("rp")}/first`, {
      body: localRule("first", "moved.example.com.", rrset("moved.example.com.", "TXT", 60, '"hello"')),
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.responsePolicyRule.dnsName).toBe("moved.example.com.");
    const list = await emulator.request<{ responsePolicyRules: ResponsePolicyRule[] }>("GET", rulesOf("rp"));
    expect(list.body.responsePolicyRules.map((rule) => rule.ruleName)).toEqual(["first", "second"]);
  });
});

describe("internal objects view", () => {
  it("lists response policies and their rules until they are deleted", async () => {
    const responsePolicy = await createResponsePolicy({ responsePolicyName: "seen" });
    await createRule("seen", { ruleName: "r", dnsName: "r.example.com.", behavior: "bypassResponsePolicy" });
    const objects = async () =>
      (await emulator.request<{ dns: { responsePolicies: unknown[]; responsePolicyRules: unknown[] } }>("GET", "/_emulator/objects")).body.dns;
    expect(await objects()).toMatchObject({
      responsePolicies: [{ project: PROJECT, responsePolicyName: "seen", id: responsePolicy.id }],
      responsePolicyRules: [{ project: PROJECT, responsePolicy: "seen", ruleName: "r", dnsName: "r.example.com." }],
    });
    await emulator.request("DELETE", `${rulesOf("seen")}/r`);
    await emulator.request("DELETE", `${RESPONSE_POLICIES}/seen`);
    expect(await objects()).toMatchObject({ responsePolicies: [], responsePolicyRules: [] });
  });
});
