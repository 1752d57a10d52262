/** responsePolicies.* and responsePolicyRules.* over real HTTP. */
import type { ResponsePolicy, ResponsePolicyRule } from "../../emulator/apis/dns/resources";
import type { TestEmulator } from "./helpers";
import { googleError, PROJECT, rrset, startEmulator } from "./helpers";

const RESPONSE_POLICIES = `/dns/v1/projects/${PROJECT}/responsePolicies`;
const NETWORK = "https://www.googleapis.com/compute/v1/projects/test-project/global/networks/default";
const CLUSTER = "projects/test-project/locations/us-central1/clusters/main";
const rulesOf = (responsePolicy: string) => `${RESPONSE_POLICIES}/${responsePolicy}/rules`;

let emulator: TestEmulator;
beforeAll(async () => {
  emulator = await startEmulator();
});
afterAll(() => emulator.close());
beforeEach(async () => {
  await emulator.request("POST", "/_emulator/reset");
});

async function createResponsePolicy(body: Record<string, unknown>): Promise<ResponsePolicy> {
  const result = await emulator.request<ResponsePolicy>("POST", RESPONSE_POLICIES, { body });
  if (result.status !== 200) throw new Error(`creating response policy: ${result.status} ${result.text}`);
  return result.body;
}

async function createRule(responsePolicy: string, body: Record<string, unknown>): Promise<ResponsePolicyRule> {
  const result = await emulator.request<ResponsePolicyRule>("POST", rulesOf(responsePolicy), { body });
  if (result.status !== 200) throw new Error(`creating rule: ${result.status} ${result.text}`);
  return result.body;
}

const localRule = (ruleName: string, dnsName: string, ...records: ReturnType<typeof rrset>[]) => ({
  ruleName,
  dnsName,
  localData: { localDatas: records },
});

describe("responsePolicies CRUD", () => {
  it("creates, reads by name and id, lists without a kind, patches, updates and deletes", async () => {
    const created = await createResponsePolicy({
      responsePolicyName: "corp",
      description: "corporate overrides",
      networks: [{ networkUrl: NETWORK }],
      gkeClusters: [{ gkeClusterName: CLUSTER }],
      labels: { team: "net" },
    });
    expect(created).toEqual({
      kind: "dns#responsePolicy",
      id: expect.stringMatching(/^[1-9]\d*$/),
      responsePolicyName: "corp",
      description: "corporate overrides",
      networks: [{ kind: "dns#responsePolicyNetwork", networkUrl: NETWORK }],
      gkeClusters: [{ kind: "dns#responsePolicyGKECluster", gkeClusterName: CLUSTER }],
      labels: { team: "net" },
    });
    expect((await emulator.request("GET", `${RESPONSE_POLICIES}/corp`)).body).toEqual(created);
    expect((await emulator.request("GET", `${RESPONSE_POLICIES}/${created.id}`)).body).toEqual(created);
    expect((await emulator.request("GET", RESPONSE_POLICIES)).body).toEqual({ responsePolicies: [created] });

    const patched = await emulator.request<{ responsePolicy: ResponsePolicy }>("PATCH", `${RESPONSE_POLICIES}/corp`, {
      body: { description: "changed", labels: null },
    });
    expect(patched.status).toBe(200);
    const afterPatch = { ...created, description: "changed" } as Partial<ResponsePolicy>;
    delete afterPatch.labels;
    expect(patched.body).toEqual({ responsePolicy: afterPatch });

    const updated = await emulator.request<{ responsePolicy: ResponsePolicy }>("PUT", `${RESPONSE_POLICIES}/corp`, {
      body: { responsePolicyName: "corp", description: "only this" },
    });
    expect(updated.body).toEqual({
      responsePolicy: { kind: "dns#responsePolicy", id: created.id, responsePolicyName: "corp", description: "only this" },
    });

    expect((await emulator.request("DELETE", `${RESPONSE_POLICIES}/corp`)).status).toBe(204);
    const gone = await emulator.request("GET", `${RESPONSE_POLICIES}/corp`);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual(googleError(404, "notFound", "The 'parameters.responsePolicy' resource named 'corp' does not exist."));
  });

  it("pages the list", async () => {
    for (const name of ["rp-a", "rp-b", "rp-c"]) await createResponsePolicy({ responsePolicyName: name });
    const first = await emulator.request<{ responsePolicies: ResponsePolicy[]; nextPageToken?: string }>("GET", `${RESPONSE_POLICIES}?maxResults=2`);
    expect(first.body.responsePolicies.map((policy) => policy.responsePolicyName)).toEqual(["rp-a", "rp-b"]);
    const rest = await emulator.request<{ responsePolicies: ResponsePolicy[]; nextPageToken?: string }>(
      "GET",
      `${RESPONSE_POLICIES}?maxResults=2&pageToken=${first.body.nextPageToken ?? ""}`,
    );
    expect(rest.body).toEqual({ responsePolicies: [expect.objectContaining({ responsePolicyName: "rp-c" })] });
  });

  it("answers 409 for a duplicate name and 400 for invalid fields or a rename", async () => {
    await createResponsePolicy({ responsePolicyName: "dup" });
    const duplicate = await emulator.request("POST", RESPONSE_POLICIES, { body: { responsePolicyName: "dup" } });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toEqual(googleError(409, "alreadyExists", "The resource 'entity.responsePolicy' named 'dup' already exists"));

    const badCluster = await emulator.request("POST", RESPONSE_POLICIES, {
      body: { responsePolicyName: "x", gkeClusters: [{ gkeClusterName: "main" }] },
    });
    expect(badCluster.body).toEqual(googleError(400, "invalid", "Invalid value for 'entity.responsePolicy.gkeClusters[0].gkeClusterName': 'main'"));
    const missingName = await emulator.request("POST", RESPONSE_POLICIES, { body: { description: "x" } });
    expect(missingName.body).toEqual(googleError(400, "required", "The 'entity.responsePolicy.responsePolicyName' parameter is required but was missing."));
    const rename = await emulator.request("PATCH", `${RESPONSE_POLICIES}/dup`, { body: { responsePolicyName: "other" } });
    expect(rename.body).toEqual(googleError(400, "invalid", "Invalid value for 'entity.responsePolicy.responsePolicyName': 'other'"));
  });

  it("allows one response policy per network", async () => {
    await createResponsePolicy({ responsePolicyName: "first", networks: [{ networkUrl: NETWORK }] });
    const second = await emulator.request("POST", RESPONSE_POLICIES, {
      body: { responsePolicyName: "second", networks: [{ networkUrl: NETWORK }] },
    });
    expect(second.status).toBe(409);
    expect(second.body).toEqual(googleError(409, "alreadyExists", /already bound to the response policy 'first'/));
  });
});

describe("responsePolicies.delete", () => {
  it("refuses to delete a response policy that still has rules, then one still bound, then deletes it", async () => {
    await createResponsePolicy({ responsePolicyName: "busy", networks: [{ networkUrl: NETWORK }] });
    await createRule("busy", { ruleName: "bypass", dnsName: "bypass.example.com.", behavior: "bypassResponsePolicy" });

    const notEmpty = await emulator.request("DELETE", `${RESPONSE_POLICIES}/busy`);
    expect(notEmpty.status).toBe(400);
    expect(notEmpty.body).toEqual(
      googleError(400, "containerNotEmpty", "The response policy 'busy' cannot be deleted because it is not empty: it holds 1 rule(s)."),
    );

    expect((await emulator.request("DELETE", `${rulesOf("busy")}/bypass`)).status).toBe(204);
    const bound = await emulator.request("DELETE", `${RESPONSE_POLICIES}/busy`);
    expect(bound.status).toBe(400);
    expect(bound.body).toEqual(
      googleError(
        400,
        "resourceInUseByAnotherResource",
        `The response policy 'busy' cannot be deleted because it is in use by networks or GKE clusters: ${NETWORK}.`,
      ),
    );

    await emulator.request("PATCH", `${RESPONSE_POLICIES}/busy`, { body: { networks: [] } });
    expect((await emulator.request("DELETE", `${RESPONSE_POLICIES}/busy`)).status).toBe(204);
  });
});

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
