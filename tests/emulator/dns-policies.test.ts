/** policies.* (DNS server policies) over real HTTP. */
import type { Policy } from "../../emulator/apis/dns/resources";
import type { TestEmulator } from "./helpers";
import { googleError, PROJECT, startEmulator } from "./helpers";

const POLICIES = `/dns/v1/projects/${PROJECT}/policies`;
const NETWORK_A = "https://www.googleapis.com/compute/v1/projects/test-project/global/networks/net-a";
const NETWORK_B = "https://www.googleapis.com/compute/v1/projects/test-project/global/networks/net-b";

interface PolicyList {
  kind: string;
  policies: Policy[];
  nextPageToken?: string;
}

let emulator: TestEmulator;
beforeAll(async () => {
  emulator = await startEmulator();
});
afterAll(() => emulator.close());
beforeEach(async () => {
  await emulator.request("POST", "/_emulator/reset");
});

async function createPolicy(body: Record<string, unknown>): Promise<Policy> {
  const result = await emulator.request<Policy>("POST", POLICIES, { body });
  if (result.status !== 200) throw new Error(`creating policy: ${result.status} ${result.text}`);
  return result.body;
}

describe("policies.create and get", () => {
  it("returns the policy with a server id, Google defaults and nested kinds", async () => {
    const policy = await createPolicy({
      name: "forwarding",
      enableInboundForwarding: true,
      networks: [{ networkUrl: NETWORK_A }],
      alternativeNameServerConfig: {
        targetNameServers: [{ ipv4Address: "10.0.0.53", forwardingPath: "private" }, { ipv6Address: "2001:db8::53" }],
      },
      dns64Config: { scope: { allQueries: true } },
    });
    expect(policy).toEqual({
      kind: "dns#policy",
      id: expect.stringMatching(/^[1-9]\d*$/),
      name: "forwarding",
      description: "",
      enableInboundForwarding: true,
      enableLogging: false,
      networks: [{ kind: "dns#policyNetwork", networkUrl: NETWORK_A }],
      alternativeNameServerConfig: {
        kind: "dns#policyAlternativeNameServerConfig",
        targetNameServers: [
          { kind: "dns#policyAlternativeNameServerConfigTargetNameServer", ipv4Address: "10.0.0.53", forwardingPath: "private" },
          { kind: "dns#policyAlternativeNameServerConfigTargetNameServer", ipv6Address: "2001:db8::53" },
        ],
      },
      dns64Config: { kind: "dns#policyDns64Config", scope: { kind: "dns#policyDns64ConfigScope", allQueries: true } },
    });
    expect((await emulator.request("GET", `${POLICIES}/forwarding`)).body).toEqual(policy);
    expect((await emulator.request("GET", `${POLICIES}/${policy.id}`)).body).toEqual(policy);
  });

  it("accepts a policy it returned (output-only fields and kinds are ignored)", async () => {
    const policy = await createPolicy({ name: "original", description: "d", enableLogging: true });
    const copy = await emulator.request<Policy>("POST", POLICIES, { body: { ...policy, name: "copy" } });
    expect(copy.status).toBe(200);
    expect(copy.body).toEqual({ ...policy, name: "copy", id: expect.not.stringMatching(`^${policy.id}$`) });
  });

  it("answers 409 alreadyExists for a name already used in the project", async () => {
    await createPolicy({ name: "twice" });
    const result = await emulator.request("POST", POLICIES, { body: { name: "twice" } });
    expect(result.status).toBe(409);
    expect(result.body).toEqual(googleError(409, "alreadyExists", "The resource 'entity.policyResource' named 'twice' already exists"));
  });

  it("answers 404 notFound for a policy that does not exist", async () => {
    const result = await emulator.request("GET", `${POLICIES}/ghost`);
    expect(result.status).toBe(404);
    expect(result.body).toEqual(googleError(404, "notFound", "The 'parameters.policy' resource named 'ghost' does not exist."));
  });

  it.each([
    ["a name with capitals", { name: "Policy" }, "Invalid value for 'entity.policyResource.name': 'Policy'"],
    [
      "a partial network URL",
      { name: "p", networks: [{ networkUrl: "projects/test-project/global/networks/net-a" }] },
      "Invalid value for 'entity.policyResource.networks[0].networkUrl': 'projects/test-project/global/networks/net-a'",
    ],
    [
      "a target name server with an IPv6 address in ipv4Address",
      { name: "p", alternativeNameServerConfig: { targetNameServers: [{ ipv4Address: "2001:db8::1" }] } },
      "Invalid value for 'entity.policyResource.alternativeNameServerConfig.targetNameServers[0].ipv4Address': '2001:db8::1'",
    ],
    [
      "a target name server with two addresses",
      { name: "p", alternativeNameServerConfig: { targetNameServers: [{ ipv4Address: "10.0.0.1", ipv6Address: "2001:db8::1" }] } },
      "Invalid value for 'entity.policyResource.alternativeNameServerConfig.targetNameServers[0].ipv4Address': '10.0.0.1'",
    ],
    [
      "an unknown forwarding path",
      { name: "p", alternativeNameServerConfig: { targetNameServers: [{ ipv4Address: "10.0.0.1", forwardingPath: "public" }] } },
      "Invalid value for 'entity.policyResource.alternativeNameServerConfig.targetNameServers[0].forwardingPath': 'public'",
    ],
    [
      "the same network twice",
      { name: "p", networks: [{ networkUrl: NETWORK_A }, { networkUrl: NETWORK_A }] },
      /^Invalid value for 'entity\.policyResource\.networks\[1\]\.networkUrl'/,
    ],
  ])("answers 400 invalid for %s", async (_what, body, message) => {
    const result = await emulator.request("POST", POLICIES, { body });
    expect(result.status).toBe(400);
    expect(result.body).toEqual(googleError(400, "invalid", message));
  });

  it("answers 400 required for a missing name or body, and 400 for unknown fields", async () => {
    const noName = await emulator.request("POST", POLICIES, { body: { description: "x" } });
    expect(noName.body).toEqual(googleError(400, "required", "The 'entity.policyResource.name' parameter is required but was missing."));
    const noBody = await emulator.request("POST", POLICIES);
    expect(noBody.body).toEqual(googleError(400, "required", "The 'entity.policyResource' parameter is required but was missing."));
    const unknown = await emulator.request("POST", POLICIES, { body: { name: "p", enableForwarding: true } });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual(googleError(400, "invalid", /Unknown name "enableForwarding"/));
    expect((await emulator.request<PolicyList>("GET", POLICIES)).body.policies).toEqual([]);
  });

  it("answers 409 when a network already carries another DNS server policy", async () => {
    await createPolicy({ name: "first", networks: [{ networkUrl: NETWORK_A }] });
    // The same network spelled with the other host and API version.
    const sameNetwork = "https://compute.googleapis.com/compute/beta/projects/test-project/global/networks/net-a";
    const result = await emulator.request("POST", POLICIES, { body: { name: "second", networks: [{ networkUrl: sameNetwork }] } });
    expect(result.status).toBe(409);
    expect(result.body).toEqual(googleError(409, "alreadyExists", /already bound to the DNS server policy 'first'/));
  });
});

describe("policies.list", () => {
  it("lists in creation order with paging and the dns#policiesListResponse kind", async () => {
    for (const name of ["one", "two", "three"]) await createPolicy({ name });
    const first = await emulator.request<PolicyList>("GET", `${POLICIES}?maxResults=2`);
    expect(first.body.kind).toBe("dns#policiesListResponse");
    expect(first.body.policies.map((policy) => policy.name)).toEqual(["one", "two"]);
    expect(first.body.nextPageToken).toEqual(expect.any(String));
    const second = await emulator.request<PolicyList>("GET", `${POLICIES}?maxResults=2&pageToken=${first.body.nextPageToken ?? ""}`);
    expect(second.body.policies.map((policy) => policy.name)).toEqual(["three"]);
    expect(second.body.nextPageToken).toBeUndefined();
  });

  it("answers an empty list for a project without policies, and keeps projects apart", async () => {
    await createPolicy({ name: "mine" });
    const other = await emulator.request<PolicyList>("GET", "/dns/v1/projects/other-project/policies");
    expect(other.body).toEqual({ kind: "dns#policiesListResponse", policies: [] });
  });
});

describe("policies.patch and update", () => {
  it("PATCH changes present fields, clears null ones, keeps absent ones, and answers {policy}", async () => {
    const created = await createPolicy({ name: "patched", description: "before", enableLogging: true, dns64Config: { scope: {} } });
    const result = await emulator.request<{ policy: Policy }>("PATCH", `${POLICIES}/patched`, {
      body: { description: "after", dns64Config: null },
    });
    expect(result.status).toBe(200);
    const expected = { ...created, description: "after" } as Partial<Policy>;
    delete expected.dns64Config;
    expect(result.body).toEqual({ policy: expected });
    expect((await emulator.request("GET", `${POLICIES}/patched`)).body).toEqual(expected);
  });

  it("PUT replaces every mutable field and answers {policy}", async () => {
    const created = await createPolicy({ name: "replaced", description: "x", enableLogging: true, networks: [{ networkUrl: NETWORK_A }] });
    const result = await emulator.request<{ policy: Policy }>("PUT", `${POLICIES}/${created.id}`, {
      body: { name: "replaced", enableInboundForwarding: true },
    });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({
      policy: {
        kind: "dns#policy",
        id: created.id,
        name: "replaced",
        description: "",
        enableInboundForwarding: true,
        enableLogging: false,
      },
    });
  });

  it("refuses a rename, an invalid field and a network bound elsewhere, changing nothing", async () => {
    await createPolicy({ name: "other", networks: [{ networkUrl: NETWORK_B }] });
    const created = await createPolicy({ name: "fixed", description: "keep" });
    const rename = await emulator.request("PATCH", `${POLICIES}/fixed`, { body: { name: "renamed" } });
    expect(rename.body).toEqual(googleError(400, "invalid", "Invalid value for 'entity.policyResource.name': 'renamed'"));
    const invalid = await emulator.request("PATCH", `${POLICIES}/fixed`, { body: { description: "new", enableLogging: "yes" } });
    expect(invalid.body).toEqual(googleError(400, "invalid", "Invalid value for 'entity.policyResource.enableLogging': 'yes'"));
    const taken = await emulator.request("PATCH", `${POLICIES}/fixed`, { body: { networks: [{ networkUrl: NETWORK_B }] } });
    expect(taken.status).toBe(409);
    expect((await emulator.request("GET", `${POLICIES}/fixed`)).body).toEqual(created);
  });

  it("answers 404 for a policy that does not exist", async () => {
    const result = await emulator.request("PATCH", `${POLICIES}/ghost`, { body: { description: "x" } });
    expect(result.status).toBe(404);
    expect(result.body).toEqual(googleError(404, "notFound", "The 'parameters.policy' resource named 'ghost' does not exist."));
  });
});

describe("policies.delete", () => {
  it("refuses to delete a policy bound to networks, then deletes it once a PATCH detached them", async () => {
    await createPolicy({ name: "bound", networks: [{ networkUrl: NETWORK_A }, { networkUrl: NETWORK_B }] });

    const refused = await emulator.request("DELETE", `${POLICIES}/bound`);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual(
      googleError(
        400,
        "resourceInUseByAnotherResource",
        `The policy 'bound' cannot be deleted because it is in use by 2 network(s): ${NETWORK_A}, ${NETWORK_B}. Remove its networks first.`,
      ),
    );
    expect((await emulator.request("GET", `${POLICIES}/bound`)).status).toBe(200);

    const detached = await emulator.request<{ policy: Policy }>("PATCH", `${POLICIES}/bound`, { body: { networks: [] } });
    expect(detached.status).toBe(200);
    expect(detached.body.policy).not.toHaveProperty("networks");

    const deleted = await emulator.request("DELETE", `${POLICIES}/bound`);
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe("");
    expect((await emulator.request("GET", `${POLICIES}/bound`)).status).toBe(404);
    expect((await emulator.request("DELETE", `${POLICIES}/bound`)).status).toBe(404);
  });

  it("frees the networks for another policy", async () => {
    await createPolicy({ name: "old", networks: [{ networkUrl: NETWORK_A }] });
    await emulator.request("PATCH", `${POLICIES}/old`, { body: { networks: null } });
    await emulator.request("DELETE", `${POLICIES}/old`);
    await createPolicy({ name: "new", networks: [{ networkUrl: NETWORK_A }] });
  });
});

describe("internal objects view", () => {
  it("lists policies until they are deleted", async () => {
    const policy = await createPolicy({ name: "listed" });
    const objects = async () => (await emulator.request<{ dns: { policies: unknown[] } }>("GET", "/_emulator/objects")).body.dns;
    expect((await objects()).policies).toEqual([{ project: PROJECT, name: "listed", id: policy.id }]);
    await emulator.request("DELETE", `${POLICIES}/listed`);
    expect((await objects()).policies).toEqual([]);
  });
});
