/** managedZones.getIamPolicy / setIamPolicy / testIamPermissions over real HTTP. */
import type { IamPolicy } from "../../emulator/google/iam";
import type { HttpResult, TestEmulator } from "./helpers";
import { createZone, googleError, startEmulator, ZONES } from "./helpers";

const CONCURRENT_CHANGE = "There were concurrent policy changes. Please retry the whole read-modify-write with exponential backoff.";

let emulator: TestEmulator;
beforeAll(async () => {
  emulator = await startEmulator();
});
afterAll(() => emulator.close());
beforeEach(async () => {
  await emulator.request("POST", "/_emulator/reset");
  await createZone(emulator, "secured", "secured.example.");
});

const getPolicy = (zone = "secured", body?: unknown): Promise<HttpResult<IamPolicy>> =>
  emulator.request<IamPolicy>("POST", `${ZONES}/${zone}:getIamPolicy`, body === undefined ? {} : { body });
const setPolicy = (body: unknown, zone = "secured"): Promise<HttpResult<IamPolicy>> =>
  emulator.request<IamPolicy>("POST", `${ZONES}/${zone}:setIamPolicy`, { body });

describe("getIamPolicy", () => {
  it("answers an empty policy with an etag for a new zone, with or without a body", async () => {
    const withoutBody = await getPolicy();
    expect(withoutBody.status).toBe(200);
    expect(withoutBody.body).toEqual({ version: 1, etag: expect.stringMatching(/^[A-Za-z0-9+/]{11}=$/) });
    const withBody = await getPolicy("secured", { options: { requestedPolicyVersion: 3 } });
    expect(withBody.body).toEqual(withoutBody.body);
  });

  it("answers 404 for an unknown zone and 400 for a version that does not exist", async () => {
    const missing = await getPolicy("ghost");
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual(googleError(404, "notFound", "The 'parameters.managedZone' resource named 'ghost' does not exist."));
    const badVersion = await getPolicy("secured", { options: { requestedPolicyVersion: 2 } });
    expect(badVersion.status).toBe(400);
    expect(badVersion.body).toEqual(googleError(400, "invalid", "Invalid value for 'options.requestedPolicyVersion': '2'"));
  });

  it("gives every zone its own etag, and a recreated zone a fresh one", async () => {
    await createZone(emulator, "other", "other.example.");
    const first = (await getPolicy()).body.etag;
    expect((await getPolicy("other")).body.etag).not.toBe(first);
    await emulator.request("DELETE", `${ZONES}/secured`);
    await createZone(emulator, "secured", "secured.example.");
    const recreated = await getPolicy();
    expect(recreated.body.etag).not.toBe(first);
    // A write based on the old zone's policy is stale.
    expect((await setPolicy({ policy: { etag: first, bindings: [] } })).status).toBe(409);
  });
});

describe("setIamPolicy", () => {
  it("writes bindings (normalized) with a new etag that the next read returns", async () => {
    const { body: before } = await getPolicy();
    const written = await setPolicy({
      policy: {
        etag: before.etag,
        bindings: [
          { role: "roles/dns.reader", members: ["user:zoe@example.com", "group:ops@example.com"] },
          { role: "roles/dns.admin", members: ["serviceAccount:ci@test-project.iam.gserviceaccount.com"] },
          { role: "roles/dns.reader", members: ["user:zoe@example.com", "domain:example.com"] },
          { role: "roles/viewer", members: [] },
        ],
      },
    });
    expect(written.status).toBe(200);
    expect(written.body).toEqual({
      version: 1,
      etag: expect.any(String),
      bindings: [
        { role: "roles/dns.admin", members: ["serviceAccount:ci@test-project.iam.gserviceaccount.com"] },
        { role: "roles/dns.reader", members: ["domain:example.com", "group:ops@example.com", "user:zoe@example.com"] },
      ],
    });
    expect(written.body.etag).not.toBe(before.etag);
    expect((await getPolicy()).body).toEqual(written.body);
  });

  it("accepts every member type IAM knows", async () => {
    const members = [
      "allUsers",
      "allAuthenticatedUsers",
      "user:a@example.com",
      "serviceAccount:sa@p.iam.gserviceaccount.com",
      "group:g@example.com",
      "domain:example.com",
      "principal://iam.googleapis.com/locations/global/workforcePools/pool/subject/alice",
      "principalSet://iam.googleapis.com/projects/1/locations/global/workloadIdentityPools/pool/*",
      "deleted:user:gone@example.com?uid=123456789",
    ];
    const result = await setPolicy({ policy: { bindings: [{ role: "roles/dns.reader", members }] } });
    expect(result.status).toBe(200);
    expect(result.body.bindings?.[0]?.members).toHaveLength(members.length);
  });

  it("refuses a stale etag with 409 ABORTED and changes nothing", async () => {
    const { body: original } = await getPolicy();
    const first = await setPolicy({ policy: { etag: original.etag, bindings: [{ role: "roles/dns.admin", members: ["user:a@example.com"] }] } });
    expect(first.status).toBe(200);

    const stale = await setPolicy({ policy: { etag: original.etag, bindings: [{ role: "roles/owner", members: ["user:b@example.com"] }] } });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual(googleError(409, "aborted", CONCURRENT_CHANGE));
    expect((await getPolicy()).body).toEqual(first.body);
  });

  it("lets concurrent read-modify-write clients all succeed by re-reading after a conflict", async () => {
    const writers = ["alice", "bob", "carol", "dave", "erin"].map((name) => `user:${name}@example.com`);
    let conflicts = 0;
    // Every writer's first read happens before any write, so all but one first write is stale.
    let firstReads = 0;
    let releaseWrites: () => void = () => undefined;
    const allHaveRead = new Promise<void>((resolve) => {
      releaseWrites = resolve;
    });
    const addMember = async (member: string): Promise<void> => {
      for (let attempt = 0; attempt < 20; attempt += 1) {
        const { body: current } = await getPolicy();
        if (attempt === 0) {
          firstReads += 1;
          if (firstReads === writers.length) releaseWrites();
          await allHaveRead;
        }
        const bindings = current.bindings ?? [];
        const readers = bindings.find((binding) => binding.role === "roles/dns.reader");
        const next = readers
          ? bindings.map((binding) => (binding === readers ? { ...binding, members: [...binding.members, member] } : binding))
          : [...bindings, { role: "roles/dns.reader", members: [member] }];
        const result = await setPolicy({ policy: { ...current, bindings: next } });
        if (result.status === 200) return;
        expect(result.status).toBe(409);
        conflicts += 1;
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * (attempt + 1)));
      }
      throw new Error(`${member} never got its write in`);
    };
    await Promise.all(writers.map(addMember));
    expect((await getPolicy()).body.bindings).toEqual([{ role: "roles/dns.reader", members: [...writers].sort() }]);
    expect(conflicts).toBeGreaterThanOrEqual(writers.length - 1);
  });

  it("lets two writers that read the same etag both succeed when the second re-reads", async () => {
    const { body: seenByA } = await getPolicy();
    const { body: seenByB } = await getPolicy();
    const writeA = await setPolicy({ policy: { ...seenByA, bindings: [{ role: "roles/dns.admin", members: ["user:a@example.com"] }] } });
    expect(writeA.status).toBe(200);
    const writeB = await setPolicy({ policy: { ...seenByB, bindings: [{ role: "roles/dns.reader", members: ["user:b@example.com"] }] } });
    expect(writeB.status).toBe(409);

    const { body: reread } = await getPolicy();
    const retry = await setPolicy({
      policy: { ...reread, bindings: [...(reread.bindings ?? []), { role: "roles/dns.reader", members: ["user:b@example.com"] }] },
    });
    expect(retry.status).toBe(200);
    expect(retry.body.bindings).toEqual([
      { role: "roles/dns.admin", members: ["user:a@example.com"] },
      { role: "roles/dns.reader", members: ["user:b@example.com"] },
    ]);
  });

  it("overwrites when the request carries no etag", async () => {
    await setPolicy({ policy: { bindings: [{ role: "roles/dns.admin", members: ["user:a@example.com"] }] } });
    const blind = await setPolicy({ policy: { bindings: [{ role: "roles/dns.reader", members: ["user:b@example.com"] }] } });
    expect(blind.status).toBe(200);
    expect(blind.body.bindings).toEqual([{ role: "roles/dns.reader", members: ["user:b@example.com"] }]);
  });

  it.each([
    ["a member without a type", "zoe@example.com", "badRequest", 'Policy members must be of the form "<type>:<value>".'],
    [
      "a member of an unknown type",
      "robot:zoe@example.com",
      "invalid",
      "The member robot:zoe@example.com is of an unknown type. Please set a valid type prefix for the member.",
    ],
    ["a user that is not an email", "user:zoe", "badRequest", "Invalid member 'user:zoe': a user is named by an email address."],
    ["a domain that is not a domain", "domain:not a domain", "badRequest", /^Invalid member 'domain:not a domain'/],
  ])("answers 400 for %s", async (_what, member, reason, message) => {
    const { body: before } = await getPolicy();
    const result = await setPolicy({ policy: { bindings: [{ role: "roles/dns.reader", members: ["user:ok@example.com", member] }] } });
    expect(result.status).toBe(400);
    expect(result.body).toEqual(googleError(400, reason, message));
    expect((await getPolicy()).body).toEqual(before);
  });

  it.each([
    ["a role of another service", "roles/storage.objectViewer", "Role roles/storage.objectViewer is not supported for this resource."],
    ["a role without the roles/ prefix", "dns.admin", "Role (dns.admin) does not exist in the resource's hierarchy."],
  ])("answers 400 for %s", async (_what, role, message) => {
    const result = await setPolicy({ policy: { bindings: [{ role, members: ["user:a@example.com"] }] } });
    expect(result.status).toBe(400);
    expect(result.body).toEqual(googleError(400, "badRequest", message));
  });

  it("accepts custom roles of a project or an organization", async () => {
    const result = await setPolicy({
      policy: {
        bindings: [
          { role: "projects/test-project/roles/dnsAuditor", members: ["user:a@example.com"] },
          { role: "organizations/123456/roles/dnsOps", members: ["user:b@example.com"] },
        ],
      },
    });
    expect(result.status).toBe(200);
  });

  it("answers 400 for a missing policy, an unknown field or an unknown updateMask path", async () => {
    const missing = await emulator.request("POST", `${ZONES}/secured:setIamPolicy`);
    expect(missing.body).toEqual(googleError(400, "required", "The 'policy' parameter is required but was missing."));
    const unknown = await setPolicy({ policy: { bindings: [], owners: [] } });
    expect(unknown.body).toEqual(googleError(400, "invalid", /Unknown name "owners" at 'policy'/));
    const mask = await setPolicy({ policy: { bindings: [] }, updateMask: "bindings,owners" });
    expect(mask.body).toEqual(googleError(400, "invalid", "Invalid value for 'updateMask': 'bindings,owners'"));
  });

  it("needs version 3 for conditional bindings, and shows them to a version-1 reader without the condition", async () => {
    const condition = { title: "business hours", expression: 'request.time.getHours("Europe/Berlin") < 18' };
    const binding = { role: "roles/dns.admin", members: ["user:a@example.com"], condition };
    const v1 = await setPolicy({ policy: { version: 1, bindings: [binding] } });
    expect(v1.status).toBe(400);
    expect(v1.body).toEqual(googleError(400, "badRequest", /must specify version 3/));

    const v3 = await setPolicy({ policy: { version: 3, bindings: [binding] } });
    expect(v3.status).toBe(200);
    expect(v3.body).toEqual({ version: 3, etag: expect.any(String), bindings: [binding] });
    expect((await getPolicy("secured", { options: { requestedPolicyVersion: 3 } })).body).toEqual(v3.body);

    const legacy = await getPolicy();
    expect(legacy.body).toEqual({
      version: 1,
      etag: v3.body.etag,
      bindings: [{ role: expect.stringMatching(/^roles\/dns\.admin_withcond_[A-Za-z0-9_-]+$/), members: ["user:a@example.com"] }],
    });
    // A version-1 writer cannot silently drop the condition.
    const overwrite = await setPolicy({ policy: { etag: v3.body.etag, bindings: [] } });
    expect(overwrite.status).toBe(400);
  });

  it("writes auditConfigs only when the updateMask names them", async () => {
    const auditConfigs = [{ service: "dns.googleapis.com", auditLogConfigs: [{ logType: "DATA_READ" }] }];
    const defaultMask = await setPolicy({ policy: { auditConfigs } });
    expect(defaultMask.body).not.toHaveProperty("auditConfigs");
    const withMask = await setPolicy({ policy: { auditConfigs }, updateMask: "auditConfigs" });
    expect(withMask.body.auditConfigs).toEqual(auditConfigs);
  });
});

describe("testIamPermissions", () => {
  const testPermissions = (body: unknown, zone = "secured") =>
    emulator.request<{ permissions?: string[] }>("POST", `${ZONES}/${zone}:testIamPermissions`, { body });

  it("answers the DNS permissions asked for (the caller is the owner), in request order", async () => {
    const result = await testPermissions({
      permissions: ["dns.resourceRecordSets.update", "storage.buckets.get", "dns.managedZones.get", "dns.managedZones.get"],
    });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ permissions: ["dns.resourceRecordSets.update", "dns.managedZones.get"] });
  });

  it("answers {} when none is held or none is asked", async () => {
    expect((await testPermissions({ permissions: ["compute.instances.list"] })).body).toEqual({});
    expect((await testPermissions({})).body).toEqual({});
  });

  it("answers 400 for wildcards and 404 for an unknown zone", async () => {
    const wildcard = await testPermissions({ permissions: ["dns.*"] });
    expect(wildcard.status).toBe(400);
    expect(wildcard.body).toEqual(googleError(400, "badRequest", /wildcards/));
    expect((await testPermissions({ permissions: ["dns.managedZones.get"] }, "ghost")).status).toBe(404);
  });
});
