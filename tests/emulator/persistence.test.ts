/**
 * State that survives a restart, in process: a data folder (`dataDir`) keeps every API's objects
 * and each change is on disk before its response; `importDir` only loads; `exportOnExit` writes at
 * close; a bad file and a folder in use are refused with what is wrong.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { createEmulator, type Emulator, type EmulatorOptions } from "../../emulator/server";
import { fullListing, populate, settled } from "../support/fullListing";

const TOKEN = "persist-token-93a1c7";
let folder: string;
const running: Emulator[] = [];

beforeEach(() => {
  folder = mkdtempSync(path.join(os.tmpdir(), "svc-persist-"));
});

afterEach(async () => {
  for (const emulator of running.splice(0)) await emulator.close().catch(() => undefined);
  rmSync(folder, { recursive: true, force: true });
});

async function start(options: EmulatorOptions): Promise<{ emulator: Emulator; url: string }> {
  const emulator = createEmulator({ tokens: [TOKEN], ...options });
  running.push(emulator);
  return { emulator, url: await emulator.listen(0) };
}

async function stop(emulator: Emulator): Promise<void> {
  running.splice(running.indexOf(emulator), 1);
  await emulator.close();
}

it("keeps every API's objects in the data folder: a new emulator on it lists the same, every list alike", async () => {
  const dataDir = path.join(folder, "data");
  const first = await start({ dataDir });
  await populate(first.url, TOKEN);
  await settled(first.url, TOKEN);
  const before = await fullListing(first.url, TOKEN);
  expect(before.objects["dns"]?.["resourceRecordSets"]).toHaveLength(2);
  expect(before.objects["calendar"]?.["events"]).toHaveLength(1);
  await stop(first.emulator);

  const second = await start({ dataDir });
  expect(await fullListing(second.url, TOKEN)).toEqual(before);
  // The service account's public key was kept: it is listed on the console's controls page.
  expect(await (await fetch(`${second.url}/_ui/controls`)).text()).toContain("kept-account@svc-emulator.iam.gserviceaccount.com");
});

it("has each change on disk before its response is sent", async () => {
  const dataDir = path.join(folder, "data");
  const { url } = await start({ dataDir });
  const created = await fetch(`${url}/dns/v1/projects/p/managedZones`, {
    method: "POST",
    headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
    body: JSON.stringify({ name: "durable", dnsName: "durable.example.", description: "" }),
  });
  expect(created.status).toBe(200);
  // Read at once, while the emulator runs: no close, no flush asked for.
  expect(readFileSync(path.join(dataDir, "dns.json"), "utf8")).toContain('"name":"durable"');
  const deleted = await fetch(`${url}/dns/v1/projects/p/managedZones/durable`, { method: "DELETE", headers: { authorization: `Bearer ${TOKEN}` } });
  expect(deleted.status).toBe(204);
  expect(readFileSync(path.join(dataDir, "dns.json"), "utf8")).not.toContain('"name":"durable"');
});

it("imports a folder without writing to it, and exports every API's state on exit", async () => {
  const exported = path.join(folder, "exported");
  const first = await start({ exportOnExit: exported });
  await populate(first.url, TOKEN);
  await settled(first.url, TOKEN);
  const before = await fullListing(first.url, TOKEN);
  await stop(first.emulator);

  const files = (): string =>
    ["dns", "calendar", "ci", "quotas", "codehost", "tokens"].map((api) => readFileSync(path.join(exported, `${api}.json`), "utf8")).join();
  const saved = files();
  const second = await start({ importDir: exported });
  expect(await fullListing(second.url, TOKEN)).toEqual(before);
  await fetch(`${second.url}/_emulator/reset`, { method: "POST" });
  await stop(second.emulator);
  expect(files()).toBe(saved);
});

it("refuses a file that is not a saved state, naming it, and a folder another emulator uses", async () => {
  const dataDir = path.join(folder, "data");
  const { emulator } = await start({ dataDir });
  expect(() => createEmulator({ dataDir })).toThrow(/data folder of another emulator .*\(pid \d+\)/);
  await stop(emulator);

  writeFileSync(path.join(dataDir, "dns.json"), JSON.stringify({ format: 1, api: "dns", savedAt: "", state: { zones: "many" } }));
  expect(() => createEmulator({ dataDir })).toThrow(/saved state of 'dns' does not fit this emulator[\s\S]*zones/);
  writeFileSync(path.join(dataDir, "dns.json"), "{ cut sho");
  expect(() => createEmulator({ dataDir })).toThrow(/dns\.json is not JSON/);
});
