/**
 * A misbehaving upstream (a proxy answering with broken JSON, HTML pages,
 * cut-off bodies, 200s of the wrong shape and empty 200s) under create, read,
 * update and delete, driving the dynamic provider directly against the
 * in-process emulator, whose faults process each request and then mangle its
 * answer. Wanted: a clear error naming the request, no orphan, no duplicate,
 * and no state change on a failed read.
 */
import { checkoutKey } from "../../provider/apis/ci/checkoutKey";
import { managedZone } from "../../provider/apis/dns/managedZone";
import { recordSet } from "../../provider/apis/dns/recordSet";
import { dynamicProvider, type DynamicProvider } from "../../provider/engine/pulumi/dynamicProvider";
import type { FaultSettings } from "../support/emulatorControl";
import { providerEmulator } from "../support/providerEmulator";

const PROJECT = "broken-project";
const ZONES = `/dns/v1/projects/${PROJECT}/managedZones`;
const CI_PROJECT = "/api/v1.1/project/vcs-a/acme/api-service";
type Kind = NonNullable<FaultSettings["brokenResponseKinds"]>[number];
const KINDS: Kind[] = ["brokenJson", "html200", "html502", "cutBody", "wrongShape", "empty200"];

const running = providerEmulator("broken-token-5521", { project: PROJECT, instantRetries: true });

beforeEach(async () => {
  await running.current.reset();
});

interface Objects {
  dns: { managedZones: Array<{ name: string }>; resourceRecordSets: Array<{ name: string; type: string }> };
  ci: { checkoutKeys: Array<{ fingerprint: string }> };
}
const objects = async (): Promise<Objects> => (await running.current.objects()) as unknown as Objects;

async function inputsOf(provider: DynamicProvider, news: Record<string, unknown>): Promise<Record<string, unknown>> {
  const { inputs, failures } = await provider.check({}, news);
  expect(failures).toBeUndefined();
  return inputs ?? {};
}

async function createZone(name: string): Promise<{ id: string; outs: Record<string, unknown> }> {
  const provider = dynamicProvider(managedZone, running.runtime);
  return provider.create(await inputsOf(provider, { name, dnsName: `${name}.example.`, description: "zone" }));
}

describe.each(KINDS)("a proxy answering %s", (kind) => {
  const broken = (methods: string[], extra: FaultSettings = {}): Promise<void> =>
    running.current.faults({ brokenResponseRate: 1, brokenResponseKinds: [kind], methods, ...extra });

  it("create: the object the mangled answer hid is found and adopted, exactly once", async () => {
    await broken(["POST"]);
    const created = await createZone("adopted");
    expect(created.id).toBe(`projects/${PROJECT}/managedZones/adopted`);
    expect(created.outs["managedZoneId"]).toEqual(expect.any(String));
    await running.current.clearFaults();
    expect((await objects()).dns.managedZones.map((zone) => zone.name)).toEqual(["adopted"]);
    expect((await running.current.requests({ method: "POST" })).length).toBe(1);
  });

  it("create with a server-assigned id (a checkout key): the one new key is adopted, no second key is made", async () => {
    await broken(["POST"], { pathPrefix: "/api/v1.1/" });
    const provider = dynamicProvider(checkoutKey, running.runtime);
    const created = await provider.create(await inputsOf(provider, { vcsType: "vcs-a", username: "acme", project: "api-service", type: "deploy-key" }));
    await running.current.clearFaults();
    const keys = (await objects()).ci.checkoutKeys;
    expect(keys).toHaveLength(1);
    expect(created.id).toBe(`vcs-a/acme/api-service/${keys[0]?.fingerprint}`);
    expect((await running.current.requests({ method: "POST", pathPrefix: `${CI_PROJECT}/checkout-key` })).length).toBe(1);
  });

  it("read: an error naming the request, never 'gone' (refresh keeps the state)", async () => {
    const created = await createZone("kept");
    await broken(["GET"]);
    const provider = dynamicProvider(managedZone, running.runtime);
    const failure = (await provider.read(created.id, created.outs).catch((error: unknown) => error)) as Error;
    expect(failure).toBeInstanceOf(Error);
    expect(failure.message).toContain(`GET ${ZONES}/kept failed with`);
    expect(failure.message.length).toBeLessThan(400);
    expect(failure.message).not.toContain(running.current.token);
    await running.current.clearFaults();
    expect((await provider.read(created.id, created.outs)).props).toEqual(created.outs);
  });

  it("update: record data changed in one atomic change, settled by reading back, not repeated", async () => {
    await createZone("upd");
    const provider = dynamicProvider(recordSet, running.runtime);
    const olds = await inputsOf(provider, { managedZone: "upd", name: "www.upd.example.", type: "A", ttl: 300, rrdatas: ["192.0.2.1"] });
    const { id, outs } = await provider.create(olds);
    // The change (a POST) gets the broken answer; the record set is read back to settle it.
    await broken(["POST"]);
    const news = { ...olds, rrdatas: ["192.0.2.2"] };
    const updated = await provider.update(id, outs, news);
    expect(updated.outs["rrdatas"]).toEqual(["192.0.2.2"]);
    await running.current.clearFaults();
    const changes = await running.current.requests({ method: "POST", pathPrefix: `${ZONES}/upd/changes` });
    expect(changes).toHaveLength(1);
    const live = await running.current.api("GET", `${ZONES}/upd/rrsets/www.upd.example./A`);
    expect(live.body).toMatchObject({ rrdatas: ["192.0.2.2"] });
  });

  it("update and delete through repeatable requests: retried until a readable answer, nothing left over", async () => {
    const created = await createZone("gone");
    await running.current.faults({ brokenResponseRate: 0.5, brokenResponseKinds: [kind], methods: ["PATCH", "DELETE", "GET"], seed: 4 });
    const provider = dynamicProvider(managedZone, running.runtime);
    const news = await inputsOf(provider, { name: "gone", dnsName: "gone.example.", description: "changed" });
    const updated = await provider.update(created.id, created.outs, news);
    expect(updated.outs["description"]).toBe("changed");
    await provider.delete(created.id, updated.outs);
    const stats = (await running.current.stats()) as { faults?: { kinds?: { brokenResponse?: number } } };
    expect(stats.faults?.kinds?.brokenResponse).toBeGreaterThan(0);
    await running.current.clearFaults();
    expect((await objects()).dns.managedZones).toEqual([]);
  });
});

it("a read that never gets a readable answer fails with the request named and a short excerpt", async () => {
  const created = await createZone("html");
  await running.current.faults({ brokenResponseRate: 1, brokenResponseKinds: ["html200"], methods: ["GET"] });
  const failure = (await dynamicProvider(managedZone, running.runtime)
    .read(created.id, created.outs)
    .catch((error: unknown) => error)) as Error;
  expect(failure.message).toMatch(
    new RegExp(
      `^GET ${ZONES}/html failed with HTTP 200 \\(unreadableResponse: the body is not JSON \\(text/html\\): "<!DOCTYPE html> <html><head>.{0,60}…"\\)$`,
    ),
  );
});
