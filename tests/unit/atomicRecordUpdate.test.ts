/**
 * Record data updated 20 times while a poller reads the record set at the
 * emulator: it is never missing and never empty.
 */
import { recordSet } from "../../provider/apis/dns/recordSet";
import { dynamicProvider } from "../../provider/engine/pulumi/dynamicProvider";
import { providerEmulator } from "../support/providerEmulator";

const ZONE = "/dns/v1/projects/poll-project/managedZones/poll";

const running = providerEmulator("poll-token", { project: "poll-project" });

it("never shows the record set missing during 20 updates of its data", async () => {
  const zone = await running.current.api("POST", "/dns/v1/projects/poll-project/managedZones", { name: "poll", dnsName: "poll.example.", description: "" });
  expect(zone.status).toBe(200);
  const provider = dynamicProvider(recordSet);
  const { inputs } = await provider.check({}, { managedZone: "poll", name: "www.poll.example.", type: "A", ttl: 60, rrdatas: ["198.51.100.0"] });
  const created = await provider.create(inputs ?? {});

  let polling = true;
  let reads = 0;
  const misses: string[] = [];
  const poller = (async () => {
    while (polling) {
      const { status, body } = await running.current.api("GET", `${ZONE}/rrsets/www.poll.example./A`);
      reads++;
      const rrdatas = (body as { rrdatas?: string[] } | undefined)?.rrdatas ?? [];
      if (status !== 200 || rrdatas.length === 0) misses.push(`${status} ${JSON.stringify(body)}`);
    }
  })();

  let state = created.outs;
  for (let i = 1; i <= 20; i++) {
    const { inputs: next } = await provider.check({}, { managedZone: "poll", name: "www.poll.example.", type: "A", ttl: 60, rrdatas: [`198.51.100.${i}`] });
    expect((await provider.diff(created.id, state, next ?? {})).changes).toBe(true);
    state = (await provider.update(created.id, state, next ?? {})).outs;
    expect(state["rrdatas"]).toEqual([`198.51.100.${i}`]);
  }
  polling = false;
  await poller;

  expect(misses).toEqual([]);
  expect(reads).toBeGreaterThan(20);
  const changes = (await running.current.requests({ method: "POST", pathPrefix: `${ZONE}/changes` })).length;
  expect(changes).toBe(20);
});
