/** Cloud DNS responsePolicies: create, read, patch, update and delete. */
import type { ResponsePolicy } from "../../emulator/apis/dns/resources";
import { googleError } from "./helpers";
import { RESPONSE_POLICIES, NETWORK, CLUSTER, rulesOf, emulator, createResponsePolicy, createRule } from "./dns-response-policies-harness";

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
