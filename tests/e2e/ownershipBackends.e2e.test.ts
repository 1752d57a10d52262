/**
 * Two backends, one machine: a stack of examples/dns-zone on one `file://` backend, and a stack of
 * the same project and name on another (a `pulumi login` to the wrong backend). Their ownership
 * records share one folder and one key per resource; the first stack's records hold the nonce only
 * its state carries, so the second stack's `up` adopts nothing: its create of the zone fails as a
 * create of an existing object does, naming the object and the `{ import }`, and saying whose
 * record names it. Nothing of the first stack's is changed, and the second stack's state stays empty.
 */
import { mkdtempSync, rmSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { isWrite } from "../support/requests";
import { openStack } from "../support/stacks";
import { engineSuite } from "../support/suite";

const suite = engineSuite();
const records = mkdtempSync(path.join(os.tmpdir(), "svc-ownership-shared-"));
afterAll(() => rmSync(records, { recursive: true, force: true }));

it("does not adopt what a same-named stack of another backend made: the second up fails naming the object and the { import }", async () => {
  const { emulator } = suite;
  const name = `same${process.pid}`;
  const env = { SVC_OWNERSHIP_DIR: records };
  const first = suite.track(await openStack("dns-zone", emulator, {}, env, { stackName: name }));
  expect((await first.stack.up()).summary.result).toBe("succeeded");
  const objects = await emulator.objects();
  const since = (await emulator.requests()).length;

  const second = suite.track(await openStack("dns-zone", emulator, {}, env, { stackName: name }));
  expect(second.name).toBe(first.name);
  const zoneId = "projects/e2e-project/managedZones/example-zone";
  const failed = await second.stack.up().then(
    () => "succeeded",
    (error: unknown) => String(error),
  );
  expect(failed).toContain(`svc.dns.ManagedZone ${zoneId} could not be created: the API reports a conflict`);
  expect(failed).toContain(`manage it with the resource option { import: "${zoneId}" }`);
  expect(failed).toContain(`a run of a stack named svc-dns-zone/${name} made it`);

  // Nothing adopted or changed: the only write was the refused create, the objects are as the first stack left them.
  const writes = (await emulator.requests()).slice(since).filter(isWrite);
  expect(writes.map((request) => `${request.method} ${request.path} ${request.status}`)).toEqual([`POST /dns/v1/projects/e2e-project/managedZones 409`]);
  expect(await emulator.objects()).toEqual(objects);
  expect((await second.stateResources()).filter((resource) => resource.type.startsWith("pulumi-nodejs:dynamic/"))).toEqual([]);
  expect(Object.keys((await first.stack.preview()).changeSummary)).toEqual(["same"]);
});
