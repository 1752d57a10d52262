/**
 * What `svc-recover` finds a pending create made (`ResourceEngine.madeBy`, from the inputs the state
 * recorded): the object the create made when its record holds the pending create's nonce; nothing
 * when a record of a same-named stack names the object; and with no record at all (the ownership
 * folder lost with a runner), the id its inputs name, or for a server-assigned id the one object
 * the listing holds that a create the API repeats without a second object would have made.
 */
import { mkdtempSync, rmSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { aclRule } from "../../provider/apis/calendar/aclRule";
import { calendar } from "../../provider/apis/calendar/calendar";
import { managedZone } from "../../provider/apis/dns/managedZone";
import { ProviderRuntime } from "../../provider/runtime";
import type { Args, ResourceDeclaration } from "../../provider/engine/declaration/declaration";
import { CONTROL_INPUTS } from "../../provider/engine/plan/diff";
import { dynamicProvider } from "../../provider/engine/pulumi/dynamicProvider";
import { Resource } from "../../provider/engine/lifecycle/resource";
import { EngineProcess } from "../../provider/engine/batching/engineProcess";
import { OwnershipRecords, ownershipDir } from "../../provider/engine/ownership/records";
import { settingsOf } from "../../provider/config";
import { providerEmulator } from "../support/providerEmulator";

const emulator = providerEmulator("recover-token");
const folder = mkdtempSync(path.join(os.tmpdir(), "svc-recover-"));

beforeAll(() => {
  process.env["SVC_OWNERSHIP_DIR"] = folder;
});
afterAll(() => {
  delete process.env["SVC_OWNERSHIP_DIR"];
  rmSync(folder, { recursive: true, force: true });
});
beforeEach(async () => {
  await emulator.current.reset();
  rmSync(folder, { recursive: true, force: true });
});

/** The inputs a pending create records: check's, with the owner and the nonce. */
async function pending(declaration: ResourceDeclaration, inputs: Args): Promise<Args> {
  const result = await dynamicProvider(declaration).check({}, inputs);
  expect(result.failures).toBeUndefined();
  return result.inputs ?? {};
}

/** What svc-recover asks: what this pending create made. */
function madeBy(declaration: ResourceDeclaration, inputs: Args): ReturnType<Resource["madeBy"]> {
  const args = Object.fromEntries(Object.entries(inputs).filter(([key]) => !CONTROL_INPUTS.has(key)));
  const owner = inputs["__owner"] as string;
  const nonce = inputs["__ownerNonce"] as string | undefined;
  const resource = new Resource(declaration, {
    client: () => new ProviderRuntime().clientFor(declaration.api),
    log: () => undefined,
    process: new EngineProcess(),
    ownership: new OwnershipRecords(ownershipDir(settingsOf())),
  });
  return resource.madeBy(args, { owner, ...(nonce !== undefined && { nonce }) });
}

const zone = { name: "pending", dnsName: "pending.example.", __owner: "project::prod::dns:ManagedZone::zone" };

it("finds what a pending create made, its record holding the create's nonce", async () => {
  const inputs = await pending(managedZone, zone);
  const made = await dynamicProvider(managedZone).create(inputs);
  expect(await madeBy(managedZone, inputs)).toEqual(expect.objectContaining({ id: made.id }));
});

it("drops a pending create whose object a same-named stack's record names: that stack's, not this create's", async () => {
  await dynamicProvider(managedZone).create(await pending(managedZone, zone));
  const ours = await pending(managedZone, zone);
  expect(await madeBy(managedZone, ours)).toEqual({ none: expect.stringContaining("a run of a stack named project/prod made it") });
});

it("with no record on this machine: the id its inputs name, and an ACL rule (the scope is the rule) from the listing", async () => {
  const inputs = await pending(managedZone, zone);
  const made = await dynamicProvider(managedZone).create(inputs);
  const team = await dynamicProvider(calendar).create(await pending(calendar, { summary: "Team", timeZone: "UTC" }));
  const rule = await pending(aclRule, {
    calendarId: team.id,
    scope: { type: "domain", value: "example.com" },
    role: "reader",
    sendNotifications: false,
    __owner: "project::prod::calendar:AclRule::readers",
  });
  await dynamicProvider(aclRule).create(rule);
  rmSync(folder, { recursive: true, force: true });
  expect(await madeBy(managedZone, inputs)).toEqual(expect.objectContaining({ id: made.id }));
  expect(await madeBy(aclRule, rule)).toEqual(expect.objectContaining({ id: `${team.id}/domain:example.com` }));
  // A calendar's listing cannot say which "Team" a create made: it is dropped, not guessed.
  const other = await pending(calendar, { summary: "Team", timeZone: "UTC", __owner: "project::prod::calendar:Calendar::team" });
  expect(await madeBy(calendar, other)).toEqual({ none: "no record of this create on this machine tells its object apart" });
});
