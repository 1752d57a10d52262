/** Zone access policy resources with the real engine: parallel members, bindings, removal, import. */
import { openStack } from "../support/stacks";
import { engineSuite } from "../support/suite";

const ZONE = "/dns/v1/projects/e2e-project/managedZones/shared-zone";
const READERS = [
  "group:sre@example.com",
  "serviceAccount:monitor@corp-net.iam.gserviceaccount.com",
  "user:ana@example.com",
  "user:bo@example.com",
  "user:chen@example.com",
];

const suite = engineSuite();

async function bindings(): Promise<Record<string, string[]>> {
  const { status, body } = await suite.emulator.api("POST", `${ZONE}:getIamPolicy`, { options: { requestedPolicyVersion: 3 } });
  expect(status).toBe(200);
  const policy = body as { bindings?: Array<{ role: string; members: string[] }> };
  return Object.fromEntries((policy.bindings ?? []).map((b) => [b.role, [...b.members].sort()]));
}

it("five members created in parallel all end in the policy; removing one removes only it", async () => {
  const test = suite.track(await openStack("dns-iam", suite.emulator));
  const { stack } = test;

  expect((await stack.up()).summary.resourceChanges).toEqual({ create: 8 });
  expect(await bindings()).toEqual({ "roles/dns.reader": READERS, "roles/dns.admin": ["group:dns-admins@example.com"] });
  expect((await stack.preview()).changeSummary).toEqual({ same: 8 });
  expect((await stack.refresh()).summary.resourceChanges).toEqual({ same: 8 });

  // The binding's members change in place; the readers are untouched.
  await stack.setConfig("admins", { value: JSON.stringify(["group:dns-admins@example.com", "user:root@example.com"]) });
  expect((await stack.up()).summary.resourceChanges).toEqual({ same: 7, update: 1 });
  expect(await bindings()).toEqual({
    "roles/dns.reader": READERS,
    "roles/dns.admin": ["group:dns-admins@example.com", "user:root@example.com"],
  });

  // Removing one member removes only it.
  await stack.setConfig("readers", { value: JSON.stringify(READERS.filter((m) => m !== "user:bo@example.com")) });
  expect((await stack.up()).summary.resourceChanges).toEqual({ same: 7, delete: 1 });
  expect((await bindings())["roles/dns.reader"]).toEqual(READERS.filter((m) => m !== "user:bo@example.com"));

  // A role change replaces the binding: the old role is gone, the new one holds the members.
  await stack.setConfig("adminRole", { value: "roles/dns.peer" });
  expect((await stack.up()).summary.resourceChanges).toEqual({ same: 6, replace: 1 });
  const afterReplace = await bindings();
  expect(afterReplace["roles/dns.admin"]).toBeUndefined();
  expect(afterReplace["roles/dns.peer"]).toEqual(["group:dns-admins@example.com", "user:root@example.com"]);

  // A member the stack forgot is imported again, with no write, and the preview is empty.
  const id = await test.forget("::reader-ana");
  expect(id).toBe("projects/e2e-project/managedZones/shared-zone roles/dns.reader user:ana@example.com");
  await stack.setConfig("readerImport", { value: id });
  const before = (await suite.emulator.requests({ method: "POST" })).filter((r) => r.path.endsWith(":setIamPolicy")).length;
  expect((await stack.up()).summary.resourceChanges).toEqual({ same: 6, create: 1 });
  expect((await suite.emulator.requests({ method: "POST" })).filter((r) => r.path.endsWith(":setIamPolicy")).length).toBe(before);
  expect((await stack.preview()).changeSummary).toEqual({ same: 7 });

  // So is the binding.
  const bindingId = await test.forget("::admins");
  expect(bindingId).toBe("projects/e2e-project/managedZones/shared-zone roles/dns.peer");
  await stack.setConfig("adminsImport", { value: bindingId });
  const setsBefore = (await suite.emulator.requests({ method: "POST" })).filter((r) => r.path.endsWith(":setIamPolicy")).length;
  expect((await stack.up()).summary.resourceChanges).toEqual({ same: 6, create: 1 });
  expect((await suite.emulator.requests({ method: "POST" })).filter((r) => r.path.endsWith(":setIamPolicy")).length).toBe(setsBefore);
  expect((await stack.preview()).changeSummary).toEqual({ same: 7 });

  await stack.destroy();
  expect(await suite.emulator.objects()).toEqual(expect.objectContaining({ dns: expect.objectContaining({ managedZones: [] }) }));
});
